#pragma once
// Milestones a student may share on X (the share dialog): created once per kind and account
// by other domains (a first login, the last task of a curriculum approved) through this
// service, shown once.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "accounts/model.hpp"
#include "db/pool.hpp"

namespace camp::milestones {

inline constexpr const char* kFirstLogin = "first_login";

class MilestoneService {
 public:
  explicit MilestoneService(db::Pool& pool) : pool_(pool) {}

  // Inside the calling domain's transaction (e.g. the review that approves the last task):
  // creates the milestone unless the account has it. True when this call created it; then,
  // except for the first login, the student is notified (milestone.achieved, with `details`
  // such as the curriculum; `actor_id` who caused it).
  bool achieve(db::Tx& tx, std::int64_t account_id, const std::string& milestone_type,
               std::optional<std::int64_t> actor_id = std::nullopt, const nlohmann::json& details = {}) const;

  // After a login: a student's first login gives them `first_login` (its own transaction).
  void record_login(const accounts::Account& account);

  // The caller's oldest milestone not yet shown, or nothing.
  std::optional<std::string> next_to_show(const accounts::Account& actor);
  // Idempotent; an unknown kind changes nothing. Invalid (missing) kinds are the caller's 422.
  void mark_shown(const accounts::Account& actor, const std::string& milestone_type);

 private:
  db::Pool& pool_;
};

}  // namespace camp::milestones
