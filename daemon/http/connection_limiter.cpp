#include "http/connection_limiter.hpp"

#include <arpa/inet.h>

#include <algorithm>

namespace camp::http {

std::string ConnectionLimiter::key(const std::string& address) {
  in6_addr v6{};
  if (address.find(':') == std::string::npos || inet_pton(AF_INET6, address.c_str(), &v6) != 1) return address;
  if (IN6_IS_ADDR_V4MAPPED(&v6)) return address.substr(address.rfind(':') + 1);  // ::ffff:a.b.c.d
  std::fill(std::begin(v6.s6_addr) + 8, std::end(v6.s6_addr), 0);
  char text[INET6_ADDRSTRLEN] = {};
  inet_ntop(AF_INET6, &v6, text, sizeof text);
  return std::string(text) + "/64";
}

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
