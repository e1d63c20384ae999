#pragma once
// Student management use cases (docs/students.md). Each is one transaction (or one autocommit
// read): validate -> load and lock -> policy (who may, decided here) -> write -> read back.
// Who: admin and mentors see every student; a student sees only their own record (404 for
// any other); graduates and trial accounts see nothing here (404). Changing the mentor in
// charge or the record is the admin's (a mentor gets 403); mentoring records are written by
// admins and mentors and edited or deleted by their author or an admin (403 otherwise).
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "students/model.hpp"

namespace camp::students {

struct ListParams {
  std::string q;
  std::optional<std::string> course;
  std::optional<std::int64_t> mentor_id;
  bool unassigned = false;
  std::optional<std::string> status;
  bool behind = false;
  std::optional<Date> started_from, started_to;
  std::string sort = "start_date", order = "desc";
  int page = 1, per = 20;
};

struct Page {
  std::vector<Student> items;
  int page = 1, per = 20;
  std::int64_t total = 0;
};

struct StudentInput {
  std::optional<std::string> name, course, start_date, status;
};

struct MentoringInput {
  std::optional<std::string> held_at, body;  // absent: unchanged (edit); required on create
};

class StudentService {
 public:
  StudentService(db::Pool& pool, const Clock& clock) : pool_(pool), clock_(clock) {}

  Date today() const { return clock_.today(); }

  Page list(const accounts::Account& actor, const ListParams& params);
  Detail get(const accounts::Account& actor, std::int64_t id);
  Detail update(const accounts::Account& actor, std::int64_t id, const StudentInput& input);
  // `mentor_id` none: 422 fields.mentor_id '担当は必須です'.
  Detail assign_mentor(const accounts::Account& actor, std::int64_t id, std::optional<std::int64_t> mentor_id);

  std::vector<Mentoring> mentorings(const accounts::Account& actor, std::int64_t id);
  Mentoring add_mentoring(const accounts::Account& actor, std::int64_t id, const MentoringInput& input);
  Mentoring edit_mentoring(const accounts::Account& actor, std::int64_t id, std::int64_t mentoring_id,
                           const MentoringInput& input);
  void delete_mentoring(const accounts::Account& actor, std::int64_t id, std::int64_t mentoring_id);

  Gantt gantt(const accounts::Account& actor, std::int64_t id);
  std::vector<StudentSubmission> submissions(const accounts::Account& actor, std::int64_t id);
  std::vector<StudentQuestion> questions(const accounts::Account& actor, std::int64_t id);
  std::vector<Person> mentors(const accounts::Account& actor);

  // By student id or e-mail (`camp students show`); 404 when there is none. Staff.
  Detail find(const accounts::Account& actor, const std::string& id_or_email);
  // By student id or e-mail and mentor account id or e-mail (`camp students assign-mentor`). Admins.
  Detail assign_mentor(const accounts::Account& actor, const std::string& student, const std::string& mentor);

  // Writes config/course-plans into course_plan_periods when they differ (and recomputes every
  // student's due_on). The daemon and the CLI call it at start; true when something changed.
  bool sync_plans();

  // The role checks alone (routes ask them before reading a body): not admin or mentor 404;
  // require_admin: a mentor 403.
  static void require_staff(const accounts::Account& actor);
  static void require_admin(const accounts::Account& actor);

  // Shared with the dashboard and the import (same transaction as the caller).
  static Gantt gantt_of(db::Tx& tx, const Student& s, Date today);
  static void validate_mentor(db::Tx& tx, std::optional<std::int64_t> mentor_id);

 private:
  Detail detail(db::Tx& tx, const Student& s);
  Detail assign(db::Tx& tx, std::int64_t id, std::optional<std::int64_t> mentor_id, std::optional<std::int64_t> by);
  Student visible(db::Tx& tx, const accounts::Account& actor, std::int64_t id);

  db::Pool& pool_;
  const Clock& clock_;
};

// Who may read the student records and their mentoring records (the notifications about a
// student, a mention in a mentoring record): admins and mentors.
bool may_read_records(const accounts::Account& actor);

}  // namespace camp::students
