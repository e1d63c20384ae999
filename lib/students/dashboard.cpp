#include "students/dashboard.hpp"

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/limits.hpp"
#include "reporting/dashboard.hpp"
#include "reporting/trends.hpp"
#include "students/repo.hpp"
#include "students/service.hpp"

namespace camp::students {
namespace {

// The review queue (web) filtered to one bucket: age=from (days, at least) and age_below (fewer
// than), the queue's older_than_days and newer_than_days.
std::string queue_link(const reporting::AgeBucket& b) {
  std::string query;
  if (b.from_days > 0) query += "age=" + std::to_string(b.from_days);
  if (b.below_days) query += (query.empty() ? "" : "&") + std::string("age_below=") + std::to_string(*b.below_days);
  return query.empty() ? "/reviews" : "/reviews?" + query;
}

nlohmann::json event_json(const reporting::UpcomingEvent& e) {
  return {{"id", e.id}, {"title", e.title}, {"starts_at", iso_school(e.starts_at)}, {"ends_at", iso_school(e.ends_at)},
          {"cancelled", e.cancelled}};
}

}  // namespace

nlohmann::json DashboardService::dashboard(const accounts::Account& actor) {
  if (actor.role != accounts::Role::admin) throw Error(errc::not_found, std::string(msg::not_found));
  const auto today = clock_.today();
  const auto now = clock_.now();
  const Date first{today.year(), today.month(), std::chrono::day(1)};
  const Date last{today.year() / today.month() / std::chrono::last};
  const auto f = pool_.autocommit([&](db::Tx& tx) { return reporting::school_figures(tx, today, first, last, now, 5); });
  auto active = nlohmann::json::array(), behind = nlohmann::json::array();
  for (const auto& c : f.courses) {
    const nlohmann::json course = {{"code", c.code}, {"name", c.name}, {"months", c.months}};
    active.push_back({{"course", course}, {"count", c.active}, {"link", "/students?status=active&course=" + c.code}});
    behind.push_back({{"course", course}, {"count", c.behind}, {"link", "/students?behind=true&course=" + c.code}});
  }
  auto events = nlohmann::json::array();
  for (const auto& e : f.next_events) {
    auto event = event_json(e);
    event["participants_count"] = e.participants_count;
    event["capacity"] = e.capacity;
    events.push_back(std::move(event));
  }
  auto buckets = nlohmann::json::array();
  for (std::size_t i = 0; i < reporting::kWaitingAgeBuckets.size(); ++i) {
    const auto& b = reporting::kWaitingAgeBuckets[i];
    buckets.push_back({{"key", b.key},
                       {"from_days", b.from_days},
                       {"below_days", b.below_days ? nlohmann::json(*b.below_days) : nlohmann::json(nullptr)},
                       {"count", f.waiting_by_age[i]},
                       {"link", queue_link(b)}});
  }
  return nlohmann::json{
      {"today", format_date(today)},
      {"active_by_course", active},
      {"behind", {{"count", f.behind}, {"by_course", behind}, {"link", "/students?behind=true"}}},
      {"waiting_submissions",
       {{"count", f.waiting_submissions},
        {"oldest_created_at", f.oldest_waiting ? nlohmann::json(iso_school(*f.oldest_waiting)) : nlohmann::json(nullptr)},
        {"buckets", buckets},
        {"link", "/reviews"}}},
      {"unanswered_questions", {{"count", f.unanswered_questions}, {"link", "/questions?unanswered=true"}}},
      {"upcoming_events", {{"count", f.upcoming_events}, {"data", events}, {"link", "/events"}}},
      {"new_students_this_month",
       {{"count", f.new_students}, {"link", "/students?started_from=" + format_date(first) + "&started_to=" + format_date(last)}}},
      {"failed_mails", {{"count", f.failed_mails}, {"link", nullptr}}}};
}

nlohmann::json DashboardService::trends(const accounts::Account& actor, int weeks) {
  if (actor.role != accounts::Role::admin) throw Error(errc::not_found, std::string(msg::not_found));
  if (weeks < 1 || weeks > limits::dashboard_trend_weeks_max)
    throw Error(errc::invalid, std::string(msg::invalid_input),
                {{"weeks", {msg::integer_range("1", std::to_string(limits::dashboard_trend_weeks_max))}}});
  const auto today = clock_.today();
  auto data = nlohmann::json::array();
  for (const auto& w : pool_.autocommit([&](db::Tx& tx) { return reporting::weekly_trends(tx, today, weeks); }))
    data.push_back({{"week_start", format_date(w.week_start)},
                    {"submissions", w.submissions},
                    {"reviews", w.reviews},
                    {"median_review_wait_hours", w.median_review_wait_hours ? nlohmann::json(*w.median_review_wait_hours)
                                                                            : nlohmann::json(nullptr)},
                    {"behind", w.behind}});
  return {{"today", format_date(today)}, {"weeks", weeks}, {"data", data}};
}

nlohmann::json DashboardService::mypage(const accounts::Account& actor) {
  if (actor.role != accounts::Role::student) throw Error(errc::not_found, std::string(msg::not_found));
  const auto today = clock_.today();
  const auto now = clock_.now();
  return pool_.transaction(
      [&](db::Tx& tx) {
        const auto s = repo::find_by_account(tx, actor.id);
        if (!s) throw Error(errc::not_found, std::string(msg::not_found));
        const auto g = StudentService::gantt_of(tx, *s, today);
        auto progress = nlohmann::json::array();
        for (const auto& p : reporting::curriculum_progress(tx, actor.id))
          progress.push_back({{"curriculum_name", p.name}, {"title", p.title}, {"tasks_count", p.tasks},
                              {"submitted_count", p.submitted}, {"approved_count", p.approved}});
        nlohmann::json next = nullptr;
        for (const auto& p : g.periods) {
          if (p.state == PeriodState::done) continue;
          const auto title = g.task_titles.find(p.plan.task_id);
          const auto cur = g.task_curriculums.find(p.plan.task_id);
          next = {{"task_id", p.plan.task_id},
                  {"task_title", title == g.task_titles.end() ? "" : title->second},
                  {"curriculum_name", cur == g.task_curriculums.end() ? "" : cur->second},
                  {"kind", to_string(p.plan.kind)},
                  {"ends_on", format_date(p.ends_on)},
                  {"state", to_string(p.state)}};
          break;
        }
        auto questions = nlohmann::json::array();
        for (const auto& q : repo::questions(tx, actor.id, true, 10)) questions.push_back(to_json(q));
        auto events = nlohmann::json::array();
        if (s->course.code != "u29")
          for (const auto& e : reporting::upcoming_events(tx, now, 5)) events.push_back(event_json(e));
        return nlohmann::json{{"student", to_json(*s, today)}, {"progress", progress},  {"gantt", to_json(g)},
                              {"next_task", next},             {"open_questions", questions}, {"upcoming_events", events}};
      },
      db::Isolation::repeatable_read);
}

}  // namespace camp::students
