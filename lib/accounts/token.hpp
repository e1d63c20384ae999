#pragma once
// JWT (HS256 only) for API sessions. The jti names a row of the sessions table, which is what
// makes logout and revocation immediate.
#include <chrono>
#include <cstdint>
#include <string>

#include "accounts/model.hpp"

namespace camp::accounts {

struct TokenClaims {
  std::int64_t account_id = 0;  // sub
  std::string role;
  std::string jti;
  std::int64_t issued_at = 0;   // iat, seconds since the epoch
  std::int64_t expires_at = 0;  // exp
};

class TokenSigner {
 public:
  explicit TokenSigner(std::string secret);
  std::string sign(const TokenClaims& claims) const;
  // Throws Error(unauthenticated) for anything but a well-formed, unexpired HS256 token
  // signed with our secret.
  TokenClaims verify(std::string_view token) const;

 private:
  std::string secret_;
};

// The configured secret, or the one kept in data_dir/jwt_secret (created on first use,
// mode 0600, never logged).
std::string load_or_create_jwt_secret(const std::string& configured, const std::string& data_dir);

}  // namespace camp::accounts
