#include "accounts/password_resets.hpp"

#include <cmath>

#include "accounts/link_token.hpp"
#include "accounts/password.hpp"
#include "accounts/session_repo.hpp"
#include "core/address_group.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "db/arrays.hpp"
#include "mail/outbox.hpp"

namespace camp::accounts {
namespace {

// Requests are counted in login_throttles (the login throttle's table and pruning) under keys
// of their own; counting and reading the count is one statement, so parallel requests cannot
// both take the last slot. A refused request rolls its own count back.
constexpr db::Statement kCount{
    "password_resets.count",
    "INSERT INTO login_throttles AS t (key, failures, window_started_at) "
    "SELECT DISTINCT k, 1, now() FROM unnest($1::text[]) AS k "
    "ON CONFLICT (key) DO UPDATE SET "
    "failures = CASE WHEN t.window_started_at + make_interval(secs => $2) <= now() THEN 1 ELSE t.failures + 1 END, "
    "window_started_at = CASE WHEN t.window_started_at + make_interval(secs => $2) <= now() "
    "THEN now() ELSE t.window_started_at END "
    "RETURNING key, failures, EXTRACT(EPOCH FROM window_started_at + make_interval(secs => $2) - now())"};
constexpr db::Statement kAccount{
    "password_resets.account", "SELECT id, email, nickname FROM accounts WHERE lower(email) = lower($1)"};
constexpr db::Statement kInsert{
    "password_resets.insert",
    "INSERT INTO password_resets (account_id, token_hash, created_at, expires_at, client_address) "
    "VALUES ($1, decode($2, 'hex'), to_timestamp($3), to_timestamp($4), $5)"};
#define CAMP_OPEN_RESET                                                                              \
  "SELECT account_id, encode(token_hash, 'hex'), extract(epoch FROM expires_at)::float8 "           \
  "FROM password_resets WHERE token_hash = decode($1, 'hex') AND used_at IS NULL "                   \
  "AND expires_at > to_timestamp($2)"
constexpr db::Statement kFind{"password_resets.find", CAMP_OPEN_RESET};
constexpr db::Statement kFindForUpdate{"password_resets.find_for_update", CAMP_OPEN_RESET " FOR UPDATE"};
// New password and every open token of the account used up; session_repo::end_sessions ends
// its sessions (and calendar feed) in the same transaction.
constexpr db::Statement kReset{
    "password_resets.reset",
    "WITH u AS (UPDATE accounts SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING id) "
    "UPDATE password_resets SET used_at = to_timestamp($3) WHERE account_id = (SELECT id FROM u) AND used_at IS NULL"};

Error link_invalid() { return Error(errc::not_found, std::string(msg::password_reset_link_invalid)); }

struct OpenReset {
  std::int64_t account_id;
  TimePoint expires_at;
};

std::optional<OpenReset> find_open(db::Tx& tx, const db::Statement& st, std::string_view token, TimePoint now) {
  const auto hash = link_token_hash(token);
  const auto rows = tx.exec(st, hash, epoch_seconds(now));
  if (rows.empty() || !same_hash(rows[0][1].as<std::string>(), hash)) return std::nullopt;
  return OpenReset{rows[0][0].as<std::int64_t>(), from_epoch_seconds(rows[0][2].as<double>())};
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
    for (const auto& r : tx.exec(kCount, db::text_array(keys), limits_.window_seconds)) {
      const auto limit = r[0].as<std::string>() == keys[0] ? limits_.password_resets_per_email
                                                           : limits_.password_resets_per_address;
      if (r[1].as<int>() > limit)
        retry_after = std::max({retry_after, 1, static_cast<int>(std::ceil(r[2].as<double>()))});
    }
    if (retry_after > 0)
      throw Error(errc::too_many_requests, std::string(msg::password_reset_throttled)).with_retry_after(retry_after);

    const auto account = tx.exec(kAccount, email);
    if (account.empty()) return;  // the same answer: nothing tells an unknown e-mail apart
    const auto token = new_link_token();
    tx.exec(kInsert, account[0][0].as<std::int64_t>(), link_token_hash(token), epoch_seconds(now),
            epoch_seconds(now + kPasswordResetLifetime), in.client_address);
    mail::enqueue(tx, {.to = account[0][1].as<std::string>(),
                       .template_name = "password_reset",
                       .values = {{"nickname", account[0][2].as<std::string>()}},
                       .links = {{"url", edit_url(token)}}});
  });
}

TimePoint PasswordResetService::check(std::string_view token) {
  if (!well_formed_link_token(token)) throw link_invalid();
  const auto found = pool_.autocommit([&](db::Tx& tx) { return find_open(tx, kFind, token, clock_.now()); });
  if (!found) throw link_invalid();
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
    const auto found = find_open(tx, kFindForUpdate, token, now);  // a parallel reset waits, then finds it used
    if (!found) throw link_invalid();
    tx.exec(kReset, found->account_id, hash, epoch_seconds(now));
    session_repo::end_sessions(tx, found->account_id);
    return found->account_id;
  });
  if (cache_) cache_->forget_account(account_id);
}

}  // namespace camp::accounts
