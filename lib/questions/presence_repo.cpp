#include "questions/presence_repo.hpp"

#include "db/arrays.hpp"

namespace camp::questions::presence_repo {
namespace {

// $1 question, $2 account, $3 connection, $4 TTL. Announces the account with its public fields,
// but only when it was not already answering that question (from this or another
// connection): a repeated "answering" refreshes the row and tells nobody.
constexpr db::Statement kStart{
    "presence.start",
    "WITH prior AS (SELECT count(*) AS n FROM question_presences WHERE question_id = $1 AND account_id = $2 "
    "AND heartbeat_at > now() - make_interval(secs => $4)), "
    "up AS (INSERT INTO question_presences (question_id, account_id, connection_id) VALUES ($1, $2, $3) "
    "ON CONFLICT (question_id, account_id, connection_id) DO UPDATE SET heartbeat_at = now() RETURNING 1) "
    "SELECT pg_notify('camp_cable', json_build_object('stream', 'question:' || $1::bigint, 'message', "
    "json_build_object('is_answering', true, 'account', json_build_object('id', a.id, 'display_name', "
    "a.display_name, 'image_url', a.image_url, 'role', a.role)))::text) FROM people a, up, prior WHERE a.id = $2 AND prior.n = 0"};

// Deletes the rows picked by the WHERE clause, then announces each (question, account) that
// has no fresh row left. $1..: see each use.
#define CAMP_ANNOUNCE_STOPPED                                                                               \
  "SELECT pg_notify('camp_cable', json_build_object('stream', 'question:' || d.question_id, 'message', "    \
  "json_build_object('is_answering', false, 'account', json_build_object('id', a.id, 'display_name', "      \
  "a.display_name, 'image_url', a.image_url, 'role', a.role)))::text) "                                    \
  "FROM (SELECT DISTINCT question_id, account_id FROM gone) d JOIN people a ON a.id = d.account_id "       \
  "WHERE NOT EXISTS (SELECT 1 FROM question_presences p WHERE p.question_id = d.question_id "              \
  "AND p.account_id = d.account_id AND p.heartbeat_at > now() - make_interval(secs => $TTL) "               \
  "AND NOT EXISTS (SELECT 1 FROM gone g WHERE g.question_id = p.question_id AND g.account_id = p.account_id " \
  "AND g.connection_id = p.connection_id))"

constexpr db::Statement kStop{
    "presence.stop",
    "WITH gone AS (DELETE FROM question_presences WHERE question_id = $1 AND account_id = $2 AND connection_id = $3 "
    "RETURNING question_id, account_id, connection_id) " CAMP_ANNOUNCE_STOPPED};
constexpr db::Statement kForget{
    "presence.forget",
    "WITH gone AS (DELETE FROM question_presences WHERE connection_id = $1 "
    "RETURNING question_id, account_id, connection_id) " CAMP_ANNOUNCE_STOPPED};
constexpr db::Statement kExpire{
    "presence.expire",
    "WITH gone AS (DELETE FROM question_presences WHERE heartbeat_at <= now() - make_interval(secs => $1) "
    "RETURNING question_id, account_id, connection_id) " CAMP_ANNOUNCE_STOPPED};
constexpr db::Statement kHeartbeat{
    "presence.heartbeat", "UPDATE question_presences SET heartbeat_at = now() WHERE connection_id = ANY($1::text[])"};
constexpr db::Statement kAnswering{
    "presence.answering",
    "SELECT DISTINCT a.id, a.display_name, a.image_url, a.role FROM question_presences p JOIN people a ON a.id = p.account_id "
    "WHERE p.question_id = $1 AND p.heartbeat_at > now() - make_interval(secs => $2) ORDER BY a.id"};

// The TTL placeholder is filled per statement: $4 for stop, $2 for forget, $1 for expire.
std::string with_ttl(const char* sql, const char* placeholder) {
  std::string s = sql;
  for (auto pos = s.find("$TTL"); pos != std::string::npos; pos = s.find("$TTL")) s.replace(pos, 4, placeholder);
  return s;
}

const std::string& stop_sql() {
  static const std::string s = with_ttl(kStop.sql, "$4");
  return s;
}
const std::string& forget_sql() {
  static const std::string s = with_ttl(kForget.sql, "$2");
  return s;
}
const std::string& expire_sql() {
  static const std::string s = with_ttl(kExpire.sql, "$1");
  return s;
}

}  // namespace

void start(db::Tx& tx, std::int64_t question_id, std::int64_t account_id, const std::string& connection_id,
           int ttl_seconds) {
  tx.exec(kStart, question_id, account_id, connection_id, ttl_seconds);
}

void stop(db::Tx& tx, std::int64_t question_id, std::int64_t account_id, const std::string& connection_id,
          int ttl_seconds) {
  tx.exec({kStop.name, stop_sql().c_str()}, question_id, account_id, connection_id, ttl_seconds);
}

void forget_connection(db::Tx& tx, const std::string& connection_id, int ttl_seconds) {
  tx.exec({kForget.name, forget_sql().c_str()}, connection_id, ttl_seconds);
}

void heartbeat(db::Tx& tx, const std::vector<std::string>& connection_ids) {
  tx.exec(kHeartbeat, db::text_array(connection_ids));
}

int expire(db::Tx& tx, int ttl_seconds) {
  return static_cast<int>(tx.exec({kExpire.name, expire_sql().c_str()}, ttl_seconds).size());
}

std::vector<Author> answering(db::Tx& tx, std::int64_t question_id, int ttl_seconds) {
  std::vector<Author> out;
  for (const auto& r : tx.exec(kAnswering, question_id, ttl_seconds)) {
    Author a{r[0].as<std::int64_t>(), r[1].as<std::string>(), std::nullopt, r[3].as<std::string>()};
    if (!r[2].is_null()) a.image_url = r[2].as<std::string>();
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace camp::questions::presence_repo
