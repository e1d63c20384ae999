#include "reporting/dashboard.hpp"

#include <chrono>
#include <optional>

#include <nlohmann/json.hpp>

namespace camp::reporting {
namespace {

// $1 today (school date), $2 first and $3 last day of the period, $4 now (epoch seconds),
// $5..$12 the bounds (from, below) of the four waiting-age buckets. Every condition is the one
// the figure's list uses (reporting/definitions.hpp).
#define CAMP_UPCOMING_COLUMNS                                                                        \
  "e.id, e.title, floor(extract(epoch FROM e.starts_at))::int8, floor(extract(epoch FROM e.ends_at))::int8, " \
  "e.participants_count, e.capacity, e.status = 'cancelled'"
#define CAMP_EDGES(i, from, below) \
  CAMP_AGE_EDGE("to_timestamp($4)", from) " AS f" #i ", " CAMP_AGE_EDGE("to_timestamp($4)", below) " AS b" #i
#define CAMP_AGED(i) "count(*) FILTER (WHERE " CAMP_SUBMISSION_BETWEEN_EDGES("s", "edge.f" #i, "edge.b" #i) ")"
constexpr db::Statement kFigures{
    "reporting.school_figures",
    // The buckets' edges once (materialized: inlined, they were computed again for each of the
    // 20,000 waiting rows, two thirds of the statement's time).
    "WITH edge AS MATERIALIZED (SELECT " CAMP_EDGES(0, "$5::int", "$6::int") ", " CAMP_EDGES(1, "$7::int", "$8::int") ", "
    CAMP_EDGES(2, "$9::int", "$10::int") ", " CAMP_EDGES(3, "$11::int", "$12::int") "), "
    "w AS (SELECT count(*) AS n, min(s.created_at) AS oldest, " CAMP_AGED(0) " AS a0, " CAMP_AGED(1) " AS a1, "
    CAMP_AGED(2) " AS a2, " CAMP_AGED(3) " AS a3 FROM submissions s CROSS JOIN edge WHERE s.status = 'waiting'), "
    // Every course's active and behind students in one pass (students_active_course_due_idx).
    "per_course AS (SELECT s.course_id, count(*) AS active, count(*) FILTER (WHERE " CAMP_STUDENT_BEHIND("s", "$1::date")
    ") AS behind FROM students s WHERE s.status = 'active' GROUP BY s.course_id) "
    "SELECT w.n, floor(extract(epoch FROM w.oldest))::int8, w.a0, w.a1, w.a2, w.a3, "
    "(SELECT count(*) FROM questions q WHERE " CAMP_QUESTION_UNANSWERED("q") "), "
    "(SELECT count(*) FROM events e WHERE " CAMP_EVENT_UPCOMING("e", "to_timestamp($4)") "), "
    "(SELECT count(*) FROM students WHERE start_date BETWEEN $2::date AND $3::date), "
    "(SELECT count(*) FROM mail_outbox WHERE status = 'failed'), "
    "(SELECT count(*) FROM students s WHERE " CAMP_STUDENT_BEHIND("s", "$1::date") "), "
    // Per course (a JSON array of [code, name, months, active, behind]) and the next $13 events
    // (arrays of kUpcoming's columns): the whole dashboard is one statement, so one snapshot.
    "(SELECT json_agg(json_build_array(c.code, c.name, c.months, coalesce(p.active, 0), coalesce(p.behind, 0)) "
    "ORDER BY c.id) FROM courses c LEFT JOIN per_course p ON p.course_id = c.id), "
    "(SELECT json_agg(json_build_array(" CAMP_UPCOMING_COLUMNS ") ORDER BY e.starts_at, e.id) FROM ("
    "SELECT * FROM events e WHERE " CAMP_EVENT_UPCOMING("e", "to_timestamp($4)") " ORDER BY e.starts_at, e.id LIMIT $13) e) "
    "FROM w"};
#undef CAMP_AGED
#undef CAMP_EDGES
constexpr db::Statement kUpcoming{
    "reporting.upcoming_events",
    "SELECT " CAMP_UPCOMING_COLUMNS " FROM events e "
    "WHERE " CAMP_EVENT_UPCOMING("e", "to_timestamp($1)") " ORDER BY e.starts_at, e.id LIMIT $2"};
constexpr db::Statement kProgress{
    "reporting.curriculum_progress",
    "SELECT cu.name, cu.title, count(t.id), "
    "count(t.id) FILTER (WHERE EXISTS (SELECT 1 FROM submissions s WHERE s.account_id = $1 AND s.task_id = t.id)), "
    "count(t.id) FILTER (WHERE EXISTS (SELECT 1 FROM submissions s WHERE s.account_id = $1 AND s.task_id = t.id "
    "AND s.status = 'approved')) "
    "FROM curriculums cu JOIN tasks t ON t.curriculum_name = cu.name GROUP BY cu.name, cu.title, cu.position "
    "ORDER BY cu.position, cu.name"};


// A bucket's lower bound: none for the youngest. `now` is in whole seconds, so a submission made
// in the current second is younger than 0 days; it is new, not left out, and the list the
// bucket's link opens (age_below alone) has no lower bound either.
std::optional<int> lower_bound(int from_days) { return from_days > 0 ? std::optional<int>(from_days) : std::nullopt; }


// kUpcoming's columns, from a row or a JSON array.
UpcomingEvent upcoming_event(const pqxx::row& r) {
  return {r[0].as<std::int64_t>(), r[1].as<std::string>(), unix_time(r[2].as<std::int64_t>()),
          unix_time(r[3].as<std::int64_t>()), r[4].as<int>(), r[5].as<int>(), r[6].as<bool>()};
}
UpcomingEvent upcoming_event(const nlohmann::json& a) {
  return {a[0].get<std::int64_t>(), a[1].get<std::string>(), unix_time(a[2].get<std::int64_t>()),
          unix_time(a[3].get<std::int64_t>()), a[4].get<int>(), a[5].get<int>(), a[6].get<bool>()};
}

// A json_agg column: an array, or null when it aggregated no row.
nlohmann::json json_rows(const pqxx::field& f) {
  return f.is_null() ? nlohmann::json::array() : nlohmann::json::parse(f.as<std::string>());
}

}  // namespace

SchoolFigures school_figures(db::Tx& tx, Date today, Date first_day, Date last_day, TimePoint now, int events) {
  const auto& b = kWaitingAgeBuckets;
  static_assert(kWaitingAgeBuckets.size() == 4, "kFigures counts four buckets");
  const auto f = tx.exec(kFigures, format_date(today), format_date(first_day), format_date(last_day), unix_seconds(now),
                         lower_bound(b[0].from_days), b[0].below_days, lower_bound(b[1].from_days), b[1].below_days,
                         lower_bound(b[2].from_days), b[2].below_days, lower_bound(b[3].from_days),
                         b[3].below_days, events)[0];
  SchoolFigures out;
  out.waiting_submissions = f[0].as<std::int64_t>();
  if (!f[1].is_null()) out.oldest_waiting = unix_time(f[1].as<std::int64_t>());
  for (std::size_t i = 0; i < b.size(); ++i) out.waiting_by_age[i] = f[static_cast<int>(2 + i)].as<std::int64_t>();
  out.unanswered_questions = f[6].as<std::int64_t>();
  out.upcoming_events = f[7].as<std::int64_t>();
  out.new_students = f[8].as<std::int64_t>();
  out.failed_mails = f[9].as<std::int64_t>();
  out.behind = f[10].as<std::int64_t>();
  for (const auto& c : json_rows(f[11]))
    out.courses.push_back({c[0].get<std::string>(), c[1].get<std::string>(), c[2].get<int>(), c[3].get<std::int64_t>(),
                           c[4].get<std::int64_t>()});
  for (const auto& e : json_rows(f[12])) out.next_events.push_back(upcoming_event(e));
  return out;
}

std::vector<UpcomingEvent> upcoming_events(db::Tx& tx, TimePoint now, int limit) {
  std::vector<UpcomingEvent> out;
  for (const auto& r : tx.exec(kUpcoming, unix_seconds(now), limit)) out.push_back(upcoming_event(r));
  return out;
}

std::vector<CurriculumProgress> curriculum_progress(db::Tx& tx, std::int64_t account_id) {
  std::vector<CurriculumProgress> out;
  for (const auto& r : tx.exec(kProgress, account_id))
    out.push_back({r[0].as<std::string>(), r[1].as<std::string>(), r[2].as<int>(), r[3].as<int>(), r[4].as<int>()});
  return out;
}

}  // namespace camp::reporting
