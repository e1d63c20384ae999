#include "milestones/service.hpp"

#include "milestones/repo.hpp"
#include "notifications/events.hpp"

namespace camp::milestones {

bool MilestoneService::achieve(db::Tx& tx, std::int64_t account_id, const std::string& milestone_type,
                               std::optional<std::int64_t> actor_id, const nlohmann::json& details) const {
  if (!repo::insert_once(tx, account_id, milestone_type)) return false;
  if (milestone_type != kFirstLogin) {
    auto facts = details.is_object() ? details : nlohmann::json::object();
    facts["account_id"] = account_id;
    facts["milestone_type"] = milestone_type;
    notifications::record_event(tx, notifications::kMilestoneAchieved, actor_id, facts);
  }
  return true;
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
