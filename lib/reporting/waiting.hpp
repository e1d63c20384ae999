#pragma once
// What is waiting: questions nobody answered and submissions nobody reviewed (the mentors'
// digest), questions answered but left unsolved (the askers' reminders), oldest first.
// Cross-domain reads live here, in the reporting module, so the daily mail jobs
// (lib/mail/waiting.cpp) word them without reading other domains' tables themselves.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/pool.hpp"

namespace camp::reporting {

struct WaitingQuestion {
  std::int64_t id = 0;
  std::string title;
  std::int64_t days_waiting = 0;
};
struct WaitingSubmission {
  std::int64_t task_id = 0;
  std::string task_title;
  std::string student_name;  // the student's display name
  std::int64_t days_waiting = 0;
};
template <typename Item>
struct Waiting {
  std::size_t total = 0;     // all that qualify
  std::vector<Item> oldest;  // at most `limit` of them
};

// Questions without any answer, asked `min_days` days before `now` or earlier.
Waiting<WaitingQuestion> unanswered_questions(db::Tx& tx, TimePoint now, int min_days, std::size_t limit);
// Submissions still waiting for their first review, submitted `min_days` days before `now` or earlier.
Waiting<WaitingSubmission> waiting_submissions(db::Tx& tx, TimePoint now, int min_days, std::size_t limit);

// Questions whose first answer from someone other than the asker is `min_days` days old at
// `now` or older, still without a solution and never reminded (question_reminders), by id.
struct UnsolvedQuestion {
  std::int64_t id = 0;
  std::string title;
  std::int64_t asker_id = 0;
};
std::vector<UnsolvedQuestion> unsolved_questions(db::Tx& tx, TimePoint now, int min_days, std::size_t limit);

}  // namespace camp::reporting
