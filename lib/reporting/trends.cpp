#include "reporting/trends.hpp"

#include "reporting/definitions.hpp"

namespace camp::reporting {
namespace {

// $1 the first week's Monday, $2 today (school dates). Weeks are date_trunc('week') of school
// time (Monday). "Behind" on a day D (the week's Sunday, or today): the students that are behind
// now with a due day before D (every period still open that ended before D makes them behind
// then too), and those who closed, after D, a period that had ended before D. Only the latter
// need history, and only what happened since the first Monday can have closed a period after
// it: the first submissions of tasks and the approvals since then (submissions_created_idx,
// reviews_created_idx).
constexpr db::Statement kWeekly{
    "reporting.weekly_trends",
    "WITH since AS (SELECT $1::date::timestamp AT TIME ZONE 'Asia/Tokyo' AS at), "
    "weeks AS (SELECT d::date AS week_start, least(d::date + 6, $2::date) AS as_of "
    "  FROM generate_series($1::date::timestamp, $2::date::timestamp, interval '7 days') d), "
    "sub AS (SELECT date_trunc('week', s.created_at AT TIME ZONE 'Asia/Tokyo')::date AS week_start, count(*) AS n "
    "  FROM submissions s WHERE s.created_at >= (SELECT at FROM since) GROUP BY 1), "
    "rev AS (SELECT date_trunc('week', r.created_at AT TIME ZONE 'Asia/Tokyo')::date AS week_start, count(*) AS n, "
    "  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.created_at - s.created_at)) / 3600 AS wait "
    "  FROM reviews r JOIN submissions s ON s.id = r.submission_id "
    "  WHERE r.created_at >= (SELECT at FROM since) GROUP BY 1), "
    "done AS (SELECT s.account_id, s.task_id, 'first_submission' AS kind, s.created_at AS at FROM submissions s "
    "  WHERE s.created_at >= (SELECT at FROM since) AND NOT EXISTS (SELECT 1 FROM submissions e "
    "    WHERE e.account_id = s.account_id AND e.task_id = s.task_id AND (e.created_at, e.id) < (s.created_at, s.id)) "
    "  UNION ALL SELECT s.account_id, s.task_id, 'approval', r.created_at FROM reviews r "
    "  JOIN submissions s ON s.id = r.submission_id "
    "  WHERE r.created_at >= (SELECT at FROM since) AND r.status = 'approved'), "
    "late AS MATERIALIZED (SELECT st.id, st.due_on, st.start_date + p.end_day - 1 AS ends_on, "
    "  (d.at AT TIME ZONE 'Asia/Tokyo')::date AS done_on FROM done d "
    "  JOIN students st ON st.account_id = d.account_id AND st.status = 'active' "
    "  JOIN course_plan_periods p ON p.course_id = st.course_id AND p.task_id = d.task_id AND p.kind = d.kind "
    "  WHERE (d.at AT TIME ZONE 'Asia/Tokyo')::date > st.start_date + p.end_day) "
    "SELECT w.week_start::text, coalesce(sub.n, 0), coalesce(rev.n, 0), rev.wait, "
    "  (SELECT count(*) FROM students st WHERE " CAMP_STUDENT_BEHIND("st", "w.as_of") ") "
    "  + (SELECT count(DISTINCT l.id) FROM late l WHERE l.ends_on < w.as_of AND l.done_on > w.as_of "
    "     AND (l.due_on IS NULL OR l.due_on >= w.as_of)) "
    "FROM weeks w LEFT JOIN sub USING (week_start) LEFT JOIN rev USING (week_start) ORDER BY w.week_start"};

}  // namespace

std::vector<WeekFigures> weekly_trends(db::Tx& tx, Date today, int weeks) {
  const auto first = Date(std::chrono::sys_days(week_start(today)) - std::chrono::weeks(weeks - 1));
  std::vector<WeekFigures> out;
  for (const auto& r : tx.exec(kWeekly, format_date(first), format_date(today))) {
    WeekFigures w;
    w.week_start = *parse_date(r[0].as<std::string>());
    w.submissions = r[1].as<std::int64_t>();
    w.reviews = r[2].as<std::int64_t>();
    if (!r[3].is_null()) w.median_review_wait_hours = r[3].as<double>();
    w.behind = r[4].as<std::int64_t>();
    out.push_back(w);
  }
  return out;
}

}  // namespace camp::reporting
