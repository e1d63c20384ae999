#pragma once
// The only SQL about two-factor login: the sealed secrets, the recovery codes and the login
// challenges. Every function runs in the caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "questionnaires/keyring.hpp"

namespace camp::accounts::two_factor_repo {

struct Stored {
  std::int64_t account_id = 0;
  questionnaires::Sealed sealed;
  bool enabled = false;
  std::optional<std::int64_t> last_step;
};

// The account's row, locked FOR UPDATE when `lock` (a code check: one at a time per account).
std::optional<Stored> find(db::Tx& tx, std::int64_t account_id, bool lock);
// A new pending secret (enrolment started), replacing a pending one; false when one is enabled.
bool put_pending(db::Tx& tx, std::int64_t account_id, const questionnaires::Sealed& sealed);
void enable(db::Tx& tx, std::int64_t account_id, std::int64_t step);
void set_last_step(db::Tx& tx, std::int64_t account_id, std::int64_t step);
// The secret, the recovery codes and the open challenges go; whether there was a secret.
bool remove(db::Tx& tx, std::int64_t account_id);

// Replaces the account's recovery codes by these hashes.
void replace_recovery_codes(db::Tx& tx, std::int64_t account_id, const std::vector<std::string>& hashes);
struct RecoveryCode {
  std::int64_t id = 0;
  std::string hash;
};
std::vector<RecoveryCode> unused_recovery_codes(db::Tx& tx, std::int64_t account_id);
// False when it was used meanwhile.
bool use_recovery_code(db::Tx& tx, std::int64_t id);

// Challenges are found by the hash of what the client holds.
void insert_challenge(db::Tx& tx, const std::string& hash, std::int64_t account_id, int ttl_seconds,
                      const std::string& client_address, const std::string& user_agent);
struct Challenge {
  std::int64_t account_id = 0;
  std::string email;
};
// A challenge that has not expired.
std::optional<Challenge> find_challenge(db::Tx& tx, const std::string& hash);
void delete_challenge(db::Tx& tx, const std::string& hash);
int prune_challenges(db::Tx& tx, int batch);

// Key rotation: up to `per` rows not sealed with key `current`, locked; then their new seal.
std::vector<Stored> lock_stale(db::Tx& tx, int current, int per);
void reseal(db::Tx& tx, std::int64_t account_id, const questionnaires::Sealed& sealed);

}  // namespace camp::accounts::two_factor_repo
