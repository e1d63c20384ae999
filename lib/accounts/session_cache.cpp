#include "accounts/session_cache.hpp"

namespace camp::accounts {

std::optional<Account> SessionCache::find(const std::string& session_id, std::int64_t account_id) const {
  auto account = sessions_.find(session_id);
  if (!account || account->id != account_id) return std::nullopt;  // a token naming another account
  return account;
}

}  // namespace camp::accounts
