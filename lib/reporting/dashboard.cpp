#include "reporting/dashboard.hpp"

#include <chrono>

namespace camp::reporting {
namespace {

// $1 today (school date), $2 first and $3 last day of the period, $4 now (epoch seconds).
constexpr db::Statement kFigures{
    "reporting.school_figures",
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
    "reporting.course_figures",
    "SELECT c.code, c.name, c.months, "
    "(SELECT count(*) FROM students s WHERE s.course_id = c.id AND s.status = 'active'), "
    "(SELECT count(*) FROM students s WHERE s.course_id = c.id AND s.status = 'active' AND s.due_on < $1::date) "
    "FROM courses c ORDER BY c.id"};
constexpr db::Statement kUpcoming{
    "reporting.upcoming_events",
    "SELECT id, title, floor(extract(epoch FROM starts_at))::int8, floor(extract(epoch FROM ends_at))::int8, "
    "participants_count, capacity FROM events WHERE status = 'published' AND starts_at > to_timestamp($1) "
    "ORDER BY starts_at, id LIMIT $2"};
constexpr db::Statement kProgress{
    "reporting.curriculum_progress",
    "SELECT cu.name, cu.title, count(t.id), "
    "count(t.id) FILTER (WHERE EXISTS (SELECT 1 FROM submissions s WHERE s.account_id = $1 AND s.task_id = t.id)), "
    "count(t.id) FILTER (WHERE EXISTS (SELECT 1 FROM submissions s WHERE s.account_id = $1 AND s.task_id = t.id "
    "AND s.status = 'approved')) "
    "FROM curriculums cu JOIN tasks t ON t.curriculum_name = cu.name GROUP BY cu.name, cu.title, cu.position "
    "ORDER BY cu.position, cu.name"};

std::int64_t epoch(TimePoint t) { return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count(); }

}  // namespace

SchoolFigures school_figures(db::Tx& tx, Date today, Date first_day, Date last_day, TimePoint now) {
  const auto f = tx.exec(kFigures, format_date(today), format_date(first_day), format_date(last_day), epoch(now))[0];
  SchoolFigures out;
  out.waiting_submissions = f[0].as<std::int64_t>();
  if (!f[1].is_null()) out.oldest_waiting = unix_time(f[1].as<std::int64_t>());
  out.waiting_within_1_day = f[2].as<std::int64_t>();
  out.waiting_within_3_days = f[3].as<std::int64_t>();
  out.waiting_within_7_days = f[4].as<std::int64_t>();
  out.unanswered_questions = f[5].as<std::int64_t>();
  out.upcoming_events = f[6].as<std::int64_t>();
  out.new_students = f[7].as<std::int64_t>();
  out.failed_mails = f[8].as<std::int64_t>();
  out.behind = f[9].as<std::int64_t>();
  return out;
}

std::vector<CourseFigures> course_figures(db::Tx& tx, Date today) {
  std::vector<CourseFigures> out;
  for (const auto& r : tx.exec(kByCourse, format_date(today)))
    out.push_back({r[0].as<std::string>(), r[1].as<std::string>(), r[2].as<int>(), r[3].as<std::int64_t>(),
                   r[4].as<std::int64_t>()});
  return out;
}

std::vector<UpcomingEvent> upcoming_events(db::Tx& tx, TimePoint now, int limit) {
  std::vector<UpcomingEvent> out;
  for (const auto& r : tx.exec(kUpcoming, epoch(now), limit))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), unix_time(r[2].as<std::int64_t>()),
                   unix_time(r[3].as<std::int64_t>()), r[4].as<int>(), r[5].as<int>()});
  return out;
}

std::vector<CurriculumProgress> curriculum_progress(db::Tx& tx, std::int64_t account_id) {
  std::vector<CurriculumProgress> out;
  for (const auto& r : tx.exec(kProgress, account_id))
    out.push_back({r[0].as<std::string>(), r[1].as<std::string>(), r[2].as<int>(), r[3].as<int>(), r[4].as<int>()});
  return out;
}

}  // namespace camp::reporting
