#pragma once
// Personal access tokens (docs/tokens.md): an account's named, scoped, expiring credentials for
// scripts and the remote `camp`. The secret (kSecretPrefix + 256 random bits, base64url) is
// shown once; only its SHA-256 is stored. A request with one acts as its owner, with the owner's
// role, within its scopes (tokens/scope.hpp); which scope a route needs is the daemon's
// business (the route table). Creating, listing and revoking take a session, never a token.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/model.hpp"
#include "accounts/two_factor.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "tokens/model.hpp"

namespace camp::tokens {

struct Created {
  AccessToken token;
  std::string secret;  // shown this once
};

class TokenService {
 public:
  TokenService(db::Pool& pool, const accounts::TwoFactorService& two_factor, const Clock& clock)
      : pool_(pool), two_factor_(two_factor), clock_(clock) {}

  // A new token of `owner_id` for its owner (or the system actor: `camp tokens create`); audited.
  // 422 on fields name, scopes, expires_in_days; 422 past limits::access_tokens_per_account_max
  // live tokens; 403 for a role that must use two-factor login while it has none; 404 for
  // another account's or an unknown owner.
  Created create(const accounts::Account& actor, std::int64_t owner_id, const NewToken& request);
  // The owner's tokens that are not revoked (every account's, for the system actor and no owner).
  std::vector<AccessToken> list(const accounts::Account& actor, std::optional<std::int64_t> owner_id);
  // Revokes one of the owner's tokens (any token, for the system actor and no owner); audited.
  // Another account's token, a revoked or an unknown one: 404.
  AccessToken revoke(const accounts::Account& actor, std::optional<std::int64_t> owner_id, std::int64_t token_id);

  // The owner and the token behind a secret. 401 with reason token_invalid (malformed, unknown,
  // the owner anonymised), token_revoked or token_expired; never names the secret.
  TokenUse authenticate(std::string_view secret);
  // One audit row for a use of a personal-data scope, before the data is read: the token's id,
  // the scope and the request (`what`: method and path), never the secret.
  void record_use(const TokenUse& use, std::string_view scope, const std::string& what);

  TimePoint now() const { return clock_.now(); }

 private:
  void check_owner(const accounts::Account& actor, std::optional<std::int64_t> owner_id) const;

  db::Pool& pool_;
  const accounts::TwoFactorService& two_factor_;
  const Clock& clock_;
};

}  // namespace camp::tokens
