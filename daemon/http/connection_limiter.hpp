#pragma once
// Open HTTP connections per client address, so one client flooding the daemon with
// connections (or slow ones) cannot take every slot: past `per_address` its new connections
// are closed at accept. IPv6 clients count per /64 (one subscriber's whole prefix).
// Trusted proxies are not limited here (the proxy limits its own clients).
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace camp::http {

class ConnectionLimiter {
 public:
  ConnectionLimiter(std::size_t per_address, std::vector<std::string> trusted_proxies)
      : per_address_(per_address), trusted_(std::move(trusted_proxies)) {}

  // At accept: true (and counted) when the address may open one more connection.
  bool admit(const std::string& address);
  // When a connection admitted for `address` ends (closed, or handed over to /cable).
  void release(const std::string& address);
  std::size_t open(const std::string& address) const;

  // The counting key: the IPv4 address, or the /64 prefix of an IPv6 one.
  static std::string key(const std::string& address);

 private:
  bool trusted(const std::string& address) const;

  std::size_t per_address_;
  std::vector<std::string> trusted_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> open_;
};

}  // namespace camp::http
