#pragma once
// Students (docs/students.md): the record of a student, the mentor in charge and its
// history, mentoring records. What the API and `camp students ... --json` print.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "core/clock.hpp"
#include "students/plan.hpp"

namespace camp::students {

inline constexpr int kMaxMentorings = 500;

// A mentor, an author, whoever changed something.
struct Person {
  std::int64_t id = 0;
  std::string display_name;
  std::string role;
  std::optional<std::string> image_url;
};

struct Student {
  std::int64_t id = 0;
  std::optional<std::int64_t> account_id;  // none while only invited
  std::string name, nickname, email;
  std::string display_name;  // the nickname, else the record's name, else the e-mail's local part
  std::optional<std::string> image_url;
  accounts::Course course;
  Date start_date;
  std::string status;  // active | on_leave | graduated
  std::optional<Person> mentor;
  std::optional<Date> due_on;
  TimePoint created_at;
  bool anonymised = false;  // its account was anonymised (a deletion request, privacy/anonymise.hpp)
};
bool is_behind(const Student& s, Date today);
bool valid_status(std::string_view status);

struct MentorChange {
  std::optional<Person> mentor, changed_by;
  TimePoint changed_at;
};

struct Counts {
  std::int64_t mentorings = 0, submissions = 0, approved_tasks = 0, questions = 0;
};

struct Detail {
  Student student;
  std::vector<MentorChange> history;
  Counts counts;
};

struct Mentoring {
  std::int64_t id = 0, student_id = 0;
  std::optional<Person> author;
  TimePoint held_at, created_at, updated_at;
  std::string body;
};

struct StudentSubmission {
  std::int64_t id = 0;
  int task_id = 0;
  std::string task_title, curriculum_name, status, repository_url;
  TimePoint created_at;
  std::optional<TimePoint> reviewed_at;
  struct Review {
    std::string status, comment;
    std::optional<Person> reviewer;
    TimePoint created_at;
  };
  std::optional<Review> review;
};

struct StudentQuestion {
  std::int64_t id = 0;
  std::string title;
  int answers_count = 0;
  bool solved = false;
  TimePoint created_at;
};

struct Gantt {
  Student student;
  const CoursePlan* plan = nullptr;
  Date today;
  std::vector<GanttPeriod> periods;
  std::map<int, std::string> task_titles, task_curriculums;
};

nlohmann::json to_json(const Person& p);
nlohmann::json to_json(const accounts::Course& c);
nlohmann::json to_json(const Student& s, Date today);
nlohmann::json to_json(const Detail& d, Date today);
nlohmann::json to_json(const Mentoring& m);
nlohmann::json to_json(const StudentSubmission& s);
nlohmann::json to_json(const StudentQuestion& q);
nlohmann::json to_json(const Gantt& g);

}  // namespace camp::students
