#include "milestones/service.hpp"

#include "milestones/repo.hpp"

namespace camp::milestones {

bool MilestoneService::achieve(db::Tx& tx, std::int64_t account_id, const std::string& milestone_type) const {
  return repo::insert_once(tx, account_id, milestone_type);
}

void MilestoneService::record_login(const accounts::Account& account) {
  if (account.role != accounts::Role::student) return;
  pool_.transaction([&](db::Tx& tx) { achieve(tx, account.id, kFirstLogin); });
}

std::optional<std::string> MilestoneService::next_to_show(const accounts::Account& actor) {
  return pool_.autocommit([&](db::Tx& tx) { return repo::oldest_unshown(tx, actor.id); });
}

void MilestoneService::mark_shown(const accounts::Account& actor, const std::string& milestone_type) {
  pool_.transaction([&](db::Tx& tx) { repo::mark_shown(tx, actor.id, milestone_type); });
}

}  // namespace camp::milestones
