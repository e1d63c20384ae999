#include "questionnaires/repo.hpp"

#include <sodium.h>

#include "db/arrays.hpp"

namespace camp::questionnaires::repo {
namespace {

#define CAMP_JST(x) "to_char((" x ") AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD\"T\"HH24:MI:SS\"+09:00\"')"

constexpr db::Statement kInsert{
    "questionnaires.insert",
    "INSERT INTO questionnaire_answers (account_id, kind, key_id, nonce, sealed) VALUES ($1, $2, $3, $4::bytea, $5::bytea) "
    "ON CONFLICT (account_id, kind) DO NOTHING RETURNING " CAMP_JST("submitted_at")};
constexpr db::Statement kFind{
    "questionnaires.find",
    "SELECT a.id, a.account_id, a.kind, " CAMP_JST("a.submitted_at") ", a.key_id, a.nonce, a.sealed, x.display_name "
    "FROM questionnaire_answers a JOIN people x ON x.id = a.account_id WHERE a.account_id = $1 AND a.kind = $2"};
constexpr db::Statement kAccountExists{"questionnaires.account_exists", "SELECT 1 FROM accounts WHERE id = $1"};

// The period in school dates: [from 00:00, to + 1 day 00:00) in Asia/Tokyo.
#define CAMP_PERIOD                                                                                    \
  "a.kind = $1 AND ($2::date IS NULL OR a.submitted_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Tokyo')) " \
  "AND ($3::date IS NULL OR a.submitted_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')) "
constexpr db::Statement kCount{"questionnaires.count",
                               "SELECT count(*) FROM questionnaire_answers a WHERE " CAMP_PERIOD};
// Keyset pages over (kind, submitted_at, id): each page starts where the last ended, by index.
constexpr db::Statement kPage{
    "questionnaires.page",
    "SELECT a.id, a.account_id, " CAMP_JST("a.submitted_at") ", a.key_id, a.nonce, a.sealed, x.display_name, x.email, "
    "a.submitted_at::text FROM questionnaire_answers a JOIN people x ON x.id = a.account_id WHERE " CAMP_PERIOD
    "AND ($4::timestamptz IS NULL OR (a.submitted_at, a.id) > ($4::timestamptz, $5::int8)) "
    "ORDER BY a.submitted_at, a.id LIMIT $6"};
constexpr db::Statement kLockStale{
    "questionnaires.lock_stale",
    "SELECT id, account_id, kind, key_id, nonce, sealed FROM questionnaire_answers WHERE key_id <> $1 "
    "ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED"};
constexpr db::Statement kReseal{
    "questionnaires.reseal",
    "UPDATE questionnaire_answers SET key_id = $2, nonce = $3::bytea, sealed = $4::bytea WHERE id = $1"};

// Who owes which questionnaire (docs/questionnaires.md "Who owes what"): students and graduates
// x the four kinds, with the date from which each is owed; the school's dates (Asia/Tokyo), today
// given by the caller's clock. $1 kind or null, $3 search text, $6 today, $7 one account or null.
// The course ends its months after the student record's start date (the account's creation
// without a record); graduated: the graduate role or a record marked graduated.
#define CAMP_STATUS_ROWS                                                                                              \
  "WITH k(kind, pos) AS (VALUES ('pre-curriculum', 1), ('post-curriculum', 2), ('post-job-change', 3), ('follow-up', 4)), " \
  "s AS (SELECT a.id, display_name(a.nickname, st.name, a.email, a.anonymised_at) AS display_name, a.email, a.role, "                \
  "coalesce(c.name, '') AS course, k.kind, k.pos, "                                                                 \
  "q.submitted_at, r.reminded_at, (a.role = 'graduate' OR st.status IS NOT DISTINCT FROM 'graduated') AS graduated, " \
  "CASE k.kind "                                                                                                    \
  "WHEN 'pre-curriculum' THEN (a.created_at AT TIME ZONE 'Asia/Tokyo')::date "                                       \
  "WHEN 'follow-up' THEN (SELECT (p.submitted_at AT TIME ZONE 'Asia/Tokyo')::date + 180 FROM questionnaire_answers p " \
  "WHERE p.account_id = a.id AND p.kind = 'post-job-change') "                                                       \
  "ELSE (coalesce(st.start_date, (a.created_at AT TIME ZONE 'Asia/Tokyo')::date) "                                    \
  "+ make_interval(months => coalesce(c.months, 3)::int))::date END AS due_on "                                       \
  "FROM accounts a CROSS JOIN k LEFT JOIN courses c ON c.id = a.course_id "                                          \
  "LEFT JOIN students st ON st.account_id = a.id "                                                                    \
  "LEFT JOIN questionnaire_answers q ON q.account_id = a.id AND q.kind = k.kind "                                     \
  "LEFT JOIN questionnaire_reminders r ON r.account_id = a.id AND r.kind = k.kind "                                   \
  "WHERE a.role IN ('student', 'graduate') AND a.anonymised_at IS NULL AND ($1::text IS NULL OR k.kind = $1) AND ($7::int8 IS NULL OR a.id = $7) " \
  "AND ($3::text = '' OR strpos(lower(a.nickname || ' ' || coalesce(st.name, '') || ' ' || a.email), lower($3)) > 0)), " \
  "t AS (SELECT s.*, CASE WHEN submitted_at IS NOT NULL THEN 'answered' "                                            \
  "WHEN kind IN ('post-curriculum', 'post-job-change') AND graduated THEN 'owed' "                                   \
  "WHEN kind IN ('pre-curriculum', 'post-curriculum', 'follow-up') AND due_on <= $6::date THEN 'owed' END AS state FROM s) "
constexpr db::Statement kStatus{
    "questionnaires.status",
    CAMP_STATUS_ROWS
    "SELECT id, display_name, email, role, course, kind, state, due_on::text, " CAMP_JST("submitted_at") ", "
    CAMP_JST("reminded_at") ", count(*) OVER () FROM t WHERE state IS NOT NULL AND ($2::text = 'all' OR state = $2) "
    "ORDER BY pos, due_on NULLS LAST, id LIMIT $4 OFFSET $5"};
// Every (account, kind) owed today, by kind and due date (the notifications' daily scan).
constexpr db::Statement kOwed{
    "questionnaires.owed",
    CAMP_STATUS_ROWS "SELECT id, kind FROM t WHERE state = $2 ORDER BY pos, due_on NULLS LAST, id LIMIT $4 OFFSET $5"};
constexpr db::Statement kBackdate{
    "questionnaires.backdate",
    "UPDATE questionnaire_answers SET submitted_at = submitted_at - make_interval(days => $3) "
    "WHERE account_id = $1 AND kind = $2"};
constexpr db::Statement kMarkReminded{
    "questionnaires.mark_reminded",
    "INSERT INTO questionnaire_reminders (account_id, kind) SELECT unnest($2::int8[]), $1 "
    "ON CONFLICT (account_id, kind) DO UPDATE SET reminded_at = now() "
    "WHERE questionnaire_reminders.reminded_at < now() - interval '24 hours' RETURNING account_id"};

std::string hex_bytea(const std::string& bytes) {
  std::string out(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  out.pop_back();
  return "\\x" + out;
}

int nibble(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

// A bytea as PostgreSQL sends it in text format ("\x" and two hex digits a byte), decoded in
// place: one allocation instead of binarystring's two (the export reads 200,000 of them).
std::string bytes_of(const pqxx::field& f) {
  const std::string_view hex(f.c_str(), f.size());
  if (hex.size() < 2 || hex[0] != '\\' || hex[1] != 'x' || hex.size() % 2 != 0)
    return pqxx::binarystring(f).str();  // the old escape format (bytea_output = escape)
  std::string out((hex.size() - 2) / 2, '\0');
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<char>(nibble(hex[2 + 2 * i]) << 4 | nibble(hex[3 + 2 * i]));
  return out;
}

std::optional<std::string> opt(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<std::string>();
}

}  // namespace

bool insert_answer(db::Tx& tx, std::int64_t account_id, const std::string& kind, const Sealed& sealed,
                   std::string& submitted_at) {
  const auto r = tx.exec(kInsert, account_id, kind, sealed.key_id, hex_bytea(sealed.nonce), hex_bytea(sealed.ciphertext));
  if (r.empty()) return false;
  submitted_at = r[0][0].as<std::string>();
  return true;
}

std::optional<StoredAnswer> find_answer(db::Tx& tx, std::int64_t account_id, const std::string& kind) {
  const auto r = tx.exec(kFind, account_id, kind);
  if (r.empty()) return std::nullopt;
  StoredAnswer a;
  a.id = r[0][0].as<std::int64_t>();
  a.account_id = r[0][1].as<std::int64_t>();
  a.kind = r[0][2].as<std::string>();
  a.submitted_at = r[0][3].as<std::string>();
  a.sealed = {bytes_of(r[0][5]), bytes_of(r[0][6]), r[0][4].as<int>()};
  a.display_name = r[0][7].as<std::string>();
  return a;
}

bool account_exists(db::Tx& tx, std::int64_t account_id) { return !tx.exec(kAccountExists, account_id).empty(); }

std::int64_t count_answers(db::Tx& tx, const std::string& kind, const Period& period) {
  return tx.exec(kCount, kind, period.from, period.to)[0][0].as<std::int64_t>();
}

std::vector<StoredAnswer> answers_after(db::Tx& tx, const std::string& kind, const Period& period,
                                        const std::optional<std::pair<std::string, std::int64_t>>& after, int per) {
  std::optional<std::string> at;
  std::optional<std::int64_t> id;
  if (after) {
    at = after->first;
    id = after->second;
  }
  const auto rows = tx.exec(kPage, kind, period.from, period.to, at, id, per);
  std::vector<StoredAnswer> out;
  out.reserve(rows.size());
  for (const auto& r : rows) {
    StoredAnswer a;
    a.id = r[0].as<std::int64_t>();
    a.account_id = r[1].as<std::int64_t>();
    a.kind = kind;
    a.submitted_at = r[2].as<std::string>();
    a.sealed = {bytes_of(r[4]), bytes_of(r[5]), r[3].as<int>()};
    a.display_name = r[6].as<std::string>();
    a.email = r[7].as<std::string>();
    a.key_at = r[8].as<std::string>();
    out.push_back(std::move(a));
  }
  return out;
}

std::vector<StoredAnswer> lock_stale(db::Tx& tx, int current, int per) {
  std::vector<StoredAnswer> out;
  for (const auto& r : tx.exec(kLockStale, current, per)) {
    StoredAnswer a;
    a.id = r[0].as<std::int64_t>();
    a.account_id = r[1].as<std::int64_t>();
    a.kind = r[2].as<std::string>();
    a.sealed = {bytes_of(r[4]), bytes_of(r[5]), r[3].as<int>()};
    out.push_back(std::move(a));
  }
  return out;
}

void reseal(db::Tx& tx, std::int64_t id, const Sealed& sealed) {
  tx.exec(kReseal, id, sealed.key_id, hex_bytea(sealed.nonce), hex_bytea(sealed.ciphertext));
}

std::vector<StatusRow> status(db::Tx& tx, const StatusQuery& q, std::int64_t& total) {
  std::vector<StatusRow> out;
  total = 0;
  for (const auto& r : tx.exec(kStatus, q.kind, q.state, q.q, q.limit, q.offset, q.today, q.account_id)) {
    StatusRow s;
    s.account_id = r[0].as<std::int64_t>();
    s.display_name = r[1].as<std::string>();
    s.email = r[2].as<std::string>();
    s.role = r[3].as<std::string>();
    s.course = r[4].as<std::string>();
    s.kind = r[5].as<std::string>();
    s.state = r[6].as<std::string>();
    s.due_on = opt(r[7]);
    s.submitted_at = opt(r[8]);
    s.reminded_at = opt(r[9]);
    total = r[10].as<std::int64_t>();
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<std::pair<std::int64_t, std::string>> owed(db::Tx& tx, const std::string& today, int limit) {
  std::vector<std::pair<std::int64_t, std::string>> out;
  for (const auto& r : tx.exec(kOwed, std::optional<std::string>(), std::string("owed"), std::string(), limit, 0, today,
                               std::optional<std::int64_t>()))
    out.emplace_back(r[0].as<std::int64_t>(), r[1].as<std::string>());
  return out;
}

std::vector<std::int64_t> mark_reminded(db::Tx& tx, const std::string& kind, const std::vector<std::int64_t>& account_ids) {
  std::vector<std::int64_t> out;
  for (const auto& r : tx.exec(kMarkReminded, kind, db::int_array(account_ids))) out.push_back(r[0].as<std::int64_t>());
  return out;
}

void backdate(db::Tx& tx, std::int64_t account_id, const std::string& kind, int days) {
  tx.exec(kBackdate, account_id, kind, days);
}

}  // namespace camp::questionnaires::repo
