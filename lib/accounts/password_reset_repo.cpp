#include "accounts/password_reset_repo.hpp"

#include "accounts/link_token.hpp"
#include "db/arrays.hpp"

namespace camp::accounts::password_reset_repo {
namespace {

// Requests are counted in login_throttles (the login throttle's table and pruning) under keys
// of their own. A refused request rolls its own count back.
constexpr db::Statement kCount{
    "password_resets.count",
    "INSERT INTO login_throttles AS t (key, failures, window_started_at) "
    "SELECT DISTINCT k, 1, now() FROM unnest($1::text[]) AS k "
    "ON CONFLICT (key) DO UPDATE SET "
    "failures = CASE WHEN t.window_started_at + make_interval(secs => $2) <= now() THEN 1 ELSE t.failures + 1 END, "
    "window_started_at = CASE WHEN t.window_started_at + make_interval(secs => $2) <= now() "
    "THEN now() ELSE t.window_started_at END "
    "RETURNING key, failures, EXTRACT(EPOCH FROM window_started_at + make_interval(secs => $2) - now())"};
constexpr db::Statement kAccount{
    "password_resets.account", "SELECT id, email, display_name FROM people WHERE lower(email) = lower($1) AND anonymised_at IS NULL"};
constexpr db::Statement kInsert{
    "password_resets.insert",
    "INSERT INTO password_resets (account_id, token_hash, created_at, expires_at, client_address) "
    "VALUES ($1, decode($2, 'hex'), to_timestamp($3), to_timestamp($4), $5)"};
#define CAMP_OPEN_RESET                                                                              \
  "SELECT account_id, encode(token_hash, 'hex'), extract(epoch FROM expires_at)::float8 "           \
  "FROM password_resets WHERE token_hash = decode($1, 'hex') AND used_at IS NULL "                   \
  "AND expires_at > to_timestamp($2)"
constexpr db::Statement kFind{"password_resets.find", CAMP_OPEN_RESET};
constexpr db::Statement kFindForUpdate{"password_resets.find_for_update", CAMP_OPEN_RESET " FOR UPDATE"};
constexpr db::Statement kReset{
    "password_resets.reset",
    "WITH u AS (UPDATE accounts SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING id) "
    "UPDATE password_resets SET used_at = to_timestamp($3) WHERE account_id = (SELECT id FROM u) AND used_at IS NULL"};

std::optional<OpenReset> open_reset(db::Tx& tx, const db::Statement& st, const std::string& token_hash, TimePoint now) {
  const auto rows = tx.exec(st, token_hash, epoch_seconds(now));
  if (rows.empty()) return std::nullopt;
  return OpenReset{rows[0][0].as<std::int64_t>(), rows[0][1].as<std::string>(),
                   from_epoch_seconds(rows[0][2].as<double>())};
}

}  // namespace

std::vector<RequestCount> count_requests(db::Tx& tx, const std::vector<std::string>& keys, int window_seconds) {
  std::vector<RequestCount> out;
  for (const auto& r : tx.exec(kCount, db::text_array(keys), window_seconds))
    out.push_back({r[0].as<std::string>(), r[1].as<int>(), r[2].as<double>()});
  return out;
}

std::optional<ResetAccount> find_account(db::Tx& tx, const std::string& email) {
  const auto rows = tx.exec(kAccount, email);
  if (rows.empty()) return std::nullopt;
  return ResetAccount{rows[0][0].as<std::int64_t>(), rows[0][1].as<std::string>(), rows[0][2].as<std::string>()};
}

void insert_reset(db::Tx& tx, std::int64_t account_id, const std::string& token_hash, TimePoint created_at,
                  TimePoint expires_at, const std::string& client_address) {
  tx.exec(kInsert, account_id, token_hash, epoch_seconds(created_at), epoch_seconds(expires_at), client_address);
}

std::optional<OpenReset> find_open_reset(db::Tx& tx, const std::string& token_hash, TimePoint now) {
  return open_reset(tx, kFind, token_hash, now);
}

std::optional<OpenReset> lock_open_reset(db::Tx& tx, const std::string& token_hash, TimePoint now) {
  return open_reset(tx, kFindForUpdate, token_hash, now);
}

void reset_password(db::Tx& tx, std::int64_t account_id, const std::string& password_hash, TimePoint used_at) {
  tx.exec(kReset, account_id, password_hash, epoch_seconds(used_at));
}

}  // namespace camp::accounts::password_reset_repo
