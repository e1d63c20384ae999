#include "students/plan.hpp"

#include <yaml-cpp/yaml.h>

#include "core/error.hpp"

namespace camp::students {

std::string_view to_string(PeriodKind kind) { return kind == PeriodKind::approval ? "approval" : "first_submission"; }

std::string_view to_string(PeriodState state) {
  switch (state) {
    case PeriodState::done: return "done";
    case PeriodState::behind: return "behind";
    case PeriodState::paused: return "paused";
    case PeriodState::in_progress: return "in_progress";
    case PeriodState::upcoming: return "upcoming";
  }
  return "upcoming";
}

CoursePlan parse_plan(std::string_view yaml) {
  CoursePlan plan;
  try {
    const auto root = YAML::Load(std::string(yaml));
    plan.course = root["course"].as<std::string>();
    plan.days = root["days"].as<int>();
    for (const auto& p : root["periods"]) {
      PlanPeriod period;
      period.task_id = p["task_id"].as<int>();
      const auto kind = p["kind"].as<std::string>();
      if (kind == "approval") period.kind = PeriodKind::approval;
      else if (kind == "first_submission") period.kind = PeriodKind::first_submission;
      else throw Error(errc::invalid, "course plan " + plan.course + ": unknown kind " + kind);
      period.start_day = p["start_day"].as<int>();
      period.end_day = p["end_day"].as<int>();
      if (period.task_id <= 0 || period.start_day < 1 || period.end_day < period.start_day || period.end_day > plan.days)
        throw Error(errc::invalid, "course plan " + plan.course + ": period of task " + std::to_string(period.task_id) +
                                       " must lie within days 1.." + std::to_string(plan.days));
      plan.periods.push_back(period);
    }
  } catch (const YAML::Exception& e) {
    throw Error(errc::invalid, std::string("course plan: ") + e.what());
  }
  if (plan.periods.empty()) throw Error(errc::invalid, "course plan " + plan.course + " has no periods");
  return plan;
}

const std::vector<CoursePlan>& plans() {
  static const std::vector<CoursePlan> all = [] {
    std::vector<CoursePlan> out;
    for (const auto yaml : embedded_plan_yamls()) out.push_back(parse_plan(yaml));
    return out;
  }();
  return all;
}

const CoursePlan* plan_for(std::string_view course) {
  for (const auto& p : plans())
    if (p.course == course) return &p;
  return nullptr;
}

Date plan_day(Date start, int day) { return Date{std::chrono::sys_days(start) + std::chrono::days(day - 1)}; }

std::vector<GanttPeriod> gantt(const CoursePlan& plan, Date start, std::string_view status, Date today,
                               const std::map<int, TaskProgress>& progress) {
  std::vector<GanttPeriod> out;
  const auto today_days = std::chrono::sys_days(today);
  int index = 0;
  for (const auto& p : plan.periods) {
    GanttPeriod g;
    g.index = ++index;
    g.plan = p;
    g.starts_on = plan_day(start, p.start_day);
    g.ends_on = plan_day(start, p.end_day);
    if (const auto it = progress.find(p.task_id); it != progress.end()) {
      g.submitted_on = it->second.first_submitted;
      g.approved_on = it->second.approved;
    }
    const auto satisfied = p.kind == PeriodKind::approval ? g.approved_on : g.submitted_on;
    if (satisfied) {
      g.state = PeriodState::done;
      g.late = std::chrono::sys_days(*satisfied) > std::chrono::sys_days(g.ends_on);
    } else if (std::chrono::sys_days(g.ends_on) < today_days) {
      g.state = status == "active" ? PeriodState::behind : PeriodState::paused;
    } else if (std::chrono::sys_days(g.starts_on) <= today_days) {
      g.state = PeriodState::in_progress;
    } else {
      g.state = PeriodState::upcoming;
    }
    out.push_back(g);
  }
  return out;
}

bool behind(const std::vector<GanttPeriod>& periods) {
  for (const auto& p : periods)
    if (p.state == PeriodState::behind) return true;
  return false;
}

std::optional<Date> due_on(const std::vector<GanttPeriod>& periods) {
  std::optional<Date> out;
  for (const auto& p : periods) {
    if (p.state == PeriodState::done) continue;
    if (!out || std::chrono::sys_days(p.ends_on) < std::chrono::sys_days(*out)) out = p.ends_on;
  }
  return out;
}

}  // namespace camp::students
