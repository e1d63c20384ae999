#pragma once
// The only SQL about sessions and login throttling. Every function runs in the caller's
// transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"

// Every statement that ends an account's sessions (a password reset, an e-mail change,
// `camp sessions revoke`) drops its calendar feed token in the same statement too: the old feed
// URL answers 404 at once, and the next GET /api/v1/calendar_feed makes a new one
// (docs/events.md). A CTE for the statement's WITH; `account` is an SQL expression.
#define CAMP_SQL_DROP_CALENDAR_FEED(account) "f AS (DELETE FROM calendar_feeds WHERE account_id = " account ")"

namespace camp::accounts::session_repo {

void insert(db::Tx& tx, const std::string& id, std::int64_t account_id, std::int64_t expires_at,
            const std::string& client_address, const std::string& user_agent);
bool revoke(db::Tx& tx, const std::string& id);
int revoke_all(db::Tx& tx, std::int64_t account_id);

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
