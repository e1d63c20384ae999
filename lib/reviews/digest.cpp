#include "reviews/digest.hpp"

#include <chrono>
#include <string>

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

mail::DigestSection waiting_submissions(db::Tx& tx, const mail::DigestContext& ctx) {
  const auto days = ctx.config.digest_unanswered_days;
  mail::DigestSection section{"レビューを待っている提出（" + std::to_string(days) + "日以上レビューなし）", 0, {}};
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(ctx.now.time_since_epoch()).count();
  for (const auto& r : tx.exec(kWaiting, now, days, static_cast<int>(mail::kDigestItems))) {
    section.total = r[5].as<std::size_t>();
    const auto nickname = r[3].is_null() ? std::string() : r[3].as<std::string>();
    section.items.push_back({"課題" + r[1].as<std::string>() + "「" + r[2].as<std::string>() + "」" +
                                 (nickname.empty() ? std::string() : "（" + nickname + "さん）"),
                             ctx.public_url + "/reviews",
                             std::to_string(r[4].as<std::int64_t>()) + "日前"});
  }
  return section;
}

}  // namespace camp::reviews
