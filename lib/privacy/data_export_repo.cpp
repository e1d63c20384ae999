#include "privacy/data_export_repo.hpp"

#include <sodium.h>

namespace camp::privacy::data_export_repo {
namespace {

// A time as the export shows it: school time with its offset.
#define JST(x) "to_char((" x ") AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD\"T\"HH24:MI:SS\"+09:00\"')"
#define ROW_COLUMNS                                                                                        \
  "id, account_id, CASE WHEN status = 'ready' AND expires_at <= now() THEN 'expired' ELSE status END, " JST("requested_at") ", " JST("ready_at") ", " JST("expires_at") ", size_bytes"

constexpr db::Statement kLockAccount{"data_export.lock_account",
                                     "SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE"};
constexpr db::Statement kSinceLast{
    "data_export.since_last",
    "SELECT floor(extract(epoch FROM now() - max(requested_at)))::int8 FROM data_exports "
    "WHERE account_id = $1 AND status <> 'failed'"};
constexpr db::Statement kInsert{
    "data_export.insert",
    "WITH r AS (INSERT INTO data_exports (account_id) VALUES ($1) RETURNING " ROW_COLUMNS ") "
    "SELECT r.*, pg_notify('camp_cable', '{\"stream\":\"data_exports\",\"message\":{}}') FROM r"};
constexpr db::Statement kList{"data_export.list",
                              "SELECT " ROW_COLUMNS " FROM data_exports WHERE account_id = $1 "
                              "ORDER BY requested_at DESC, id DESC LIMIT $2"};
constexpr db::Statement kFind{"data_export.find",
                              "SELECT " ROW_COLUMNS " FROM data_exports WHERE id = $1 AND account_id = $2"};
constexpr db::Statement kZip{"data_export.zip",
                             "SELECT zip FROM data_exports WHERE id = $1 AND account_id = $2 AND status = 'ready' "
                             "AND expires_at > now()"};
constexpr db::Statement kClaim{"data_export.claim",
                               "SELECT " ROW_COLUMNS " FROM data_exports WHERE status = 'pending' "
                               "ORDER BY requested_at, id LIMIT 1 FOR UPDATE SKIP LOCKED"};
constexpr db::Statement kReady{
    "data_export.ready",
    "UPDATE data_exports SET status = 'ready', zip = $2::bytea, size_bytes = octet_length($2::bytea), ready_at = now(), "
    "expires_at = now() + make_interval(days => $3) WHERE id = $1 RETURNING " ROW_COLUMNS};
constexpr db::Statement kFailed{
    "data_export.failed",
    "UPDATE data_exports SET attempts = attempts + 1, "
    "status = CASE WHEN attempts + 1 >= $2 THEN 'failed' ELSE status END WHERE id = $1"};
constexpr db::Statement kPurge{
    "data_export.purge",
    "UPDATE data_exports SET status = 'expired', zip = NULL WHERE id IN (SELECT id FROM data_exports "
    "WHERE status = 'ready' AND expires_at <= now() ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)"};

constexpr db::Statement kExpireOne{
    "data_export.expire_one",
    "UPDATE data_exports SET status = 'expired', zip = NULL WHERE id = $1 AND status = 'ready' AND expires_at <= now()"};
constexpr db::Statement kNow{"data_export.now", "SELECT to_char(now() AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI')"};
constexpr db::Statement kAccount{
    "data_export.account",
    "SELECT json_build_object('id', a.id, 'email', a.email, 'role', a.role, 'nickname', a.nickname, "
    "'display_name', p.display_name, 'image_url', a.image_url, 'course', c.name, "
    "'created_at', " JST("a.created_at") ", 'updated_at', " JST("a.updated_at") ")::text "
    "FROM accounts a JOIN people p ON p.id = a.id LEFT JOIN courses c ON c.id = a.course_id WHERE a.id = $1"};
constexpr db::Statement kStudent{
    "data_export.student",
    "SELECT json_build_object('name', s.name, 'email', s.email, 'course', c.name, 'start_date', s.start_date, "
    "'status', s.status, 'mentor', m.display_name, 'created_at', " JST("s.created_at") ", "
    "'updated_at', " JST("s.updated_at") ")::text FROM students s JOIN courses c ON c.id = s.course_id "
    "LEFT JOIN people m ON m.id = s.mentor_id WHERE s.account_id = $1"};
constexpr db::Statement kSubmissions{
    "data_export.submissions",
    "SELECT coalesce(json_agg(json_build_object('id', s.id, 'task_id', s.task_id, 'task', t.title, "
    "'curriculum', t.curriculum_name, 'repository_url', s.repository_url, 'status', s.status, "
    "'submitted_at', " JST("s.created_at") ", 'reviewed_at', " JST("s.reviewed_at") ", "
    "'reviews', (SELECT coalesce(json_agg(json_build_object('status', r.status, 'reviewer', p.display_name, "
    "'comment', r.comment, 'created_at', " JST("r.created_at") ") ORDER BY r.created_at), '[]') "
    "FROM reviews r JOIN people p ON p.id = r.account_id WHERE r.submission_id = s.id)) "
    "ORDER BY s.created_at, s.id), '[]')::text FROM submissions s JOIN tasks t ON t.id = s.task_id "
    "WHERE s.account_id = $1"};
constexpr db::Statement kQuestions{
    "data_export.questions",
    "SELECT coalesce(json_agg(json_build_object('id', q.id, 'title', q.title, 'body', q.body, "
    "'category', c.name, 'answers_count', q.answers_count, 'solved', q.solved_answer_id IS NOT NULL, "
    "'created_at', " JST("q.created_at") ", 'updated_at', " JST("q.updated_at") ") ORDER BY q.created_at, q.id), "
    "'[]')::text FROM questions q JOIN question_categories c ON c.id = q.category_id WHERE q.account_id = $1"};
constexpr db::Statement kAnswers{
    "data_export.answers",
    "SELECT coalesce(json_agg(json_build_object('id', a.id, 'question_id', a.question_id, 'question', q.title, "
    "'body', a.body, 'chosen_as_solution', q.solved_answer_id = a.id, 'created_at', " JST("a.created_at") ", "
    "'updated_at', " JST("a.updated_at") ") ORDER BY a.created_at, a.id), '[]')::text "
    "FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.account_id = $1"};
constexpr db::Statement kEvents{
    "data_export.events",
    "SELECT coalesce(json_agg(json_build_object('event_id', e.id, 'title', e.title, "
    "'starts_at', " JST("e.starts_at") ", 'ends_at', " JST("e.ends_at") ", 'event_status', e.status, "
    "'participation', ep.status, 'joined_at', " JST("ep.joined_at") ") ORDER BY e.starts_at, e.id), '[]')::text "
    "FROM event_participations ep JOIN events e ON e.id = ep.event_id WHERE ep.account_id = $1"};
constexpr db::Statement kNotifications{
    "data_export.notifications",
    "SELECT coalesce(json_agg(json_build_object('id', n.id, 'category', n.category, 'kind', n.kind, "
    "'title', n.title, 'body', n.body, 'link', n.link, 'actor', p.display_name, 'read_at', " JST("n.read_at") ", "
    "'created_at', " JST("n.created_at") ") ORDER BY n.id), '[]')::text FROM notifications n "
    "LEFT JOIN people p ON p.id = n.actor_id WHERE n.account_id = $1"};
constexpr db::Statement kSessions{
    "data_export.sessions",
    "SELECT coalesce(json_agg(json_build_object('created_at', " JST("created_at") ", "
    "'expires_at', " JST("expires_at") ", 'revoked_at', " JST("revoked_at") ", "
    "'client_address', client_address, 'user_agent', user_agent) ORDER BY created_at), '[]')::text "
    "FROM sessions WHERE account_id = $1"};

std::optional<std::string> opt(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<std::string>();
}

Row read(const pqxx::row& r) {
  Row out;
  out.id = r[0].as<std::int64_t>();
  out.account_id = r[1].as<std::int64_t>();
  out.status = r[2].as<std::string>();
  out.requested_at = r[3].as<std::string>();
  out.ready_at = opt(r[4]);
  out.expires_at = opt(r[5]);
  if (!r[6].is_null()) out.size_bytes = r[6].as<std::int64_t>();
  return out;
}

// bytea in text form ("\x" and two hex digits a byte), the way PostgreSQL reads it.
std::string hex_bytea(const std::string& bytes) {
  std::string out(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  out.pop_back();
  return "\\x" + out;
}

nlohmann::ordered_json json_of(db::Tx& tx, const db::Statement& st, std::int64_t account_id) {
  const auto r = tx.exec(st, account_id);
  if (r.empty() || r[0][0].is_null()) return nullptr;
  return nlohmann::ordered_json::parse(r[0][0].c_str());
}

}  // namespace

void lock_account(db::Tx& tx, std::int64_t account_id) { tx.exec(kLockAccount, account_id); }

std::optional<std::int64_t> seconds_since_last_request(db::Tx& tx, std::int64_t account_id) {
  const auto r = tx.exec(kSinceLast, account_id);
  if (r.empty() || r[0][0].is_null()) return std::nullopt;
  return r[0][0].as<std::int64_t>();
}

Row insert(db::Tx& tx, std::int64_t account_id) { return read(tx.exec(kInsert, account_id)[0]); }

std::vector<Row> list(db::Tx& tx, std::int64_t account_id, int limit) {
  std::vector<Row> out;
  for (const auto& r : tx.exec(kList, account_id, limit)) out.push_back(read(r));
  return out;
}

std::optional<Row> find(db::Tx& tx, std::int64_t id, std::int64_t account_id) {
  const auto r = tx.exec(kFind, id, account_id);
  if (r.empty()) return std::nullopt;
  return read(r[0]);
}

std::optional<std::string> zip_of(db::Tx& tx, std::int64_t id, std::int64_t account_id) {
  const auto r = tx.exec(kZip, id, account_id);
  if (r.empty()) return std::nullopt;
  return pqxx::binarystring(r[0][0]).str();
}

std::optional<Row> claim_pending(db::Tx& tx) {
  const auto r = tx.exec(kClaim);
  if (r.empty()) return std::nullopt;
  return read(r[0]);
}

Row mark_ready(db::Tx& tx, std::int64_t id, const std::string& zip, int keep_days) {
  return read(tx.exec(kReady, id, hex_bytea(zip), keep_days)[0]);
}

void mark_failed(db::Tx& tx, std::int64_t id, int max_attempts) { tx.exec(kFailed, id, max_attempts); }

int purge_expired(db::Tx& tx, int limit) { return static_cast<int>(tx.exec(kPurge, limit).affected_rows()); }

void expire(db::Tx& tx, std::int64_t id) { tx.exec(kExpireOne, id); }

std::string school_now(db::Tx& tx) { return tx.exec(kNow)[0][0].as<std::string>(); }

nlohmann::ordered_json account(db::Tx& tx, std::int64_t id) { return json_of(tx, kAccount, id); }
nlohmann::ordered_json student_record(db::Tx& tx, std::int64_t id) { return json_of(tx, kStudent, id); }
nlohmann::ordered_json submissions(db::Tx& tx, std::int64_t id) { return json_of(tx, kSubmissions, id); }
nlohmann::ordered_json questions(db::Tx& tx, std::int64_t id) { return json_of(tx, kQuestions, id); }
nlohmann::ordered_json answers(db::Tx& tx, std::int64_t id) { return json_of(tx, kAnswers, id); }
nlohmann::ordered_json events(db::Tx& tx, std::int64_t id) { return json_of(tx, kEvents, id); }
nlohmann::ordered_json notifications(db::Tx& tx, std::int64_t id) { return json_of(tx, kNotifications, id); }
nlohmann::ordered_json sessions(db::Tx& tx, std::int64_t id) { return json_of(tx, kSessions, id); }

}  // namespace camp::privacy::data_export_repo
