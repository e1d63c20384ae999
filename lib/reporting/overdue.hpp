#pragma once
// What has waited too long, for the notifications' daily scan (lib/notifications/scan.hpp):
// claimed submissions nobody reviewed, questions nobody answered, students behind their plan.
// Cross-domain reads, like waiting.hpp; each list is oldest first and at most `limit` long.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/pool.hpp"

namespace camp::reporting {

// A submission still waiting for its review, claimed `min_days` days before `now` or earlier
// but less than `max_days` ago.
struct OverdueClaim {
  std::int64_t submission_id = 0, claimer_id = 0, student_id = 0, claimed_at = 0;  // claimed_at: epoch seconds
  int task_id = 0;
  std::string task_title, curriculum_name, student_name;  // the student's display name
};
std::vector<OverdueClaim> overdue_claims(db::Tx& tx, TimePoint now, int min_days, int max_days, int limit);

// A question without any answer, asked `min_days` days before `now` or earlier but less than
// `max_days` ago.
struct UnansweredQuestion {
  std::int64_t id = 0;
  std::string title;
};
std::vector<UnansweredQuestion> unanswered_since(db::Tx& tx, TimePoint now, int min_days, int max_days, int limit);

// An active student with a mentor in charge and a plan period not satisfied that ended before
// `today` (students.due_on < today: the list's `behind`, docs/students.md), less than
// `max_days` before it.
struct BehindStudent {
  std::int64_t student_id = 0, mentor_id = 0;
  std::string name, due_on;  // name: the display name; due_on: YYYY-MM-DD, the earliest end missed
};
std::vector<BehindStudent> behind_students(db::Tx& tx, Date today, int max_days, int limit);

}  // namespace camp::reporting
