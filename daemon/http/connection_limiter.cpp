#include "http/connection_limiter.hpp"

#include "core/address_group.hpp"

#include <algorithm>

namespace camp::http {

std::string ConnectionLimiter::key(const std::string& address) { return address_group(address); }

bool ConnectionLimiter::trusted(const std::string& address) const {
  return std::find(trusted_.begin(), trusted_.end(), address) != trusted_.end();
}

bool ConnectionLimiter::admit(const std::string& address) {
  if (trusted(address)) return true;
  std::lock_guard lock(mutex_);
  auto& n = open_[key(address)];
  if (n >= per_address_) return false;
  ++n;
  return true;
}

void ConnectionLimiter::release(const std::string& address) {
  if (trusted(address)) return;
  std::lock_guard lock(mutex_);
  auto it = open_.find(key(address));
  if (it == open_.end()) return;
  if (--it->second == 0) open_.erase(it);
}

std::size_t ConnectionLimiter::open(const std::string& address) const {
  std::lock_guard lock(mutex_);
  auto it = open_.find(key(address));
  return it == open_.end() ? 0 : it->second;
}

}  // namespace camp::http
