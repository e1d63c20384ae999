#pragma once
// Bearer tokens whose signature this process has already checked, so that the same token on
// the next request costs a keyed hash (SipHash, random key) and a constant-time compare
// instead of base64, JSON parsing and two HMACs. Expiry is checked on every use; whether the
// session still exists is the session cache's and the database's business, as before.
#include <sodium.h>

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "accounts/token.hpp"

namespace camp::accounts {

class VerifiedTokens {
 public:
  VerifiedTokens();
  // The claims of `token` if exactly this token was verified before and has not expired.
  std::optional<TokenClaims> find(std::string_view token, std::int64_t now_seconds);
  void put(std::string_view token, const TokenClaims& claims);

 private:
  static constexpr std::size_t kMaxEntries = 100000;
  std::uint64_t key_of(std::string_view token) const;

  unsigned char key_[crypto_shorthash_KEYBYTES];
  std::mutex mutex_;
  std::unordered_map<std::uint64_t, std::pair<std::string, TokenClaims>> entries_;
};

}  // namespace camp::accounts
