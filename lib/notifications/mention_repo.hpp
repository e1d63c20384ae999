#pragma once
// The SQL of mentions: the accounts a mention may name, and those a writer may mention
// (the editors' autocomplete). Every function runs in the caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::notifications::mention_repo {

struct Named {
  std::int64_t id = 0;
  std::string nickname;  // what a mention writes after the @
  std::optional<std::string> image_url;
  std::string role;
  std::string display_name;
};
// The accounts whose nickname is exactly one of `nicknames` (at most 1,000).
std::vector<Named> accounts_named(db::Tx& tx, const std::vector<std::string>& nicknames);
// Accounts whose nickname starts with `prefix` (case-insensitive; empty: any nickname), of
// one of `roles` or the account `also`, by nickname, at most `limit`.
std::vector<Named> starting_with(db::Tx& tx, const std::string& prefix, const std::vector<std::string>& roles,
                                 std::optional<std::int64_t> also, int limit);

}  // namespace camp::notifications::mention_repo
