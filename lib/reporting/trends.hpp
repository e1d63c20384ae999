#pragma once
// The dashboard's trends by school week (Asia/Tokyo, weeks start on Monday): submissions,
// reviews, the median wait for a review and the students behind plan, read across domains in
// one statement (docs/students.md "Dashboard").
#include <cstdint>
#include <optional>
#include <vector>

#include "core/clock.hpp"
#include "db/pool.hpp"

namespace camp::reporting {

struct WeekFigures {
  Date week_start;                  // a Monday
  std::int64_t submissions = 0;     // made that week
  std::int64_t reviews = 0;         // given that week
  std::optional<double> median_review_wait_hours;  // submission to review, of that week's reviews
  std::int64_t behind = 0;          // active students behind plan at the week's end (this week: today)
};

// The `weeks` weeks up to the one holding `today` (a school date), oldest first. "Behind" at a
// day D is the students list's rule on D: a plan period ended before D and not satisfied by D
// (its task's first submission, or its approval, made on D or earlier), for students whose
// record is active now; on today it is the dashboard's behind figure.
std::vector<WeekFigures> weekly_trends(db::Tx& tx, Date today, int weeks);

}  // namespace camp::reporting
