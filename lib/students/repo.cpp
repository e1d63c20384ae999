#include "students/repo.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "reporting/definitions.hpp"

namespace camp::students::repo {
namespace {

// Columns 0..18 of a student (read() below).
#define CAMP_STUDENT_SELECT "SELECT " CAMP_STUDENT_COLUMNS CAMP_STUDENT_FROM
#define CAMP_STUDENT_COLUMNS                                                                                  \
  "s.id, s.account_id, s.name, coalesce(a.nickname, ''), s.email, a.image_url, c.code, c.name, c.months, " \
  "s.start_date::text, s.status, m.id, m.display_name, m.role, m.image_url, s.due_on::text, "                  \
  "floor(extract(epoch FROM s.created_at))::int8, display_name(a.nickname, s.name, s.email, a.anonymised_at), a.anonymised_at IS NOT NULL "
#define CAMP_STUDENT_FROM                                                                                     \
  "FROM students s JOIN courses c ON c.id = s.course_id LEFT JOIN accounts a ON a.id = s.account_id "          \
  "LEFT JOIN people m ON m.id = s.mentor_id "

constexpr db::Statement kFind{"students.find", CAMP_STUDENT_SELECT "WHERE s.id = $1"};
constexpr db::Statement kFindByAccount{"students.find_by_account", CAMP_STUDENT_SELECT "WHERE s.account_id = $1"};
constexpr db::Statement kFindByEmail{"students.find_by_email", CAMP_STUDENT_SELECT "WHERE lower(s.email) = lower($1)"};
constexpr db::Statement kLock{"students.lock", "SELECT 1 FROM students WHERE id = $1 FOR UPDATE"};

// Filters with null meaning "any" ($1..$9, the same in the page and the count).
#define CAMP_STUDENT_FILTERS                                                                   \
  " WHERE ($1::text IS NULL OR s.search_text LIKE $1)"                                         \
  " AND ($2::text IS NULL OR s.course_id = (SELECT id FROM courses WHERE code = $2))"          \
  " AND ($3::int8 IS NULL OR s.mentor_id = $3) AND (NOT $4::bool OR s.mentor_id IS NULL)"      \
  " AND ($5::text IS NULL OR s.status = $5)"                                                    \
  " AND (NOT $6::bool OR " CAMP_STUDENT_BEHIND("s", "$7::date") ")"                           \
  " AND ($8::date IS NULL OR s.start_date >= $8) AND ($9::date IS NULL OR s.start_date <= $9)"

constexpr db::Statement kCount{"students.count", "SELECT count(*) FROM students s" CAMP_STUDENT_FILTERS};

// The page: one statement per sort key and direction (both from a fixed list), so that each is
// planned with its own ORDER BY (the default order walks students_start_idx and stops after
// the page) rather than one statement sorting every row by a CASE per key. The page is cut
// from students alone (search_text and due_on are kept on the row), then joined.
const db::Statement& list_statement(const std::string& sort, const std::string& order) {
  struct Variant {
    std::string name, sql;
  };
  static const auto variants = [] {
    const std::pair<const char*, const char*> keys[] = {{"start_date", "s.start_date"},
                                                        {"name", "s.name"},
                                                        {"email", "lower(s.email)"},
                                                        {"due_on", "s.due_on"},
                                                        {"created_at", "s.created_at"}};
    std::map<std::string, Variant> out;
    for (const auto& [key, expr] : keys)
      for (const std::string dir : {"asc", "desc"}) {
        const auto by = std::string(" ORDER BY ") + expr + " " + dir +
                        (std::string(key) == "due_on" ? " NULLS LAST" : "") + ", s.id " + dir;
        out[std::string(key) + " " + dir] = {
            "students.list." + std::string(key) + "." + dir,
            "WITH page AS (SELECT s.id FROM students s" CAMP_STUDENT_FILTERS + by + " LIMIT $10 OFFSET $11) "
            "SELECT " CAMP_STUDENT_COLUMNS CAMP_STUDENT_FROM "JOIN page ON page.id = s.id" + by};
      }
    return out;
  }();
  static const auto statements = [] {
    std::map<std::string, db::Statement> out;
    for (const auto& [key, v] : variants) out.emplace(key, db::Statement{v.name.c_str(), v.sql.c_str()});
    return out;
  }();
  const auto it = statements.find(sort + " " + order);
  if (it == statements.end()) throw std::invalid_argument("students list: unknown sort " + sort + " " + order);
  return it->second;
}

constexpr db::Statement kHistory{
    "students.mentor_history",
    "SELECT m.id, m.display_name, m.role, m.image_url, b.id, b.display_name, b.role, b.image_url, "
    "floor(extract(epoch FROM h.changed_at))::int8 FROM student_mentor_changes h "
    "LEFT JOIN people m ON m.id = h.mentor_id LEFT JOIN people b ON b.id = h.changed_by "
    "WHERE h.student_id = $1 ORDER BY h.changed_at DESC, h.id DESC LIMIT 100"};
constexpr db::Statement kCounts{
    "students.counts",
    "SELECT (SELECT count(*) FROM mentorings WHERE student_id = $1), "
    "(SELECT count(*) FROM submissions WHERE account_id = $2), "
    "(SELECT count(*) FROM submissions WHERE account_id = $2 AND status = 'approved'), "
    "(SELECT count(*) FROM questions WHERE account_id = $2)"};
constexpr db::Statement kPerson{"students.person", "SELECT id, display_name, role, image_url FROM people WHERE id = $1"};
constexpr db::Statement kMentors{
    "students.mentors",
    "SELECT id, display_name, role, image_url FROM people "
    "WHERE role IN ('admin', 'basic_mentor', 'advanced_mentor', 'spot_advanced_mentor') ORDER BY display_name, id"};
constexpr db::Statement kAccountByEmail{"students.account_by_email",
                                       "SELECT id FROM accounts WHERE lower(email) = lower($1)"};
constexpr db::Statement kSetMentor{"students.set_mentor",
                                   "UPDATE students SET mentor_id = $2, updated_at = now() WHERE id = $1"};
constexpr db::Statement kMentorChange{"students.mentor_change",
                                      "INSERT INTO student_mentor_changes (student_id, mentor_id, changed_by) VALUES ($1, $2, $3)"};
constexpr db::Statement kUpdate{
    "students.update",
    "UPDATE students SET name = coalesce($2, name), "
    "course_id = coalesce((SELECT id FROM courses WHERE code = $3), course_id), status = coalesce($4, status), "
    "start_date = coalesce($5::date, start_date), updated_at = now() WHERE id = $1"};
// The account's course follows the record's (the curriculum and events read it there).
constexpr db::Statement kAccountCourse{
    "students.account_course",
    "UPDATE accounts SET course_id = (SELECT id FROM courses WHERE code = $2), updated_at = now() "
    "WHERE id = $1 AND course_id IS DISTINCT FROM (SELECT id FROM courses WHERE code = $2)"};

#define CAMP_MENTORING_SELECT                                                                          \
  "SELECT g.id, g.student_id, a.id, a.display_name, a.role, a.image_url, "                              \
  "floor(extract(epoch FROM g.held_at))::int8, g.body, floor(extract(epoch FROM g.created_at))::int8, " \
  "floor(extract(epoch FROM g.updated_at))::int8 FROM mentorings g LEFT JOIN people a ON a.id = g.author_id "
constexpr db::Statement kMentorings{"mentorings.list", CAMP_MENTORING_SELECT
                                    "WHERE g.student_id = $1 ORDER BY g.held_at DESC, g.id DESC LIMIT $2"};
constexpr db::Statement kMentoring{"mentorings.find", CAMP_MENTORING_SELECT "WHERE g.student_id = $1 AND g.id = $2"};
constexpr db::Statement kLockMentoring{"mentorings.lock",
                                       "SELECT 1 FROM mentorings WHERE student_id = $1 AND id = $2 FOR UPDATE"};
constexpr db::Statement kInsertMentoring{
    "mentorings.insert",
    "INSERT INTO mentorings (student_id, author_id, held_at, body) VALUES ($1, $2, to_timestamp($3), $4) RETURNING id"};
constexpr db::Statement kUpdateMentoring{
    "mentorings.update",
    "UPDATE mentorings SET held_at = coalesce(to_timestamp($2), held_at), body = coalesce($3, body), updated_at = now() "
    "WHERE id = $1"};
constexpr db::Statement kDeleteMentoring{"mentorings.delete", "DELETE FROM mentorings WHERE id = $1"};

constexpr db::Statement kProgress{
    "students.progress",
    "SELECT task_id, (min(created_at) AT TIME ZONE 'Asia/Tokyo')::date::text, "
    "(max(reviewed_at) FILTER (WHERE status = 'approved') AT TIME ZONE 'Asia/Tokyo')::date::text "
    "FROM submissions WHERE account_id = $1 GROUP BY task_id"};
constexpr db::Statement kTaskNames{"students.task_names",
                                   "SELECT id, title, curriculum_name FROM tasks WHERE id = ANY($1::int4[])"};
constexpr db::Statement kSubmissions{
    "students.submissions",
    "SELECT s.id, t.id, t.title, t.curriculum_name, s.status, s.repository_url, "
    "floor(extract(epoch FROM s.created_at))::int8, floor(extract(epoch FROM s.reviewed_at))::int8, "
    "r.status, r.comment, ra.id, ra.display_name, ra.role, ra.image_url, floor(extract(epoch FROM r.created_at))::int8 "
    "FROM submissions s JOIN tasks t ON t.id = s.task_id LEFT JOIN reviews r ON r.submission_id = s.id "
    "LEFT JOIN people ra ON ra.id = r.account_id WHERE s.account_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT $2"};
constexpr db::Statement kQuestions{
    "students.questions",
    "SELECT id, title, answers_count, solved_answer_id IS NOT NULL, floor(extract(epoch FROM created_at))::int8 "
    "FROM questions WHERE account_id = $1 AND (NOT $2::bool OR solved_answer_id IS NULL) "
    "ORDER BY created_at DESC, id DESC LIMIT $3"};

constexpr db::Statement kPlanRows{
    "course_plans.rows",
    "SELECT c.code, p.seq, p.task_id, p.kind, p.start_day, p.end_day FROM course_plan_periods p "
    "JOIN courses c ON c.id = p.course_id ORDER BY c.code, p.seq"};
constexpr db::Statement kPlanLock{"course_plans.lock", "LOCK TABLE course_plan_periods IN EXCLUSIVE MODE"};
constexpr db::Statement kPlanClear{"course_plans.clear", "DELETE FROM course_plan_periods"};
constexpr db::Statement kPlanInsert{
    "course_plans.insert",
    "INSERT INTO course_plan_periods (course_id, seq, task_id, kind, start_day, end_day) "
    "SELECT id, $2, $3, $4, $5, $6 FROM courses WHERE code = $1"};
constexpr db::Statement kRefreshAll{"students.refresh_due",
                                    "UPDATE students SET due_on = students_due_on(account_id, course_id, start_date)"};

TimePoint at(const pqxx::field& f) { return TimePoint{std::chrono::seconds(f.as<std::int64_t>())}; }
std::optional<TimePoint> at_opt(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return at(f);
}
std::optional<std::string> opt(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<std::string>();
}
std::optional<Date> date_opt(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return parse_date(f.as<std::string>());
}
std::optional<Person> person_at(const pqxx::row& r, int i) {
  if (r[i].is_null()) return std::nullopt;
  return Person{r[i].as<std::int64_t>(), r[i + 1].as<std::string>(), r[i + 2].as<std::string>(), opt(r[i + 3])};
}

Student read(const pqxx::row& r) {
  Student s;
  s.id = r[0].as<std::int64_t>();
  if (!r[1].is_null()) s.account_id = r[1].as<std::int64_t>();
  s.name = r[2].as<std::string>();
  s.nickname = r[3].as<std::string>();
  s.email = r[4].as<std::string>();
  s.image_url = opt(r[5]);
  s.course = {r[6].as<std::string>(), r[7].as<std::string>(), r[8].as<int>()};
  s.start_date = *parse_date(r[9].as<std::string>());
  s.status = r[10].as<std::string>();
  s.mentor = person_at(r, 11);
  s.due_on = date_opt(r[15]);
  s.created_at = at(r[16]);
  s.display_name = r[17].as<std::string>();
  s.anonymised = r[18].as<bool>();
  return s;
}

std::optional<Student> one(const pqxx::result& rows) {
  if (rows.empty()) return std::nullopt;
  return read(rows[0]);
}

Mentoring read_mentoring(const pqxx::row& r) {
  Mentoring m;
  m.id = r[0].as<std::int64_t>();
  m.student_id = r[1].as<std::int64_t>();
  m.author = person_at(r, 2);
  m.held_at = at(r[6]);
  m.body = r[7].as<std::string>();
  m.created_at = at(r[8]);
  m.updated_at = at(r[9]);
  return m;
}

std::optional<std::string> date_text(const std::optional<Date>& d) {
  if (!d) return std::nullopt;
  return format_date(*d);
}

}  // namespace

std::pair<std::vector<Student>, std::int64_t> list(db::Tx& tx, const ListQuery& q) {
  const auto today = format_date(q.today);
  const auto from = date_text(q.started_from), to = date_text(q.started_to);
  const auto rows = tx.exec(list_statement(q.sort, q.order), q.like, q.course, q.mentor_id, q.unassigned, q.status,
                            q.behind, today, from, to, q.limit, q.offset);
  std::vector<Student> out;
  for (const auto& r : rows) out.push_back(read(r));
  // A short page that is not empty is the last one: it tells the total without counting.
  const bool last = out.size() < static_cast<std::size_t>(q.limit) && (!out.empty() || q.offset == 0);
  const auto total = last ? q.offset + static_cast<std::int64_t>(out.size())
                          : tx.exec(kCount, q.like, q.course, q.mentor_id, q.unassigned, q.status, q.behind, today,
                                    from, to)[0][0]
                                .as<std::int64_t>();
  return {std::move(out), total};
}

std::optional<Student> find(db::Tx& tx, std::int64_t id) { return one(tx.exec(kFind, id)); }
std::optional<Student> find_by_account(db::Tx& tx, std::int64_t account_id) {
  return one(tx.exec(kFindByAccount, account_id));
}
std::optional<Student> find_by_email(db::Tx& tx, const std::string& email) { return one(tx.exec(kFindByEmail, email)); }
bool lock(db::Tx& tx, std::int64_t id) { return !tx.exec(kLock, id).empty(); }

std::vector<MentorChange> history(db::Tx& tx, std::int64_t student_id) {
  std::vector<MentorChange> out;
  for (const auto& r : tx.exec(kHistory, student_id)) out.push_back({person_at(r, 0), person_at(r, 4), at(r[8])});
  return out;
}

Counts counts(db::Tx& tx, const Student& s) {
  const auto r = tx.exec(kCounts, s.id, s.account_id.value_or(0))[0];
  return {r[0].as<std::int64_t>(), r[1].as<std::int64_t>(), r[2].as<std::int64_t>(), r[3].as<std::int64_t>()};
}

std::optional<Person> person(db::Tx& tx, std::int64_t account_id) {
  const auto rows = tx.exec(kPerson, account_id);
  if (rows.empty()) return std::nullopt;
  return person_at(rows[0], 0);
}

std::vector<Person> mentors(db::Tx& tx) {
  std::vector<Person> out;
  for (const auto& r : tx.exec(kMentors)) out.push_back(*person_at(r, 0));
  return out;
}

std::optional<std::int64_t> account_id_by_email(db::Tx& tx, const std::string& email) {
  const auto rows = tx.exec(kAccountByEmail, email);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<std::int64_t>();
}

void set_mentor(db::Tx& tx, std::int64_t student_id, std::optional<std::int64_t> mentor_id,
                std::optional<std::int64_t> changed_by) {
  tx.exec(kSetMentor, student_id, mentor_id);
  tx.exec(kMentorChange, student_id, mentor_id, changed_by);
}

void update(db::Tx& tx, const Student& s, const Update& u) {
  tx.exec(kUpdate, s.id, u.name, u.course, u.status, date_text(u.start_date));
  if (u.course && s.account_id) tx.exec(kAccountCourse, *s.account_id, *u.course);
}

std::vector<Mentoring> mentorings(db::Tx& tx, std::int64_t student_id, int limit) {
  std::vector<Mentoring> out;
  for (const auto& r : tx.exec(kMentorings, student_id, limit)) out.push_back(read_mentoring(r));
  return out;
}

std::optional<Mentoring> mentoring(db::Tx& tx, std::int64_t student_id, std::int64_t id, bool for_update) {
  if (for_update && tx.exec(kLockMentoring, student_id, id).empty()) return std::nullopt;
  const auto rows = tx.exec(kMentoring, student_id, id);
  if (rows.empty()) return std::nullopt;
  return read_mentoring(rows[0]);
}

std::int64_t insert_mentoring(db::Tx& tx, std::int64_t student_id, std::int64_t author_id, TimePoint held_at,
                              const std::string& body) {
  const auto seconds = unix_seconds(held_at);
  return tx.exec(kInsertMentoring, student_id, author_id, seconds, body)[0][0].as<std::int64_t>();
}

void update_mentoring(db::Tx& tx, std::int64_t id, std::optional<TimePoint> held_at, const std::optional<std::string>& body) {
  std::optional<std::int64_t> seconds;
  if (held_at) seconds = unix_seconds(*held_at);
  tx.exec(kUpdateMentoring, id, seconds, body);
}

void delete_mentoring(db::Tx& tx, std::int64_t id) { tx.exec(kDeleteMentoring, id); }

std::map<int, TaskProgress> progress(db::Tx& tx, std::int64_t account_id) {
  std::map<int, TaskProgress> out;
  for (const auto& r : tx.exec(kProgress, account_id)) out[r[0].as<int>()] = {date_opt(r[1]), date_opt(r[2])};
  return out;
}

void task_names(db::Tx& tx, Gantt& g) {
  std::string ids = "{";
  for (const auto& p : g.periods) ids += (ids.size() > 1 ? "," : "") + std::to_string(p.plan.task_id);
  ids += "}";
  for (const auto& r : tx.exec(kTaskNames, ids)) {
    g.task_titles[r[0].as<int>()] = r[1].as<std::string>();
    g.task_curriculums[r[0].as<int>()] = r[2].as<std::string>();
  }
}

std::vector<StudentSubmission> submissions(db::Tx& tx, std::int64_t account_id, int limit) {
  std::vector<StudentSubmission> out;
  for (const auto& r : tx.exec(kSubmissions, account_id, limit)) {
    StudentSubmission s;
    s.id = r[0].as<std::int64_t>();
    s.task_id = r[1].as<int>();
    s.task_title = r[2].as<std::string>();
    s.curriculum_name = r[3].as<std::string>();
    s.status = r[4].as<std::string>();
    s.repository_url = r[5].as<std::string>();
    s.created_at = at(r[6]);
    s.reviewed_at = at_opt(r[7]);
    if (!r[8].is_null())
      s.review = StudentSubmission::Review{r[8].as<std::string>(), r[9].as<std::string>(), person_at(r, 10), at(r[14])};
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<StudentQuestion> questions(db::Tx& tx, std::int64_t account_id, bool open_only, int limit) {
  std::vector<StudentQuestion> out;
  for (const auto& r : tx.exec(kQuestions, account_id, open_only, limit))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<int>(), r[3].as<bool>(), at(r[4])});
  return out;
}

bool sync_plans(db::Tx& tx, const std::vector<CoursePlan>& plans) {
  std::string want, have;
  auto line = [](const std::string& code, int seq, int task, std::string_view kind, int a, int b) {
    return code + "|" + std::to_string(seq) + "|" + std::to_string(task) + "|" + std::string(kind) + "|" +
           std::to_string(a) + "|" + std::to_string(b) + "\n";
  };
  std::vector<std::string> lines;
  for (const auto& p : plans) {
    int seq = 0;
    for (const auto& period : p.periods)
      lines.push_back(line(p.course, ++seq, period.task_id, to_string(period.kind), period.start_day, period.end_day));
  }
  std::sort(lines.begin(), lines.end());
  for (const auto& l : lines) want += l;
  std::vector<std::string> stored;
  for (const auto& r : tx.exec(kPlanRows))
    stored.push_back(line(r[0].as<std::string>(), r[1].as<int>(), r[2].as<int>(), r[3].as<std::string>(), r[4].as<int>(),
                          r[5].as<int>()));
  std::sort(stored.begin(), stored.end());
  for (const auto& l : stored) have += l;
  if (want == have) return false;
  tx.exec(kPlanLock);
  tx.exec(kPlanClear);
  for (const auto& p : plans) {
    int seq = 0;
    for (const auto& period : p.periods)
      tx.exec(kPlanInsert, p.course, ++seq, period.task_id, std::string(to_string(period.kind)), period.start_day,
              period.end_day);
  }
  tx.exec(kRefreshAll);
  return true;
}

}  // namespace camp::students::repo
