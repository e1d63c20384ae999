#include "accounts/verified_tokens.hpp"

#include <cstring>

namespace camp::accounts {

VerifiedTokens::VerifiedTokens() { crypto_shorthash_keygen(key_); }

std::uint64_t VerifiedTokens::key_of(std::string_view token) const {
  unsigned char out[crypto_shorthash_BYTES];
  crypto_shorthash(out, reinterpret_cast<const unsigned char*>(token.data()), token.size(), key_);
  std::uint64_t key = 0;
  std::memcpy(&key, out, sizeof key);
  return key;
}

std::optional<TokenClaims> VerifiedTokens::find(std::string_view token, std::int64_t now_seconds) {
  const auto key = key_of(token);
  std::lock_guard lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  const auto& [known, claims] = it->second;
  // Equal keys are not proof: compare the whole token, in constant time.
  if (known.size() != token.size() || sodium_memcmp(known.data(), token.data(), token.size()) != 0) return std::nullopt;
  if (claims.expires_at <= now_seconds) {
    entries_.erase(it);
    return std::nullopt;
  }
  return claims;
}

void VerifiedTokens::put(std::string_view token, const TokenClaims& claims) {
  const auto key = key_of(token);
  std::lock_guard lock(mutex_);
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_[key] = {std::string(token), claims};
}

}  // namespace camp::accounts
