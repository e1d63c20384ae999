#pragma once
// Course plans and the Gantt chart (docs/students.md "Gantt"): pure functions, no database.
// A plan is data (config/course-plans/<course>.yaml, compiled in): periods over days counted
// from the student's start date (day 1), each naming a task and what the period asks of it.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"

namespace camp::students {

enum class PeriodKind { approval, first_submission };
std::string_view to_string(PeriodKind kind);

struct PlanPeriod {
  int task_id = 0;
  PeriodKind kind = PeriodKind::approval;
  int start_day = 1;
  int end_day = 1;
};

struct CoursePlan {
  std::string course;  // courses.code
  int days = 0;
  std::vector<PlanPeriod> periods;
};

// Reads one plan file; errc::invalid naming the problem (a period outside 1..days, start > end,
// an unknown kind).
CoursePlan parse_plan(std::string_view yaml);
// The compiled-in plans (config/course-plans/*.yaml), parsed once.
const std::vector<CoursePlan>& plans();
const CoursePlan* plan_for(std::string_view course);

// What a student has done on a task (school-time dates).
struct TaskProgress {
  std::optional<Date> first_submitted;
  std::optional<Date> approved;
};

enum class PeriodState { done, behind, paused, in_progress, upcoming };
std::string_view to_string(PeriodState state);

struct GanttPeriod {
  int index = 0;  // 1-based, plan order
  PlanPeriod plan;
  Date starts_on, ends_on;
  std::optional<Date> submitted_on, approved_on;
  PeriodState state = PeriodState::upcoming;
  bool late = false;  // done after ends_on
};

// Day n of a plan started on `start` (day 1 = start).
Date plan_day(Date start, int day);

// The periods of `plan` for a student who started on `start`, as of `today`. `status`:
// active | on_leave | graduated; only an active student's ended, unsatisfied period is
// `behind` (the others are `paused`); a period ending today is not behind yet.
std::vector<GanttPeriod> gantt(const CoursePlan& plan, Date start, std::string_view status, Date today,
                               const std::map<int, TaskProgress>& progress);
bool behind(const std::vector<GanttPeriod>& periods);
// The earliest end of a period not satisfied (what students.due_on keeps in SQL), or none.
std::optional<Date> due_on(const std::vector<GanttPeriod>& periods);

// "2026-11-25" and back (nothing for anything else, including 2026-02-30).

// The compiled-in YAML texts (generated from config/course-plans by lib/CMakeLists.txt).
const std::vector<std::string_view>& embedded_plan_yamls();

}  // namespace camp::students
