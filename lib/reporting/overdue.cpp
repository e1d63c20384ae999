#include "reporting/overdue.hpp"

#include <chrono>

namespace camp::reporting {
namespace {

constexpr db::Statement kOverdueClaims{
    "reporting.overdue_claims",
    "SELECT s.id, s.claimed_by, s.account_id, floor(extract(epoch FROM s.claimed_at))::int8, t.id, t.title, "
    "t.curriculum_name, a.display_name FROM submissions s JOIN tasks t ON t.id = s.task_id "
    "JOIN people a ON a.id = s.account_id "
    "WHERE s.status = 'waiting' AND s.claimed_by IS NOT NULL "
    "AND s.claimed_at <= to_timestamp($1) - make_interval(days => $2) "
    "AND s.claimed_at > to_timestamp($1) - make_interval(days => $3) ORDER BY s.created_at, s.id LIMIT $4"};
constexpr db::Statement kUnansweredBetween{
    "reporting.unanswered_since",
    "SELECT id, title FROM questions WHERE answers_count = 0 "
    "AND created_at <= to_timestamp($1) - make_interval(days => $2) "
    "AND created_at > to_timestamp($1) - make_interval(days => $3) ORDER BY created_at, id LIMIT $4"};
// The same condition as the students list's behind filter (students_due_idx).
constexpr db::Statement kBehind{
    "reporting.behind_students",
    "SELECT s.id, s.mentor_id, display_name(a.nickname, s.name, s.email, a.anonymised_at), s.due_on::text FROM students s "
    "LEFT JOIN accounts a ON a.id = s.account_id "
    "WHERE s.status = 'active' AND s.due_on < $1::date AND s.due_on > $1::date - $2::int AND s.mentor_id IS NOT NULL "
    "ORDER BY s.due_on, s.id LIMIT $3"};

}  // namespace

std::vector<OverdueClaim> overdue_claims(db::Tx& tx, TimePoint now, int min_days, int max_days, int limit) {
  std::vector<OverdueClaim> out;
  for (const auto& r : tx.exec(kOverdueClaims, unix_seconds(now), min_days, max_days, limit))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::int64_t>(), r[2].as<std::int64_t>(), r[3].as<std::int64_t>(),
                   r[4].as<int>(), r[5].as<std::string>(), r[6].as<std::string>(), r[7].as<std::string>()});
  return out;
}

std::vector<UnansweredQuestion> unanswered_since(db::Tx& tx, TimePoint now, int min_days, int max_days, int limit) {
  std::vector<UnansweredQuestion> out;
  for (const auto& r : tx.exec(kUnansweredBetween, unix_seconds(now), min_days, max_days, limit))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>()});
  return out;
}

std::vector<BehindStudent> behind_students(db::Tx& tx, Date today, int max_days, int limit) {
  std::vector<BehindStudent> out;
  for (const auto& r : tx.exec(kBehind, format_date(today), max_days, limit))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::int64_t>(), r[2].as<std::string>(), r[3].as<std::string>()});
  return out;
}

}  // namespace camp::reporting
