#pragma once
// The only SQL about the audit log (questionnaires/audit.hpp). Every function runs in the
// caller's transaction.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "db/pool.hpp"
#include "questionnaires/audit.hpp"

namespace camp::questionnaires::audit_repo {

void insert_entry(db::Tx& tx, const audit::Actor& actor, const std::string& action, const std::string& subject,
                  const std::string& reason, const nlohmann::json& detail);
// Newest first, `limit` of them from `offset`; `total` counts every entry (0 when the page is
// empty: count_entries then).
audit::Page list_entries(db::Tx& tx, int limit, std::int64_t offset);
std::int64_t count_entries(db::Tx& tx);

}  // namespace camp::questionnaires::audit_repo
