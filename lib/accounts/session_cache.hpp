#pragma once
// Verified sessions kept in memory, so an authenticated request needs no database round trip.
// Correct across daemons because every change that could make an entry wrong (logout,
// revocation, role, profile, course, display name, two-factor login) is announced with
// pg_notify by a trigger on the table that changes (migrations 0033, 0036, 0045), whoever
// writes it, and each daemon's listener drops the account's entries. Entries still expire
// after 5 minutes: what no trigger announces (a course renamed) shows by then. The epoch and
// on/off protocol: core/notified_cache.hpp.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "accounts/model.hpp"
#include "core/notified_cache.hpp"

namespace camp::accounts {

inline constexpr const char* kSessionsStream = "sessions";

class SessionCache {
 public:
  explicit SessionCache(std::chrono::seconds ttl = std::chrono::minutes(5)) : sessions_(ttl, kMaxEntries) {}

  std::optional<Account> find(const std::string& session_id, std::int64_t account_id) const;
  // Take it before reading the database; put() keeps nothing if anything was forgotten since,
  // so a read that raced with a revocation is never cached.
  std::uint64_t epoch() const { return sessions_.epoch(); }
  void put(const std::string& session_id, const Account& account, std::uint64_t epoch_before_read) {
    sessions_.put(session_id, account, epoch_before_read);
  }
  void forget_account(std::int64_t account_id) {
    sessions_.forget_if([&](const std::string&, const Account& a) { return a.id == account_id; });
  }
  // Off: everything is forgotten and nothing is kept until it is switched on again.
  void set_enabled(bool enabled) { sessions_.set_enabled(enabled); }

 private:
  static constexpr std::size_t kMaxEntries = 100000;

  NotifiedCache<std::string, Account> sessions_;  // by session id (the token's jti)
};

}  // namespace camp::accounts
