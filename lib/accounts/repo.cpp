#include "accounts/repo.hpp"

namespace camp::accounts::repo {
namespace {

#define CAMP_ACCOUNT_COLUMNS                                                           \
  "SELECT a.id, a.role, a.email, a.nickname, a.image_url, c.code, c.name, c.months " \
  "FROM accounts a LEFT JOIN courses c ON c.id = a.course_id "

constexpr db::Statement kById{"accounts.by_id", CAMP_ACCOUNT_COLUMNS "WHERE a.id = $1"};
constexpr db::Statement kByEmail{"accounts.by_email", CAMP_ACCOUNT_COLUMNS "WHERE lower(a.email) = lower($1)"};
constexpr db::Statement kBySession{
    "accounts.by_session",
    CAMP_ACCOUNT_COLUMNS
    "JOIN sessions s ON s.account_id = a.id "
    "WHERE s.id = $1 AND s.account_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()"};
constexpr db::Statement kLogin{"accounts.login",
                               "SELECT id, password_hash FROM accounts WHERE lower(email) = lower($1)"};
constexpr db::Statement kCourseExists{"courses.exists", "SELECT 1 FROM courses WHERE code = $1"};
constexpr db::Statement kInsert{
    "accounts.insert",
    "INSERT INTO accounts (email, role, nickname, course_id, password_hash) "
    "VALUES ($1, $2, $3, (SELECT id FROM courses WHERE code = $4), $5) RETURNING id"};
constexpr db::Statement kUpsert{
    "accounts.upsert",
    "INSERT INTO accounts (email, role, nickname, course_id, password_hash) "
    "VALUES ($1, $2, $3, (SELECT id FROM courses WHERE code = $4), $5) "
    "ON CONFLICT ((lower(email))) DO UPDATE SET role = EXCLUDED.role, nickname = EXCLUDED.nickname, "
    "course_id = EXCLUDED.course_id, password_hash = EXCLUDED.password_hash, updated_at = now() "
    "RETURNING id"};
// Changes announce the account so that every daemon drops its cached sessions.
#define CAMP_NOTIFY_CHANGED                                                                         \
  " SELECT pg_notify('camp_cable', json_build_object('stream', 'sessions', 'message', "            \
  "json_build_object('account_id', u.id))::text) FROM u"
constexpr db::Statement kUpdateProfile{
    "accounts.update_profile",
    "WITH u AS (UPDATE accounts SET email = $2, nickname = $3, image_url = $4, updated_at = now() WHERE id = $1 "
    "RETURNING id)" CAMP_NOTIFY_CHANGED};
constexpr db::Statement kUpdateProfileEndingSessions{
    "accounts.update_profile_ending_sessions",
    "WITH u AS (UPDATE accounts SET email = $2, nickname = $3, image_url = $4, updated_at = now() WHERE id = $1 "
    "RETURNING id), "
    "r AS (UPDATE sessions SET revoked_at = now() WHERE account_id = (SELECT id FROM u) AND revoked_at IS NULL "
    "AND id <> $5)" CAMP_NOTIFY_CHANGED};
constexpr db::Statement kUpdateRole{
    "accounts.update_role",
    "WITH u AS (UPDATE accounts SET role = $2, updated_at = now() WHERE id = $1 RETURNING id)" CAMP_NOTIFY_CHANGED};
constexpr db::Statement kListAll{"accounts.list", CAMP_ACCOUNT_COLUMNS "ORDER BY a.id"};
constexpr db::Statement kListRole{"accounts.list_role", CAMP_ACCOUNT_COLUMNS "WHERE a.role = $1 ORDER BY a.id"};

Account read(const pqxx::row& r) {
  Account a;
  a.id = r[0].as<std::int64_t>();
  a.role = parse_role(r[1].as<std::string>()).value_or(Role::trial);
  a.email = r[2].as<std::string>();
  a.nickname = r[3].as<std::string>();
  if (!r[4].is_null()) a.image_url = r[4].as<std::string>();
  if (!r[5].is_null()) a.course = Course{r[5].as<std::string>(), r[6].as<std::string>(), r[7].as<int>()};
  return a;
}

std::optional<Account> first(const pqxx::result& res) {
  if (res.empty()) return std::nullopt;
  return read(res[0]);
}

std::int64_t write(db::Connection& c, const db::Statement& st, const NewAccount& a) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, st, a.email, std::string(to_string(a.role)), a.nickname, a.course_code, a.password_hash)[0][0]
      .as<std::int64_t>();
}

}  // namespace

std::optional<Account> find_by_id(db::Connection& c, std::int64_t id) {
  pqxx::nontransaction tx(c.pq());
  return first(c.exec(tx, kById, id));
}

std::optional<Account> find_by_email(db::Connection& c, const std::string& email) {
  pqxx::nontransaction tx(c.pq());
  return first(c.exec(tx, kByEmail, email));
}

std::optional<LoginRow> find_login(db::Connection& c, const std::string& email) {
  pqxx::nontransaction tx(c.pq());
  auto res = c.exec(tx, kLogin, email);
  if (res.empty()) return std::nullopt;
  return LoginRow{res[0][0].as<std::int64_t>(), res[0][1].as<std::string>()};
}

std::optional<Account> find_by_session(db::Connection& c, const std::string& session_id, std::int64_t account_id) {
  pqxx::nontransaction tx(c.pq());
  return first(c.exec(tx, kBySession, session_id, account_id));
}

bool course_exists(db::Connection& c, const std::string& code) {
  pqxx::nontransaction tx(c.pq());
  return !c.exec(tx, kCourseExists, code).empty();
}

std::int64_t insert(db::Connection& c, const NewAccount& a) { return write(c, kInsert, a); }
std::int64_t upsert(db::Connection& c, const NewAccount& a) { return write(c, kUpsert, a); }

bool update_profile(db::Connection& c, std::int64_t id, const ProfileChange& ch) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kUpdateProfile, id, ch.email, ch.nickname, ch.image_url).size() == 1;
}

bool update_profile_ending_sessions(db::Connection& c, std::int64_t id, const ProfileChange& ch,
                                    const std::string& keep_session) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kUpdateProfileEndingSessions, id, ch.email, ch.nickname, ch.image_url, keep_session).size() == 1;
}

bool update_role(db::Connection& c, std::int64_t id, Role role) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kUpdateRole, id, std::string(to_string(role))).size() == 1;
}

std::vector<Account> list(db::Connection& c, std::optional<Role> role) {
  pqxx::nontransaction tx(c.pq());
  auto res = role ? c.exec(tx, kListRole, std::string(to_string(*role))) : c.exec(tx, kListAll);
  std::vector<Account> out;
  out.reserve(res.size());
  for (const auto& r : res) out.push_back(read(r));
  return out;
}

}  // namespace camp::accounts::repo
