#pragma once
// Submissions waiting for their first review, oldest first: the reviews domain's own query,
// which the mentors' daily digest (lib/mail/waiting.cpp) words as one of its sections.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/pool.hpp"

namespace camp::reviews {

struct WaitingSubmission {
  std::int64_t task_id = 0;
  std::string task_title;
  std::string nickname;  // the student's; "" when none
  std::int64_t days_waiting = 0;
};
struct WaitingSubmissions {
  std::size_t total = 0;                 // all that qualify
  std::vector<WaitingSubmission> oldest;  // at most `limit` of them
};

// Those submitted `min_days` days before `now` or earlier and still waiting.
WaitingSubmissions waiting_submissions(db::Tx& tx, TimePoint now, int min_days, std::size_t limit);

}  // namespace camp::reviews
