#include "accounts/session_cache.hpp"

namespace camp::accounts {

std::optional<Account> SessionCache::find(const std::string& session_id, std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(session_id);
  if (it == entries_.end()) return std::nullopt;
  if (it->second.until < std::chrono::steady_clock::now() || it->second.account.id != account_id) {
    entries_.erase(it);
    return std::nullopt;
  }
  return it->second.account;
}

void SessionCache::put(const std::string& session_id, const Account& account, std::uint64_t epoch_before_read) {
  std::lock_guard lock(mutex_);
  if (!enabled_ || epoch_.load() != epoch_before_read) return;
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_[session_id] = {account, std::chrono::steady_clock::now() + ttl_};
}

void SessionCache::forget_account(std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  ++epoch_;
  std::erase_if(entries_, [&](const auto& kv) { return kv.second.account.id == account_id; });
}

void SessionCache::set_enabled(bool enabled) {
  std::lock_guard lock(mutex_);
  enabled_ = enabled;
  ++epoch_;
  entries_.clear();
}

}  // namespace camp::accounts
