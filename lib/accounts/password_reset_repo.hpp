#pragma once
// The only SQL about password resets. Every function runs in the caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/school_time.hpp"
#include "db/pool.hpp"

namespace camp::accounts::password_reset_repo {

struct RequestCount {
  std::string key;
  int requests = 0;
  double seconds_left = 0;  // until the key's window ends
};
// One more request for each key (in login_throttles; a new window for keys whose window has
// ended), and the counts after it: counting and reading is one statement, so parallel
// requests cannot both take the last slot.
std::vector<RequestCount> count_requests(db::Tx& tx, const std::vector<std::string>& keys, int window_seconds);

struct ResetAccount {
  std::int64_t id = 0;
  std::string email;
  std::string display_name;
};
std::optional<ResetAccount> find_account(db::Tx& tx, const std::string& email);
void insert_reset(db::Tx& tx, std::int64_t account_id, const std::string& token_hash, TimePoint created_at,
                  TimePoint expires_at, const std::string& client_address);

// A reset not used and not expired at `now`, found by the hash (hex) of its link token.
struct OpenReset {
  std::int64_t account_id = 0;
  std::string token_hash;
  TimePoint expires_at;
};
std::optional<OpenReset> find_open_reset(db::Tx& tx, const std::string& token_hash, TimePoint now);
// The same, its row locked FOR UPDATE until the transaction ends.
std::optional<OpenReset> lock_open_reset(db::Tx& tx, const std::string& token_hash, TimePoint now);

// The new password, and every open reset of the account used up (its sessions end with
// session_repo::end_sessions in the same transaction).
void reset_password(db::Tx& tx, std::int64_t account_id, const std::string& password_hash, TimePoint used_at);

}  // namespace camp::accounts::password_reset_repo
