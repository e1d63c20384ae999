#pragma once
// The only SQL of `camp students import` (students/import.hpp): batch reads and writes of many
// student records at once. Every function runs in the caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "db/pool.hpp"

namespace camp::students::import_repo {

struct ExistingStudent {
  std::int64_t id = 0;
  std::string name, course, start_date, status;  // course: its code; start_date: YYYY-MM-DD
  std::optional<std::int64_t> mentor_id, account_id;
};
// The records of those e-mails (given in lower case), by lower-case e-mail.
std::unordered_map<std::string, ExistingStudent> find_students(db::Tx& tx, const std::vector<std::string>& emails);

struct ExistingAccount {
  std::int64_t id = 0;
  std::string role;
};
// The accounts of those e-mails (given in lower case), by lower-case e-mail.
std::unordered_map<std::string, ExistingAccount> find_accounts(db::Tx& tx, const std::vector<std::string>& emails);

struct NewStudent {
  std::string email, name, course, start_date, status;
  std::optional<std::int64_t> mentor_id, account_id;
};
struct InsertedStudent {
  std::int64_t id = 0;
  std::optional<std::int64_t> mentor_id;
};
// In the order given.
std::vector<InsertedStudent> insert_students(db::Tx& tx, const std::vector<NewStudent>& students);

struct StudentChange {
  std::int64_t id = 0;
  std::string name, course, start_date, status;
  std::optional<std::int64_t> mentor_id;
};
void update_students(db::Tx& tx, const std::vector<StudentChange>& changes);
// The linked accounts of those records take the record's course.
void update_account_courses(db::Tx& tx, const std::vector<std::int64_t>& student_ids);

struct MentorAssignment {
  std::int64_t student_id = 0;
  std::optional<std::int64_t> mentor_id;  // none: the mentor was taken away
};
void record_mentor_changes(db::Tx& tx, const std::vector<MentorAssignment>& changes,
                           std::optional<std::int64_t> changed_by);

}  // namespace camp::students::import_repo
