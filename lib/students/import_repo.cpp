#include "students/import_repo.hpp"

#include "db/arrays.hpp"

namespace camp::students::import_repo {
namespace {

// Existing records, accounts and mentors of the file's e-mails ($1: lowered e-mails).
constexpr db::Statement kExisting{
    "student_import.existing",
    "SELECT lower(s.email), s.id, s.name, c.code, s.start_date::text, s.status, s.mentor_id, s.account_id "
    "FROM students s JOIN courses c ON c.id = s.course_id WHERE lower(s.email) = ANY($1::text[])"};
constexpr db::Statement kAccounts{"student_import.accounts",
                                  "SELECT lower(email), id, role FROM accounts WHERE lower(email) = ANY($1::text[])"};
constexpr db::Statement kInsert{
    "student_import.insert",
    "INSERT INTO students (email, name, course_id, start_date, status, mentor_id, account_id) "
    "SELECT u.email, u.name, c.id, u.start_date, u.status, u.mentor_id, u.account_id "
    "FROM unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::text[], $6::int8[], $7::int8[]) "
    "WITH ORDINALITY AS u(email, name, course, start_date, status, mentor_id, account_id, n) "
    "JOIN courses c ON c.code = u.course ORDER BY u.n RETURNING id, mentor_id"};
constexpr db::Statement kUpdate{
    "student_import.update",
    "UPDATE students s SET name = u.name, course_id = c.id, start_date = u.start_date, status = u.status, "
    "mentor_id = u.mentor_id, updated_at = now() "
    "FROM unnest($1::int8[], $2::text[], $3::text[], $4::date[], $5::text[], $6::int8[]) "
    "AS u(id, name, course, start_date, status, mentor_id) JOIN courses c ON c.code = u.course WHERE s.id = u.id"};
constexpr db::Statement kAccountCourses{
    "student_import.account_courses",
    "UPDATE accounts a SET course_id = s.course_id, updated_at = now() FROM students s "
    "WHERE s.id = ANY($1::int8[]) AND a.id = s.account_id AND a.course_id IS DISTINCT FROM s.course_id"};
constexpr db::Statement kHistory{
    "student_import.history",
    "INSERT INTO student_mentor_changes (student_id, mentor_id, changed_by) "
    "SELECT u.id, u.mentor_id, $3 FROM unnest($1::int8[], $2::int8[]) AS u(id, mentor_id)"};

// The batch statements' arrays: NULL where a row has no value.
std::string array(const std::vector<std::optional<std::string>>& items) { return db::nullable_text_array(items); }

std::optional<std::string> id_text(std::optional<std::int64_t> id) {
  if (!id) return std::nullopt;
  return std::to_string(*id);
}

std::optional<std::int64_t> optional_id(const pqxx::field& f) {
  return f.is_null() ? std::nullopt : std::optional(f.as<std::int64_t>());
}

}  // namespace

std::unordered_map<std::string, ExistingStudent> find_students(db::Tx& tx, const std::vector<std::string>& emails) {
  std::unordered_map<std::string, ExistingStudent> out;
  for (const auto& r : tx.exec(kExisting, db::text_array(emails)))
    out[r[0].as<std::string>()] = {r[1].as<std::int64_t>(), r[2].as<std::string>(), r[3].as<std::string>(),
                                   r[4].as<std::string>(), r[5].as<std::string>(), optional_id(r[6]), optional_id(r[7])};
  return out;
}

std::unordered_map<std::string, ExistingAccount> find_accounts(db::Tx& tx, const std::vector<std::string>& emails) {
  std::unordered_map<std::string, ExistingAccount> out;
  for (const auto& r : tx.exec(kAccounts, db::text_array(emails)))
    out[r[0].as<std::string>()] = {r[1].as<std::int64_t>(), r[2].as<std::string>()};
  return out;
}

std::vector<InsertedStudent> insert_students(db::Tx& tx, const std::vector<NewStudent>& students) {
  std::vector<std::optional<std::string>> email, name, course, start, status, mentor, account;
  for (const auto& s : students) {
    email.emplace_back(s.email);
    name.emplace_back(s.name);
    course.emplace_back(s.course);
    start.emplace_back(s.start_date);
    status.emplace_back(s.status);
    mentor.push_back(id_text(s.mentor_id));
    account.push_back(id_text(s.account_id));
  }
  std::vector<InsertedStudent> out;
  for (const auto& r : tx.exec(kInsert, array(email), array(name), array(course), array(start), array(status),
                               array(mentor), array(account)))
    out.push_back({r[0].as<std::int64_t>(), optional_id(r[1])});
  return out;
}

void update_students(db::Tx& tx, const std::vector<StudentChange>& changes) {
  std::vector<std::optional<std::string>> id, name, course, start, status, mentor;
  for (const auto& c : changes) {
    id.push_back(id_text(c.id));
    name.emplace_back(c.name);
    course.emplace_back(c.course);
    start.emplace_back(c.start_date);
    status.emplace_back(c.status);
    mentor.push_back(id_text(c.mentor_id));
  }
  tx.exec(kUpdate, array(id), array(name), array(course), array(start), array(status), array(mentor));
}

void update_account_courses(db::Tx& tx, const std::vector<std::int64_t>& student_ids) {
  tx.exec(kAccountCourses, db::int_array(student_ids));
}

void record_mentor_changes(db::Tx& tx, const std::vector<MentorAssignment>& changes,
                           std::optional<std::int64_t> changed_by) {
  std::vector<std::optional<std::string>> id, mentor;
  for (const auto& c : changes) {
    id.push_back(id_text(c.student_id));
    mentor.push_back(id_text(c.mentor_id));
  }
  tx.exec(kHistory, array(id), array(mentor), changed_by);
}

}  // namespace camp::students::import_repo
