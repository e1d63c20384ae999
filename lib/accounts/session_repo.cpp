#include "accounts/session_repo.hpp"

#include <algorithm>
#include <cmath>

#include "db/arrays.hpp"

namespace camp::accounts::session_repo {
namespace {

constexpr db::Statement kInsert{
    "sessions.insert",
    "INSERT INTO sessions (id, account_id, expires_at, client_address, user_agent) "
    "VALUES ($1, $2, to_timestamp($3), $4, left($5, 512))"};
// (An ended session announces its account to every daemon's session cache: migration 0045.)
constexpr db::Statement kRevoke{
    "sessions.revoke",
    "UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING account_id"};
constexpr db::Statement kEndSessions{
    "sessions.end_all",
    "WITH r AS (UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL "
    "AND id IS DISTINCT FROM $2 RETURNING expires_at > now() AS live), "
    "f AS (DELETE FROM calendar_feeds WHERE account_id = $1) "
    "SELECT count(*) FROM r WHERE live"};
constexpr db::Statement kLiveFailures{
    "throttles.live",
    "SELECT key, failures, EXTRACT(EPOCH FROM window_started_at + make_interval(secs => $2) - now()) "
    "FROM login_throttles WHERE key = ANY($1::text[]) AND window_started_at + make_interval(secs => $2) > now()"};
constexpr db::Statement kFailures{
    "throttles.failures",
    "INSERT INTO login_throttles AS t (key, failures, window_started_at) "
    "SELECT DISTINCT k, 1, now() FROM unnest($1::text[]) AS k "
    "ON CONFLICT (key) DO UPDATE SET "
    "failures = CASE WHEN t.window_started_at + make_interval(secs => $2) <= now() THEN 1 ELSE t.failures + 1 END, "
    "window_started_at = CASE WHEN t.window_started_at + make_interval(secs => $2) <= now() "
    "THEN now() ELSE t.window_started_at END"};
constexpr db::Statement kClear{"throttles.clear", "DELETE FROM login_throttles WHERE key = $1"};
// Bounded deletes (ctid batches): a big backlog never becomes one long lock-holding statement.
constexpr db::Statement kPruneThrottles{
    "throttles.prune",
    "DELETE FROM login_throttles WHERE ctid IN (SELECT ctid FROM login_throttles "
    "WHERE window_started_at < to_timestamp($1) - make_interval(secs => $2) LIMIT $3)"};
constexpr db::Statement kPruneSessions{
    "sessions.prune",
    "DELETE FROM sessions WHERE ctid IN (SELECT ctid FROM sessions WHERE expires_at < to_timestamp($1) "
    "OR revoked_at < to_timestamp($1) - interval '1 day' LIMIT $2)"};

}  // namespace

void insert(db::Tx& tx, const std::string& id, std::int64_t account_id, std::int64_t expires_at,
            const std::string& client_address, const std::string& user_agent) {
  tx.exec(kInsert, id, account_id, expires_at, client_address, user_agent);
}

bool revoke(db::Tx& tx, const std::string& id) {
  return tx.exec(kRevoke, id).size() == 1;
}

int end_sessions(db::Tx& tx, std::int64_t account_id, const std::optional<std::string>& keep) {
  return tx.exec(kEndSessions, account_id, keep)[0][0].as<int>();
}

std::vector<FailureCount> live_failures(db::Tx& tx, const std::vector<std::string>& keys, int window_seconds) {
  std::vector<FailureCount> out;
  for (const auto& r : tx.exec(kLiveFailures, db::text_array(keys), window_seconds))
    out.push_back({r[0].as<std::string>(), r[1].as<int>(), std::max(1, static_cast<int>(std::ceil(r[2].as<double>())))});
  return out;
}

void record_failures(db::Tx& tx, const std::vector<std::string>& keys, int window_seconds) {
  tx.exec(kFailures, db::text_array(keys), window_seconds);
}

void clear_failures(db::Tx& tx, const std::string& key) {
  tx.exec(kClear, key);
}

int prune_throttles(db::Tx& tx, std::int64_t now_epoch, int window_seconds, int batch) {
  return static_cast<int>(tx.exec(kPruneThrottles, now_epoch, window_seconds, batch).affected_rows());
}

int prune_sessions(db::Tx& tx, std::int64_t now_epoch, int batch) {
  return static_cast<int>(tx.exec(kPruneSessions, now_epoch, batch).affected_rows());
}

}  // namespace camp::accounts::session_repo
