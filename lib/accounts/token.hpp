#pragma once
// JWT (HS256 only) for API sessions. The jti names a row of the sessions table, which is what
// makes logout and revocation immediate.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

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

// Whether the token's third part is the HS256 signature of its first two under `secret`,
// compared in constant time (libsodium). Says nothing about the header or the claims.
bool signature_matches(std::string_view token, std::string_view secret);

// Refuses (Error invalid, saying `chmod 600`) a secret file that group or others may access.
void check_secret_file_mode(const std::string& path);

// The configured secret; else the one in `file` (the operator's, never created: it must exist,
// mode 0600, at least 32 characters); else the one kept in data_dir/jwt_secret (created on
// first use, mode 0600; an existing file with a looser mode is refused). Never logged.
std::string load_or_create_jwt_secret(const std::string& configured, const std::string& file, const std::string& data_dir);

}  // namespace camp::accounts
