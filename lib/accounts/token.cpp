#include "accounts/token.hpp"

#include <fcntl.h>
#include <jwt/jwt.hpp>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/random.hpp"

namespace camp::accounts {
namespace {
Error unauthenticated(std::string detail) {
  return std::move(Error(errc::unauthenticated, std::string(msg::login_required)).with_detail(std::move(detail)));
}
}  // namespace

bool signature_matches(std::string_view token, std::string_view secret) {
  const auto last_dot = token.rfind('.');
  if (last_dot == std::string_view::npos || token.find('.') == last_dot) return false;
  const auto signed_part = token.substr(0, last_dot);
  const auto given = token.substr(last_dot + 1);
  if (sodium_init() < 0) return false;
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(signed_part.data()), signed_part.size());
  crypto_auth_hmacsha256_final(&state, mac);
  // Compare the encoded text: exactly one spelling of the signature is accepted.
  char expected[sodium_base64_ENCODED_LEN(crypto_auth_hmacsha256_BYTES, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(expected, sizeof expected, mac, sizeof mac, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  const std::string_view want(expected);
  // The length is public (always 43); only the bytes are compared in constant time.
  return given.size() == want.size() && sodium_memcmp(given.data(), want.data(), want.size()) == 0;
}

TokenSigner::TokenSigner(std::string secret) : secret_(std::move(secret)) {
  if (secret_.size() < 32) throw Error(errc::invalid, "jwt_secret must be at least 32 characters");
}

std::string TokenSigner::sign(const TokenClaims& c) const {
  jwt::jwt_object obj{jwt::params::algorithm("HS256"), jwt::params::secret(secret_)};
  obj.add_claim("sub", std::to_string(c.account_id));
  obj.add_claim("role", c.role);
  obj.add_claim("jti", c.jti);
  obj.add_claim("iat", c.issued_at);
  obj.add_claim("exp", c.expires_at);
  return obj.signature();
}

TokenClaims TokenSigner::verify(std::string_view token) const {
  if (token.empty() || token.size() > 4096) throw unauthenticated("empty or oversized token");
  // cpp-jwt compares signatures with ==, which leaks how many leading bytes matched: check the
  // HMAC in constant time first, so cpp-jwt only ever sees correctly signed tokens.
  if (!signature_matches(token, secret_)) throw unauthenticated("bad signature");
  std::error_code ec;
  jwt::jwt_object obj;
  try {
    obj = jwt::decode(jwt::string_view(token.data(), token.size()), jwt::params::algorithms({"HS256"}), ec,
                      jwt::params::secret(secret_), jwt::params::verify(true));
  } catch (const std::exception& e) {
    throw unauthenticated(e.what());
  }
  if (ec) throw unauthenticated(ec.message());
  if (obj.header().algo() != jwt::algorithm::HS256) throw unauthenticated("algorithm not allowed");
  const auto& p = obj.payload();
  for (const char* claim : {"sub", "role", "jti", "iat", "exp"})
    if (!p.has_claim(claim)) throw unauthenticated(std::string("missing claim ") + claim);
  try {
    TokenClaims c;
    c.account_id = std::stoll(p.get_claim_value<std::string>("sub"));
    c.role = p.get_claim_value<std::string>("role");
    c.jti = p.get_claim_value<std::string>("jti");
    c.issued_at = p.get_claim_value<std::int64_t>("iat");
    c.expires_at = p.get_claim_value<std::int64_t>("exp");
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::system_clock::now().time_since_epoch()).count();
    if (c.expires_at <= now) throw unauthenticated("expired");
    return c;
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw unauthenticated(std::string("bad claims: ") + e.what());
  }
}

void check_secret_file_mode(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;  // not there yet: created 0600 below
  if (st.st_mode & (S_IRWXG | S_IRWXO))
    throw Error(errc::invalid, path + " is readable or writable by group or others (anyone who can read it can forge "
                                      "sessions): run `chmod 600 " + path + "` and start again");
}

std::string load_or_create_jwt_secret(const std::string& configured, const std::string& file, const std::string& data_dir) {
  if (!configured.empty()) return configured;
  namespace fs = std::filesystem;
  if (!file.empty()) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) throw Error(errc::invalid, "jwt_secret_file " + file + " is not a readable file");
    check_secret_file_mode(file);
    std::ifstream in(file);
    std::string secret;
    std::getline(in, secret);
    if (secret.size() < 32) throw Error(errc::invalid, "jwt_secret_file " + file + ": the key must be at least 32 characters");
    return secret;
  }
  fs::create_directories(data_dir);
  const auto path = (fs::path(data_dir) / "jwt_secret").string();
  check_secret_file_mode(path);
  // O_EXCL: when two processes start at once, exactly one writes and both read the same.
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd >= 0) {
    const auto secret = random_hex(32);
    const bool ok = ::write(fd, secret.data(), secret.size()) == static_cast<ssize_t>(secret.size()) && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok) throw Error(errc::internal, "cannot write " + path);
    return secret;
  }
  for (int attempt = 0; attempt < 50; ++attempt) {
    std::ifstream in(path);
    std::string secret;
    std::getline(in, secret);
    if (secret.size() >= 32) return secret;
    usleep(10000);  // the other process is still writing it
  }
  throw Error(errc::internal, "cannot read a usable secret from " + path);
}

}  // namespace camp::accounts
