#include "tokens/service.hpp"

#include <algorithm>

#include "accounts/link_token.hpp"
#include "accounts/repo.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "questionnaires/audit.hpp"
#include "tokens/repo.hpp"
#include "tokens/scope.hpp"

namespace camp::tokens {
namespace {

namespace audit = questionnaires::audit;

Error unauthenticated(std::string_view message, const char* reason) {
  return Error(errc::unauthenticated, std::string(message)).with_reason(reason);
}

// The request with its name trimmed and its scopes in the settings' order, or a 422.
NewToken checked(const NewToken& in) {
  NewToken out;
  out.name = text::valid_utf8(in.name) ? text::trim(in.name) : in.name;
  out.expires_in_days = in.expires_in_days;
  FieldErrors errors;
  if (!text::valid_utf8(out.name) || !text::one_line(out.name))
    errors["name"].emplace_back(msg::forbidden_character);
  else if (out.name.empty())
    errors["name"].emplace_back(msg::access_token_name_required);
  else if (validate::char_count(out.name) > limits::access_token_name_max)
    errors["name"].emplace_back(msg::access_token_name_too_long);
  for (const auto scope : all_scopes())
    if (std::find(in.scopes.begin(), in.scopes.end(), scope) != in.scopes.end()) out.scopes.emplace_back(scope);
  if (std::any_of(in.scopes.begin(), in.scopes.end(), [](const auto& s) { return !known_scope(s); }))
    errors["scopes"].emplace_back(msg::access_token_scope_unknown);
  else if (out.scopes.empty())
    errors["scopes"].emplace_back(msg::access_token_scopes_required);
  if (in.expires_in_days < 1 || in.expires_in_days > limits::access_token_days_max)
    errors["expires_in_days"].emplace_back(msg::access_token_days_range);
  throw_if_invalid(errors);
  return out;
}

std::string subject_of(const AccessToken& t) { return "token " + std::to_string(t.id); }

}  // namespace

void TokenService::check_owner(const accounts::Account& actor, std::optional<std::int64_t> owner_id) const {
  if (actor.is_system()) return;
  if (!owner_id || *owner_id != actor.id) throw Error(errc::not_found, std::string(msg::not_found));
}

Created TokenService::create(const accounts::Account& actor, std::int64_t owner_id, const NewToken& request) {
  check_owner(actor, owner_id);
  const auto token = checked(request);
  Created out;
  out.secret = std::string(kSecretPrefix) + accounts::new_link_token();
  out.token = pool_.transaction([&](db::Tx& tx) {
    // Locked: two creations of one account cannot both take the last place.
    const auto owner = accounts::repo::lock(tx, owner_id);
    if (!owner) throw Error(errc::not_found, std::string(msg::not_found));
    if (two_factor_.must_enrol(*owner))
      throw Error(errc::forbidden, std::string(msg::two_factor_enrolment_required));
    if (repo::count_live(tx, owner_id) >= limits::access_tokens_per_account_max)
      throw Error(errc::invalid, std::string(msg::access_tokens_too_many));
    auto created = repo::insert(tx, owner_id, token, accounts::link_token_hash(out.secret));
    audit::record(tx, audit::actor_of(actor), "access_token.create", subject_of(created), "",
                  {{"account_id", owner_id}, {"scopes", created.scopes}, {"expires_at", iso_school(created.expires_at)}});
    return created;
  });
  return out;
}

std::vector<AccessToken> TokenService::list(const accounts::Account& actor, std::optional<std::int64_t> owner_id) {
  check_owner(actor, owner_id);
  return pool_.autocommit([&](db::Tx& tx) { return repo::list(tx, owner_id); });
}

AccessToken TokenService::revoke(const accounts::Account& actor, std::optional<std::int64_t> owner_id,
                                 std::int64_t token_id) {
  check_owner(actor, owner_id);
  return pool_.transaction([&](db::Tx& tx) {
    auto revoked = repo::revoke(tx, token_id, owner_id);
    if (!revoked) throw Error(errc::not_found, std::string(msg::not_found));
    audit::record(tx, audit::actor_of(actor), "access_token.revoke", subject_of(*revoked), "",
                  {{"account_id", revoked->account_id}});
    return std::move(*revoked);
  });
}

TokenUse TokenService::authenticate(std::string_view secret) {
  const auto invalid = [] { return unauthenticated(msg::access_token_invalid, "token_invalid"); };
  if (secret.substr(0, kSecretPrefix.size()) != kSecretPrefix ||
      !accounts::well_formed_link_token(secret.substr(kSecretPrefix.size())))
    throw invalid();
  const auto hash = accounts::link_token_hash(secret);
  return pool_.autocommit([&](db::Tx& tx) {
    auto found = repo::find_and_touch(tx, hash);
    if (!found || !found->owner_active) throw invalid();
    if (found->token.revoked_at) throw unauthenticated(msg::access_token_revoked, "token_revoked");
    if (found->expired) throw unauthenticated(msg::access_token_expired, "token_expired");
    auto owner = accounts::repo::find_by_id(tx, found->token.account_id);
    if (!owner) throw invalid();
    return TokenUse{std::move(*owner), std::move(found->token)};
  });
}

void TokenService::record_use(const TokenUse& use, std::string_view scope, const std::string& what) {
  pool_.autocommit([&](db::Tx& tx) {
    audit::record(tx, audit::actor_of(use.owner), "access_token.use", subject_of(use.token), "",
                  {{"token_id", use.token.id}, {"scope", std::string(scope)}, {"request", what}});
  });
}

}  // namespace camp::tokens
