#include "milestones/repo.hpp"

namespace camp::milestones::repo {
namespace {

// The unique (account_id, milestone_type) makes concurrent inserts land once.
constexpr db::Statement kInsertOnce{
    "milestones.insert_once",
    "INSERT INTO milestones (account_id, milestone_type) VALUES ($1, $2) ON CONFLICT (account_id, milestone_type) "
    "DO NOTHING RETURNING id"};
constexpr db::Statement kOldestUnshown{
    "milestones.oldest_unshown",
    "SELECT milestone_type FROM milestones WHERE account_id = $1 AND shown_at IS NULL ORDER BY created_at, id LIMIT 1"};
constexpr db::Statement kMarkShown{
    "milestones.mark_shown",
    "UPDATE milestones SET shown_at = now() WHERE account_id = $1 AND milestone_type = $2 AND shown_at IS NULL"};

}  // namespace

bool insert_once(db::Tx& tx, std::int64_t account_id, const std::string& type) {
  return !tx.exec(kInsertOnce, account_id, type).empty();
}

std::optional<std::string> oldest_unshown(db::Tx& tx, std::int64_t account_id) {
  const auto r = tx.exec(kOldestUnshown, account_id);
  if (r.empty()) return std::nullopt;
  return r[0][0].as<std::string>();
}

void mark_shown(db::Tx& tx, std::int64_t account_id, const std::string& type) { tx.exec(kMarkShown, account_id, type); }

}  // namespace camp::milestones::repo
