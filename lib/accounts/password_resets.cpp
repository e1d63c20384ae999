#include "accounts/password_resets.hpp"

#include <cmath>

#include "accounts/link_token.hpp"
#include "accounts/password.hpp"
#include "accounts/password_reset_repo.hpp"
#include "accounts/session_repo.hpp"
#include "core/address_group.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "mail/outbox.hpp"

namespace camp::accounts {
namespace {

Error reset_link_invalid() { return Error(errc::not_found, std::string(msg::password_reset_link_invalid)); }

// The open reset of a link token: found by its hash, the stored hash compared again.
template <class Find>
std::optional<password_reset_repo::OpenReset> find_open(db::Tx& tx, Find find, std::string_view token, TimePoint now) {
  const auto hash = link_token_hash(token);
  auto found = find(tx, hash, now);
  if (!found || !same_hash(found->token_hash, hash)) return std::nullopt;
  return found;
}

}  // namespace

void validate_new_password(const NewPassword& input, FieldErrors& errors) {
  if (auto m = validate::password(input.password)) errors["password"].push_back(*m);
  if (input.confirmation.empty())
    errors["password_confirmation"].push_back(std::string(msg::password_confirmation_required));
  else if (input.confirmation != input.password)
    errors["password_confirmation"].push_back(std::string(msg::password_confirmation_mismatch));
}

std::string PasswordResetService::edit_url(std::string_view token) const {
  return public_url_ + "/reset-password/" + std::string(token) + "/edit";
}

void PasswordResetService::request(const ResetRequest& in) {
  const auto email = text::trim(in.email, " \t");
  FieldErrors errors;
  if (auto m = validate::email(email)) errors["email"].push_back(*m);
  throw_if_invalid(errors);

  const auto now = clock_.now();
  const std::vector<std::string> keys{"reset:email:" + text::lower_ascii(email), "reset:address:" + address_group(in.client_address)};
  pool_.transaction([&](db::Tx& tx) {
    int retry_after = 0;
    for (const auto& c : password_reset_repo::count_requests(tx, keys, limits_.window_seconds)) {
      const auto limit = c.key == keys[0] ? limits_.password_resets_per_email : limits_.password_resets_per_address;
      if (c.requests > limit) retry_after = std::max({retry_after, 1, static_cast<int>(std::ceil(c.seconds_left))});
    }
    if (retry_after > 0)
      throw Error(errc::too_many_requests, std::string(msg::password_reset_throttled)).with_retry_after(retry_after);

    const auto account = password_reset_repo::find_account(tx, email);
    if (!account) return;  // the same answer: nothing tells an unknown e-mail apart
    const auto token = new_link_token();
    password_reset_repo::insert_reset(tx, account->id, link_token_hash(token), now, now + kPasswordResetLifetime,
                                      in.client_address);
    mail::enqueue(tx, {.to = account->email,
                       .template_name = "password_reset",
                       .values = {{"name", account->display_name}},
                       .links = {{"url", edit_url(token)}}});
  });
}

TimePoint PasswordResetService::check(std::string_view token) {
  if (!well_formed_link_token(token)) throw reset_link_invalid();
  const auto found = pool_.autocommit([&](db::Tx& tx) { return find_open(tx, password_reset_repo::find_open_reset, token, clock_.now()); });
  if (!found) throw reset_link_invalid();
  return found->expires_at;
}

void PasswordResetService::reset(std::string_view token, const NewPassword& input) {
  check(token);  // cheap: no password is hashed for a dead link
  FieldErrors errors;
  validate_new_password(input, errors);
  throw_if_invalid(errors);
  const auto hash = hash_password(input.password);  // slow (argon2id): outside any transaction
  const auto account_id = pool_.transaction([&](db::Tx& tx) {
    const auto now = clock_.now();
    // A parallel reset waits, then finds it used.
    const auto found = find_open(tx, password_reset_repo::lock_open_reset, token, now);
    if (!found) throw reset_link_invalid();
    password_reset_repo::reset_password(tx, found->account_id, hash, now);
    session_repo::end_sessions(tx, found->account_id);
    return found->account_id;
  });
  if (cache_) cache_->forget_account(account_id);
}

}  // namespace camp::accounts
