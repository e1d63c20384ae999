#include "reviews/digest.hpp"

#include <chrono>

namespace camp::reviews {
namespace {

constexpr db::Statement kWaiting{
    "reviews.digest_waiting",
    "SELECT s.id, t.id, t.title, a.nickname, "
    "(EXTRACT(EPOCH FROM to_timestamp($1) - s.created_at) / 86400)::bigint, count(*) OVER () "
    "FROM submissions s JOIN tasks t ON t.id = s.task_id JOIN accounts a ON a.id = s.account_id "
    "WHERE s.status = 'waiting' AND s.created_at <= to_timestamp($1) - make_interval(days => $2) "
    "ORDER BY s.created_at, s.id LIMIT $3"};

}  // namespace

WaitingSubmissions waiting_submissions(db::Tx& tx, TimePoint now, int min_days, std::size_t limit) {
  WaitingSubmissions out;
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  for (const auto& r : tx.exec(kWaiting, seconds, min_days, static_cast<int>(limit))) {
    out.total = r[5].as<std::size_t>();
    out.oldest.push_back({r[1].as<std::int64_t>(), r[2].as<std::string>(), r[3].is_null() ? std::string() : r[3].as<std::string>(),
                          r[4].as<std::int64_t>()});
  }
  return out;
}

}  // namespace camp::reviews
