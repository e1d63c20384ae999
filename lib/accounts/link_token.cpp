#include "accounts/link_token.hpp"

#include <sodium.h>

#include <cmath>
#include <stdexcept>

namespace camp::accounts {

std::string new_link_token() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  std::string out(sodium_base64_ENCODED_LEN(sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(out.data(), out.size(), bytes, sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(out.find('\0'));
  return out;
}

bool well_formed_link_token(std::string_view token) {
  if (token.size() != kLinkTokenChars) return false;
  for (unsigned char c : token) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

std::string link_token_hash(std::string_view token) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(token.data()), token.size());
  std::string hex(sizeof digest * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), digest, sizeof digest);
  hex.pop_back();
  return hex;
}

bool same_hash(std::string_view a, std::string_view b) {
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

double epoch_seconds(TimePoint t) {
  return std::chrono::duration_cast<std::chrono::microseconds>(t.time_since_epoch()).count() / 1e6;
}

TimePoint from_epoch_seconds(double seconds) {
  // PostgreSQL keeps microseconds: round to them, so a time read back equals the one written.
  return TimePoint(std::chrono::duration_cast<TimePoint::duration>(std::chrono::microseconds(std::llround(seconds * 1e6))));
}

}  // namespace camp::accounts
