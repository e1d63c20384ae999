#include "accounts/repo.hpp"

#include "accounts/session_repo.hpp"

namespace camp::accounts::repo {
namespace {

#define CAMP_ACCOUNT_COLUMNS                                                           \
  "SELECT a.id, a.role, a.email, a.nickname, a.image_url, c.code, c.name, c.months, a.display_name, "    \
  "EXISTS (SELECT 1 FROM account_two_factor t WHERE t.account_id = a.id AND t.enabled_at IS NOT NULL) " \
  "FROM people a LEFT JOIN courses c ON c.id = a.course_id "

constexpr db::Statement kById{"accounts.by_id", CAMP_ACCOUNT_COLUMNS "WHERE a.id = $1"};
// The lock alone: a joined read in the same statement would, after waiting for the lock, show
// the account's new row with the course of the old one (read committed re-checks only the
// locked row). The next statement of the transaction sees everything committed before it.
constexpr db::Statement kLock{"accounts.lock", "SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE"};
constexpr db::Statement kByEmail{"accounts.by_email", CAMP_ACCOUNT_COLUMNS "WHERE lower(a.email) = lower($1)"};
constexpr db::Statement kBySession{
    "accounts.by_session",
    CAMP_ACCOUNT_COLUMNS
    "JOIN sessions s ON s.account_id = a.id "
    "WHERE s.id = $1 AND s.account_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()"};
constexpr db::Statement kLogin{"accounts.login",
                               "SELECT id, password_hash FROM accounts WHERE lower(email) = lower($1) AND anonymised_at IS NULL"};
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
// (A change announces the account to every daemon's session cache: migration 0045's trigger.)
constexpr db::Statement kUpdateProfile{
    "accounts.update_profile",
    "UPDATE accounts SET email = coalesce($2, email), nickname = coalesce($3, nickname), "
    "image_url = CASE WHEN $4 THEN $5 ELSE image_url END, updated_at = now() WHERE id = $1"};
constexpr db::Statement kUpdateRole{"accounts.update_role",
                                    "UPDATE accounts SET role = $2, updated_at = now() WHERE id = $1"};
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
  a.display_name = r[8].as<std::string>();
  a.two_factor_enabled = r[9].as<bool>();
  return a;
}

std::optional<Account> first(const pqxx::result& res) {
  if (res.empty()) return std::nullopt;
  return read(res[0]);
}

std::int64_t write(db::Tx& tx, const db::Statement& st, const NewAccount& a) {
  return tx.exec(st, a.email, std::string(to_string(a.role)), a.nickname, a.course_code, a.password_hash)[0][0]
      .as<std::int64_t>();
}

}  // namespace

std::optional<Account> find_by_id(db::Tx& tx, std::int64_t id) { return first(tx.exec(kById, id)); }

std::optional<Account> lock(db::Tx& tx, std::int64_t id) {
  if (tx.exec(kLock, id).empty()) return std::nullopt;
  return find_by_id(tx, id);
}

std::optional<Account> find_by_email(db::Tx& tx, const std::string& email) { return first(tx.exec(kByEmail, email)); }

std::optional<LoginRow> find_login(db::Tx& tx, const std::string& email) {
  auto res = tx.exec(kLogin, email);
  if (res.empty()) return std::nullopt;
  return LoginRow{res[0][0].as<std::int64_t>(), res[0][1].as<std::string>()};
}

std::optional<Account> find_by_session(db::Tx& tx, const std::string& session_id, std::int64_t account_id) {
  return first(tx.exec(kBySession, session_id, account_id));
}

bool course_exists(db::Tx& tx, const std::string& code) { return !tx.exec(kCourseExists, code).empty(); }

std::int64_t insert(db::Tx& tx, const NewAccount& a) { return write(tx, kInsert, a); }
std::int64_t upsert(db::Tx& tx, const NewAccount& a) { return write(tx, kUpsert, a); }

void update_profile(db::Tx& tx, std::int64_t id, const ProfileChange& ch,
                    const std::optional<std::string>& end_sessions_but) {
  const bool image = ch.image_url.has_value();
  const auto image_url = image ? *ch.image_url : std::nullopt;
  tx.exec(kUpdateProfile, id, ch.email, ch.nickname, image, image_url);
  if (end_sessions_but) session_repo::end_sessions(tx, id, *end_sessions_but);
}

void update_role(db::Tx& tx, std::int64_t id, Role role) { tx.exec(kUpdateRole, id, std::string(to_string(role))); }

std::vector<Account> list(db::Tx& tx, std::optional<Role> role) {
  auto res = role ? tx.exec(kListRole, std::string(to_string(*role))) : tx.exec(kListAll);
  std::vector<Account> out;
  out.reserve(res.size());
  for (const auto& r : res) out.push_back(read(r));
  return out;
}

}  // namespace camp::accounts::repo
