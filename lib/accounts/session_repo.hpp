#pragma once
// The only SQL about sessions and login throttling. Every function runs in the caller's
// transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::accounts::session_repo {

void insert(db::Tx& tx, const std::string& id, std::int64_t account_id, std::int64_t expires_at,
            const std::string& client_address, const std::string& user_agent);
bool revoke(db::Tx& tx, const std::string& id);
// The one way to end every session of an account (`camp sessions revoke`, a password reset, a
// changed e-mail): all of them but `keep` (the session making the change, if any) end, its
// calendar feed token goes with them (the old feed URL answers 404 at once; the next
// GET /api/v1/calendar_feed makes a new one, docs/events.md), and the account is announced so
// every daemon drops its cached sessions. How many live sessions ended.
int end_sessions(db::Tx& tx, std::int64_t account_id, const std::optional<std::string>& keep = std::nullopt);

struct FailureCount {
  std::string key;
  int failures = 0;
  int seconds_left = 0;  // until the key's window ends (at least 1)
};
// The counts of those keys whose window is still running.
std::vector<FailureCount> live_failures(db::Tx& tx, const std::vector<std::string>& keys, int window_seconds);
// One more failure for each key (a new window for keys whose window has ended).
void record_failures(db::Tx& tx, const std::vector<std::string>& keys, int window_seconds);
void clear_failures(db::Tx& tx, const std::string& key);

// Housekeeping, at most `batch` rows per call: throttle rows whose window ended, and sessions
// that expired or were revoked more than a day ago. Each returns how many rows went.
int prune_throttles(db::Tx& tx, std::int64_t now_epoch, int window_seconds, int batch);
int prune_sessions(db::Tx& tx, std::int64_t now_epoch, int batch);

}  // namespace camp::accounts::session_repo
