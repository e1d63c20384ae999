#pragma once
// Verified sessions kept in memory for a short while, so an authenticated request needs no
// database round trip. Correct across daemons because every change that could make an entry
// wrong (logout, revocation, role or profile change) is announced with pg_notify by the SQL
// that makes it, and each daemon's listener drops the account's entries. While the listener
// is not connected the cache is off, so a missed notification cannot keep a revoked session.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "accounts/model.hpp"

namespace camp::accounts {

inline constexpr const char* kSessionsStream = "sessions";

class SessionCache {
 public:
  explicit SessionCache(std::chrono::seconds ttl = std::chrono::seconds(30)) : ttl_(ttl) {}

  std::optional<Account> find(const std::string& session_id, std::int64_t account_id);
  // Take it before reading the database; put() keeps nothing if anything was forgotten since,
  // so a read that raced with a revocation is never cached.
  std::uint64_t epoch() const { return epoch_.load(); }
  void put(const std::string& session_id, const Account& account, std::uint64_t epoch_before_read);
  void forget_account(std::int64_t account_id);
  // Off: everything is forgotten and nothing is kept until it is switched on again.
  void set_enabled(bool enabled);

 private:
  struct Entry {
    Account account;
    std::chrono::steady_clock::time_point until;
  };
  static constexpr std::size_t kMaxEntries = 100000;

  std::chrono::seconds ttl_;
  std::atomic<std::uint64_t> epoch_{0};
  std::mutex mutex_;
  bool enabled_ = false;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace camp::accounts
