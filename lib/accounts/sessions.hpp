#pragma once
// Logging in and out, and turning a bearer token back into an account.
#include <string>

#include "accounts/model.hpp"
#include "accounts/session_cache.hpp"
#include "accounts/token.hpp"
#include "core/config.hpp"
#include "db/pool.hpp"

namespace camp::accounts {

struct LoginRequest {
  std::string email;
  std::string password;
  std::string client_address;
  std::string user_agent;
};

struct Principal {
  Account account;
  std::string session_id;
};

class SessionService {
 public:
  SessionService(db::Pool& pool, TokenSigner signer, RateLimits limits, int ttl_days, SessionCache* cache = nullptr)
      : pool_(pool), signer_(std::move(signer)), limits_(limits), ttl_days_(ttl_days), cache_(cache) {}

  // Returns a signed JWT. Unknown e-mail and wrong password get the same error and
  // cost the same time; failures are throttled per e-mail and per client address.
  std::string login(const LoginRequest& request);
  Principal authenticate(std::string_view bearer_token);
  // The signature and expiry only (no database): for cheap checks on an I/O thread.
  TokenClaims verify_token(std::string_view bearer_token) const { return signer_.verify(bearer_token); }
  void logout(const Principal& principal);
  int revoke_all(std::int64_t account_id);

 private:
  db::Pool& pool_;
  TokenSigner signer_;
  RateLimits limits_;
  int ttl_days_;
  SessionCache* cache_;  // the daemon's; none for the CLI
};

}  // namespace camp::accounts
