#pragma once
// The figures of the admin's dashboard and the student's my page: read across domains
// (submissions, questions, events, students, mails, curriculums) in a few indexed statements,
// never a loop over students. lib/students/dashboard.cpp words them as JSON.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/pool.hpp"
#include "reporting/definitions.hpp"

namespace camp::reporting {

struct CourseFigures {
  std::string code, name;
  int months = 0;
  std::int64_t active = 0, behind = 0;
};

struct UpcomingEvent {
  std::int64_t id = 0;
  std::string title;
  TimePoint starts_at, ends_at;
  int participants_count = 0, capacity = 0;
  bool cancelled = false;
};

struct SchoolFigures {
  std::int64_t waiting_submissions = 0;
  std::optional<TimePoint> oldest_waiting;  // the oldest waiting submission's time
  // Waiting submissions per bucket of reporting::kWaitingAgeBuckets (reporting/definitions.hpp).
  std::array<std::int64_t, kWaitingAgeBuckets.size()> waiting_by_age{};
  std::int64_t unanswered_questions = 0;
  std::int64_t upcoming_events = 0;  // as the event list's 今後 tab
  std::int64_t new_students = 0;  // starting between the two days given
  std::int64_t failed_mails = 0;
  std::int64_t behind = 0;  // active students past their due day
  std::vector<CourseFigures> courses;  // every course, in id order
  std::vector<UpcomingEvent> next_events;  // as upcoming_events(now, events)
};
// The admin's dashboard in one statement (one snapshot: every figure agrees with the others).
// `today` is the school date; new students are those starting in [first_day, last_day].
SchoolFigures school_figures(db::Tx& tx, Date today, Date first_day, Date last_day, TimePoint now, int events);

// The event list's upcoming events (published or cancelled, not ended at `now`), soonest first.
std::vector<UpcomingEvent> upcoming_events(db::Tx& tx, TimePoint now, int limit);

struct CurriculumProgress {
  std::string name, title;
  int tasks = 0, submitted = 0, approved = 0;
};
// One account's submitted and approved tasks per curriculum, in curriculum order.
std::vector<CurriculumProgress> curriculum_progress(db::Tx& tx, std::int64_t account_id);

}  // namespace camp::reporting
