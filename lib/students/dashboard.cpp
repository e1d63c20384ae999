#include "students/dashboard.hpp"

#include "core/error.hpp"
#include "core/messages.hpp"
#include "students/repo.hpp"
#include "students/service.hpp"

namespace camp::students {
namespace {

// $1 today (school date), $2 first and $3 last day of this month, $4 now (epoch seconds).
constexpr db::Statement kFigures{
    "dashboard.figures",
    "WITH w AS (SELECT count(*) AS n, min(created_at) AS oldest, "
    "count(*) FILTER (WHERE created_at > to_timestamp($4) - interval '1 day') AS d1, "
    "count(*) FILTER (WHERE created_at > to_timestamp($4) - interval '3 days') AS d3, "
    "count(*) FILTER (WHERE created_at > to_timestamp($4) - interval '7 days') AS d7 "
    "FROM submissions WHERE status = 'waiting') "
    "SELECT w.n, floor(extract(epoch FROM w.oldest))::int8, w.d1, w.d3, w.d7, "
    "(SELECT count(*) FROM questions WHERE answers_count = 0), "
    "(SELECT count(*) FROM events WHERE status = 'published' AND starts_at > to_timestamp($4)), "
    "(SELECT count(*) FROM students WHERE start_date BETWEEN $2::date AND $3::date), "
    "(SELECT count(*) FROM mail_outbox WHERE status = 'failed'), "
    "(SELECT count(*) FROM students WHERE status = 'active' AND due_on < $1::date) FROM w"};
constexpr db::Statement kByCourse{
    "dashboard.by_course",
    "SELECT c.code, c.name, c.months, "
    "(SELECT count(*) FROM students s WHERE s.course_id = c.id AND s.status = 'active'), "
    "(SELECT count(*) FROM students s WHERE s.course_id = c.id AND s.status = 'active' AND s.due_on < $1::date) "
    "FROM courses c ORDER BY c.id"};
constexpr db::Statement kUpcoming{
    "dashboard.upcoming_events",
    "SELECT id, title, floor(extract(epoch FROM starts_at))::int8, floor(extract(epoch FROM ends_at))::int8, "
    "participants_count, capacity FROM events WHERE status = 'published' AND starts_at > to_timestamp($1) "
    "ORDER BY starts_at, id LIMIT 5"};
constexpr db::Statement kProgress{
    "mypage.progress",
    "SELECT cu.name, cu.title, count(t.id), "
    "count(t.id) FILTER (WHERE EXISTS (SELECT 1 FROM submissions s WHERE s.account_id = $1 AND s.task_id = t.id)), "
    "count(t.id) FILTER (WHERE EXISTS (SELECT 1 FROM submissions s WHERE s.account_id = $1 AND s.task_id = t.id "
    "AND s.status = 'approved')) "
    "FROM curriculums cu JOIN tasks t ON t.curriculum_name = cu.name GROUP BY cu.name, cu.title, cu.position "
    "ORDER BY cu.position, cu.name"};

std::int64_t epoch(TimePoint t) { return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count(); }
std::string iso(std::int64_t s) { return iso_school(unix_time(s)); }

}  // namespace

nlohmann::json DashboardService::dashboard(const accounts::Account& actor) {
  if (actor.role != accounts::Role::admin) throw Error(errc::not_found, std::string(msg::not_found));
  const auto today = clock_.today();
  const auto now = epoch(clock_.now());
  const Date first{today.year(), today.month(), std::chrono::day(1)};
  const Date last{today.year() / today.month() / std::chrono::last};
  return pool_.transaction(
      [&](db::Tx& tx) {
        const auto f = tx.exec(kFigures, format_date(today), format_date(first), format_date(last), now)[0];
        auto active = nlohmann::json::array(), behind = nlohmann::json::array();
        for (const auto& r : tx.exec(kByCourse, format_date(today))) {
          const auto code = r[0].as<std::string>();
          const nlohmann::json course = {{"code", code}, {"name", r[1].as<std::string>()}, {"months", r[2].as<int>()}};
          active.push_back({{"course", course}, {"count", r[3].as<std::int64_t>()},
                            {"link", "/students?status=active&course=" + code}});
          behind.push_back({{"course", course}, {"count", r[4].as<std::int64_t>()}, {"link", "/students?behind=true&course=" + code}});
        }
        auto events = nlohmann::json::array();
        for (const auto& r : tx.exec(kUpcoming, now))
          events.push_back({{"id", r[0].as<std::int64_t>()}, {"title", r[1].as<std::string>()},
                            {"starts_at", iso(r[2].as<std::int64_t>())}, {"ends_at", iso(r[3].as<std::int64_t>())},
                            {"participants_count", r[4].as<int>()}, {"capacity", r[5].as<int>()}});
        const auto waiting = f[0].as<std::int64_t>(), day1 = f[2].as<std::int64_t>(), day3 = f[3].as<std::int64_t>(),
                   day7 = f[4].as<std::int64_t>();
        return nlohmann::json{
            {"today", format_date(today)},
            {"active_by_course", active},
            {"behind", {{"count", f[9].as<std::int64_t>()}, {"by_course", behind}, {"link", "/students?behind=true"}}},
            {"waiting_submissions",
             {{"count", waiting},
              {"oldest_created_at", f[1].is_null() ? nlohmann::json(nullptr) : nlohmann::json(iso(f[1].as<std::int64_t>()))},
              {"buckets",
               {{{"key", "within_1_day"}, {"count", day1}},
                {{"key", "within_3_days"}, {"count", day3 - day1}},
                {{"key", "within_7_days"}, {"count", day7 - day3}},
                {{"key", "over_7_days"}, {"count", waiting - day7}}}},
              {"link", "/reviews"}}},
            {"unanswered_questions", {{"count", f[5].as<std::int64_t>()}, {"link", "/questions?status=unsolved"}}},
            {"upcoming_events", {{"count", f[6].as<std::int64_t>()}, {"data", events}, {"link", "/events"}}},
            {"new_students_this_month",
             {{"count", f[7].as<std::int64_t>()},
              {"link", "/students?started_from=" + format_date(first) + "&started_to=" + format_date(last)}}},
            {"failed_mails", {{"count", f[8].as<std::int64_t>()}, {"link", nullptr}}}};
      },
      db::Isolation::repeatable_read);
}

nlohmann::json DashboardService::mypage(const accounts::Account& actor) {
  if (actor.role != accounts::Role::student) throw Error(errc::not_found, std::string(msg::not_found));
  const auto today = clock_.today();
  const auto now = epoch(clock_.now());
  return pool_.transaction(
      [&](db::Tx& tx) {
        const auto s = repo::find_by_account(tx, actor.id);
        if (!s) throw Error(errc::not_found, std::string(msg::not_found));
        const auto g = StudentService::gantt_of(tx, *s, today);
        auto progress = nlohmann::json::array();
        for (const auto& r : tx.exec(kProgress, actor.id))
          progress.push_back({{"curriculum_name", r[0].as<std::string>()}, {"title", r[1].as<std::string>()},
                              {"tasks_count", r[2].as<int>()}, {"submitted_count", r[3].as<int>()},
                              {"approved_count", r[4].as<int>()}});
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
          for (const auto& r : tx.exec(kUpcoming, now))
            events.push_back({{"id", r[0].as<std::int64_t>()}, {"title", r[1].as<std::string>()},
                              {"starts_at", iso(r[2].as<std::int64_t>())}, {"ends_at", iso(r[3].as<std::int64_t>())}});
        return nlohmann::json{{"student", to_json(*s, today)}, {"progress", progress},  {"gantt", to_json(g)},
                              {"next_task", next},             {"open_questions", questions}, {"upcoming_events", events}};
      },
      db::Isolation::repeatable_read);
}

}  // namespace camp::students
