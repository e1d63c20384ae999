#include "reporting/waiting.hpp"

#include <chrono>

namespace camp::reporting {
namespace {

constexpr db::Statement kUnansweredSince{
    "reporting.unanswered_questions",
    "SELECT id, title, (EXTRACT(EPOCH FROM to_timestamp($1) - created_at) / 86400)::bigint, count(*) OVER () "
    "FROM questions WHERE answers_count = 0 AND created_at <= to_timestamp($1) - make_interval(days => $2) "
    "ORDER BY created_at, id LIMIT $3"};
constexpr db::Statement kWaitingSubmissions{
    "reporting.waiting_submissions",
    "SELECT t.id, t.title, a.display_name, "
    "(EXTRACT(EPOCH FROM to_timestamp($1) - s.created_at) / 86400)::bigint, count(*) OVER () "
    "FROM submissions s JOIN tasks t ON t.id = s.task_id JOIN people a ON a.id = s.account_id "
    "WHERE s.status = 'waiting' AND s.created_at <= to_timestamp($1) - make_interval(days => $2) "
    "ORDER BY s.created_at, s.id LIMIT $3"};

constexpr db::Statement kUnsolved{
    "reporting.unsolved_questions",
    "SELECT q.id, q.title, q.account_id FROM questions q "
    "WHERE q.answers_count > 0 AND q.solved_answer_id IS NULL "
    "AND q.created_at <= to_timestamp($1) - make_interval(days => $2) "
    "AND NOT EXISTS (SELECT 1 FROM question_reminders r WHERE r.question_id = q.id) "
    "AND (SELECT min(x.created_at) FROM answers x WHERE x.question_id = q.id AND x.account_id <> q.account_id) "
    "<= to_timestamp($1) - make_interval(days => $2) ORDER BY q.id LIMIT $3"};


}  // namespace

Waiting<WaitingQuestion> unanswered_questions(db::Tx& tx, TimePoint now, int min_days, std::size_t limit) {
  Waiting<WaitingQuestion> out;
  for (const auto& r : tx.exec(kUnansweredSince, unix_seconds(now), min_days, static_cast<int>(limit))) {
    out.total = r[3].as<std::size_t>();
    out.oldest.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::int64_t>()});
  }
  return out;
}

Waiting<WaitingSubmission> waiting_submissions(db::Tx& tx, TimePoint now, int min_days, std::size_t limit) {
  Waiting<WaitingSubmission> out;
  for (const auto& r : tx.exec(kWaitingSubmissions, unix_seconds(now), min_days, static_cast<int>(limit))) {
    out.total = r[4].as<std::size_t>();
    out.oldest.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>(),
                          r[3].as<std::int64_t>()});
  }
  return out;
}

std::vector<UnsolvedQuestion> unsolved_questions(db::Tx& tx, TimePoint now, int min_days, std::size_t limit) {
  std::vector<UnsolvedQuestion> out;
  for (const auto& r : tx.exec(kUnsolved, unix_seconds(now), min_days, static_cast<int>(limit)))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::int64_t>()});
  return out;
}

}  // namespace camp::reporting
