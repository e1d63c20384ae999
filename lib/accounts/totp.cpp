#include "accounts/totp.hpp"

#include <liboath/oath.h>
#include <sodium.h>

#include <cctype>
#include <cstdlib>
#include <mutex>

#include "core/error.hpp"

namespace camp::accounts::totp {
namespace {

void init_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (oath_init() != OATH_OK) throw Error(errc::internal, "liboath failed to initialise");
  });
}

std::string percent_encoded(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '@') out += static_cast<char>(c);
    else out += {'%', kHex[c >> 4], kHex[c & 15]};
  }
  return out;
}

}  // namespace

std::string new_secret() {
  std::string secret(20, '\0');
  randombytes_buf(secret.data(), secret.size());
  return secret;
}

std::string base32(const std::string& secret) {
  init_once();
  char* out = nullptr;
  size_t len = 0;
  if (oath_base32_encode(secret.data(), secret.size(), &out, &len) != OATH_OK)
    throw Error(errc::internal, "base32 encoding failed");
  std::string text(out, len);
  std::free(out);
  while (!text.empty() && text.back() == '=') text.pop_back();
  return text;
}

std::string otpauth_uri(const std::string& secret, std::string_view issuer, std::string_view account) {
  const auto label = percent_encoded(issuer) + ":" + percent_encoded(account);
  return "otpauth://totp/" + label + "?secret=" + base32(secret) + "&issuer=" + percent_encoded(issuer) +
         "&algorithm=SHA1&digits=" + std::to_string(kDigits) + "&period=" + std::to_string(kStepSeconds);
}

std::optional<std::int64_t> matching_step(const std::string& secret, std::string_view code, std::int64_t now) {
  if (code.size() != kDigits) return std::nullopt;
  for (const char c : code)
    if (c < '0' || c > '9') return std::nullopt;
  init_once();
  const std::string otp(code);
  int position = 0;
  uint64_t counter = 0;
  const int rc = oath_totp_validate3(secret.data(), secret.size(), static_cast<time_t>(now), kStepSeconds, 0, 1,
                                     &position, &counter, otp.c_str());
  if (rc < 0) return std::nullopt;
  return static_cast<std::int64_t>(counter);
}

}  // namespace camp::accounts::totp
