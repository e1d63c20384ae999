#pragma once
// The only SQL about students, their mentors in charge, mentoring records and the course plan
// rows. Every function runs in the caller's transaction or autocommit scope.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "students/model.hpp"

namespace camp::students::repo {

struct ListQuery {
  std::optional<std::string> like;  // a LIKE pattern on the lowered search text
  std::optional<std::string> course;
  std::optional<std::int64_t> mentor_id;
  bool unassigned = false;
  std::optional<std::string> status;
  bool behind = false;
  Date today;
  std::optional<Date> started_from, started_to;
  std::string sort = "start_date", order = "desc";
  int limit = 20, offset = 0;
};
// The page and the number of matches.
std::pair<std::vector<Student>, std::int64_t> list(db::Tx& tx, const ListQuery& q);

std::optional<Student> find(db::Tx& tx, std::int64_t id);
std::optional<Student> find_by_account(db::Tx& tx, std::int64_t account_id);
std::optional<Student> find_by_email(db::Tx& tx, const std::string& email);
bool lock(db::Tx& tx, std::int64_t id);  // FOR UPDATE; false when gone

std::vector<MentorChange> history(db::Tx& tx, std::int64_t student_id);
Counts counts(db::Tx& tx, const Student& s);
std::optional<Person> person(db::Tx& tx, std::int64_t account_id);
std::vector<Person> mentors(db::Tx& tx);
std::optional<std::int64_t> account_id_by_email(db::Tx& tx, const std::string& email);
void set_mentor(db::Tx& tx, std::int64_t student_id, std::optional<std::int64_t> mentor_id,
                std::optional<std::int64_t> changed_by);

struct Update {
  std::optional<std::string> name, course, status;
  std::optional<Date> start_date;
};
void update(db::Tx& tx, const Student& s, const Update& u);

std::vector<Mentoring> mentorings(db::Tx& tx, std::int64_t student_id, int limit);
std::optional<Mentoring> mentoring(db::Tx& tx, std::int64_t student_id, std::int64_t id, bool for_update);
std::int64_t insert_mentoring(db::Tx& tx, std::int64_t student_id, std::int64_t author_id, TimePoint held_at,
                              const std::string& body);
void update_mentoring(db::Tx& tx, std::int64_t id, std::optional<TimePoint> held_at, const std::optional<std::string>& body);
void delete_mentoring(db::Tx& tx, std::int64_t id);

// Per task: the first submission and the approval (school dates) of an account.
std::map<int, TaskProgress> progress(db::Tx& tx, std::int64_t account_id);
// Titles and curriculums of the given tasks.
void task_names(db::Tx& tx, Gantt& g);
std::vector<StudentSubmission> submissions(db::Tx& tx, std::int64_t account_id, int limit);
std::vector<StudentQuestion> questions(db::Tx& tx, std::int64_t account_id, bool open_only, int limit);

// The plan rows: replaced when they differ from `plans` (then every due_on is recomputed).
bool sync_plans(db::Tx& tx, const std::vector<CoursePlan>& plans);

}  // namespace camp::students::repo
