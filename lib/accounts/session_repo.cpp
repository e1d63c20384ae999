#include "accounts/session_repo.hpp"

#include <cmath>

namespace camp::accounts::session_repo {
namespace {

constexpr db::Statement kInsert{
    "sessions.insert",
    "INSERT INTO sessions (id, account_id, expires_at, client_address, user_agent) "
    "VALUES ($1, $2, to_timestamp($3), $4, left($5, 512))"};
// Revocations announce the account on the cable channel (see accounts/session_cache.hpp).
#define CAMP_NOTIFY_ACCOUNT(expr)                                                                 \
  "pg_notify('camp_cable', json_build_object('stream', 'sessions', 'message', "                   \
  "json_build_object('account_id', " expr "))::text)"

constexpr db::Statement kRevoke{
    "sessions.revoke",
    "WITH r AS (UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING account_id) "
    "SELECT " CAMP_NOTIFY_ACCOUNT("r.account_id") " FROM r"};
constexpr db::Statement kRevokeAll{
    "sessions.revoke_all",
    "WITH r AS (UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL "
    "AND expires_at > now() RETURNING 1) SELECT (SELECT count(*) FROM r), " CAMP_NOTIFY_ACCOUNT("$1::bigint")};
constexpr db::Statement kThrottled{
    "throttles.check",
    "SELECT max(EXTRACT(EPOCH FROM window_started_at + make_interval(secs => $5) - now())) "
    "FROM login_throttles WHERE window_started_at + make_interval(secs => $5) > now() "
    "AND ((key = $1 AND failures >= $2) OR (key = $3 AND failures >= $4))"};
constexpr db::Statement kFailure{
    "throttles.failure",
    "INSERT INTO login_throttles AS t (key, failures, window_started_at) VALUES ($1, 1, now()) "
    "ON CONFLICT (key) DO UPDATE SET "
    "failures = CASE WHEN t.window_started_at + make_interval(secs => $2) <= now() THEN 1 ELSE t.failures + 1 END, "
    "window_started_at = CASE WHEN t.window_started_at + make_interval(secs => $2) <= now() "
    "THEN now() ELSE t.window_started_at END"};
constexpr db::Statement kClear{"throttles.clear", "DELETE FROM login_throttles WHERE key = $1"};

}  // namespace

void insert(db::Connection& c, const std::string& id, std::int64_t account_id, std::int64_t expires_at,
            const std::string& client_address, const std::string& user_agent) {
  pqxx::nontransaction tx(c.pq());
  c.exec(tx, kInsert, id, account_id, expires_at, client_address, user_agent);
}

bool revoke(db::Connection& c, const std::string& id) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kRevoke, id).size() == 1;
}

int revoke_all(db::Connection& c, std::int64_t account_id) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kRevokeAll, account_id)[0][0].as<int>();
}

std::optional<int> throttled_for(db::Connection& c, const std::string& email_key, int email_limit,
                                 const std::string& address_key, int address_limit, int window_seconds) {
  pqxx::nontransaction tx(c.pq());
  auto res = c.exec(tx, kThrottled, email_key, email_limit, address_key, address_limit, window_seconds);
  if (res.empty() || res[0][0].is_null()) return std::nullopt;
  return std::max(1, static_cast<int>(std::ceil(res[0][0].as<double>())));
}

void record_failure(db::Connection& c, const std::string& key, int window_seconds) {
  pqxx::nontransaction tx(c.pq());
  c.exec(tx, kFailure, key, window_seconds);
}

void clear_failures(db::Connection& c, const std::string& key) {
  pqxx::nontransaction tx(c.pq());
  c.exec(tx, kClear, key);
}

}  // namespace camp::accounts::session_repo
