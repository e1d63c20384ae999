#pragma once
// SQL of the curriculum domain. Statuses are read from submissions (the reviews domain's
// table), read-only: a task's status is its student's latest submission's.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "curriculum/content.hpp"
#include "curriculum/model.hpp"
#include "db/pool.hpp"

namespace camp::curriculum::repo {

// Every curriculum by position, with its tasks (no bodies).
std::vector<Curriculum> all(db::Tx& tx);
// One curriculum with its tasks and their bodies.
std::optional<Curriculum> find(db::Tx& tx, const std::string& name);
// task id -> the status of the account's latest submission of it.
std::map<int, std::string> latest_statuses(db::Tx& tx, std::int64_t account_id);

// The import, inside the caller's transaction (serialised by an advisory lock). Throws
// conflict naming the first task that has submissions but is no longer in the content.
ImportReport import(db::Tx& tx, const std::vector<CurriculumSpec>& content);

}  // namespace camp::curriculum::repo
