#include "notifications/scan_repo.hpp"

#include "db/arrays.hpp"

namespace camp::notifications::scan_repo {
namespace {

constexpr db::Statement kMark{
    "notifications.mark_new",
    "INSERT INTO notification_marks (kind, object_key) SELECT $1, k FROM unnest($2::text[]) k "
    "ON CONFLICT DO NOTHING RETURNING object_key"};
constexpr db::Statement kPruneMarks{
    "notifications.prune_marks",
    "WITH d AS (DELETE FROM notification_marks WHERE (kind, object_key) IN (SELECT kind, object_key FROM notification_marks "
    "WHERE created_at < to_timestamp($1) LIMIT $2) RETURNING 1) SELECT count(*) FROM d"};
constexpr db::Statement kClaimDay{
    "notifications.claim_scan_day",
    "INSERT INTO mail_runs (kind, day, mails) VALUES ('notification_scan', $1::date, 0) ON CONFLICT DO NOTHING "
    "RETURNING 1"};

}  // namespace

std::vector<std::string> mark_new(db::Tx& tx, const std::string& kind, const std::vector<std::string>& keys) {
  std::vector<std::string> out;
  if (keys.empty()) return out;
  for (const auto& r : tx.exec(kMark, kind, db::text_array(keys))) out.push_back(r[0].as<std::string>());
  return out;
}

std::int64_t prune_marks(db::Tx& tx, std::int64_t cutoff, int batch) {
  return tx.exec(kPruneMarks, cutoff, batch)[0][0].as<std::int64_t>();
}

bool claim_day(db::Tx& tx, const std::string& day) { return !tx.exec(kClaimDay, day).empty(); }

}  // namespace camp::notifications::scan_repo
