#pragma once
// The only SQL about personal access tokens. Every function runs in the caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "tokens/model.hpp"

namespace camp::tokens::repo {

// `token_hash`: lower-case hex of SHA-256(secret) (accounts::link_token_hash).
AccessToken insert(db::Tx& tx, std::int64_t account_id, const NewToken& token, const std::string& token_hash);
// Tokens neither revoked nor expired.
int count_live(db::Tx& tx, std::int64_t account_id);
// Not revoked (expired ones too, so their owner sees why a script stopped), newest first; every
// account's when none is given.
std::vector<AccessToken> list(db::Tx& tx, std::optional<std::int64_t> account_id);
struct Found {
  AccessToken token;
  bool expired = false;       // by the database's clock
  bool owner_active = false;  // the owner is not anonymised
};
// The token with that hash, revoked and expired ones too; a live one's last use is written
// when the stored one is a minute old or more.
std::optional<Found> find_and_touch(db::Tx& tx, const std::string& token_hash);
// Revokes a token of the account (of any account when none is given) that is not revoked yet.
std::optional<AccessToken> revoke(db::Tx& tx, std::int64_t token_id, std::optional<std::int64_t> account_id);

}  // namespace camp::tokens::repo
