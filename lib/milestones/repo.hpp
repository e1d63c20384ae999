#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "db/pool.hpp"

namespace camp::milestones::repo {

// Inserts (account, type) unless it exists; true when this call created it.
bool insert_once(db::Tx& tx, std::int64_t account_id, const std::string& type);
// The oldest milestone of the account not yet shown.
std::optional<std::string> oldest_unshown(db::Tx& tx, std::int64_t account_id);
void mark_shown(db::Tx& tx, std::int64_t account_id, const std::string& type);

}  // namespace camp::milestones::repo
