#pragma once
// The only SQL about sessions and login throttling.
#include <cstdint>
#include <optional>
#include <string>

#include "db/pool.hpp"

namespace camp::accounts::session_repo {

void insert(db::Connection& c, const std::string& id, std::int64_t account_id, std::int64_t expires_at,
            const std::string& client_address, const std::string& user_agent);
bool revoke(db::Connection& c, const std::string& id);
int revoke_all(db::Connection& c, std::int64_t account_id);

// Seconds until the window of the most limited key ends, when a key is at its limit.
std::optional<int> throttled_for(db::Connection& c, const std::string& email_key, int email_limit,
                                 const std::string& address_key, int address_limit, int window_seconds);
void record_failure(db::Connection& c, const std::string& key, int window_seconds);
void clear_failures(db::Connection& c, const std::string& key);

}  // namespace camp::accounts::session_repo
