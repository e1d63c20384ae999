#pragma once
// This daemon's /cable connections: admission at the handshake (Upgrade header, Origin, the
// connection cap), the live connections (heartbeats, shutdown) and how many each account holds
// (cable.max_connections_per_account). No I/O: tests/unit/cable_registry_test.cpp uses it as is.
// Thread-safe: handshakes, connections and the notification listener call it concurrently.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/config.hpp"
#include "http/exchange.hpp"

namespace camp::cable {

// A live connection as the registry sees it; the calls come from any thread.
class Member {
 public:
  virtual ~Member() = default;
  virtual const std::string& id() const = 0;
  // A session of its account ended or the account changed.
  virtual void account_changed() = 0;
  // The server stops.
  virtual void stop() = 0;
};

class Registry {
 public:
  explicit Registry(const CableLimits& limits) : limits_(limits) {}

  // At the handshake (no database work): nothing when the upgrade may proceed, else the HTTP
  // answer to send instead (400 not a websocket, 403 origin, 503 full).
  std::optional<http::Response> admit(const http::Request& request) const;

  void add(const std::shared_ptr<Member>& member);
  void remove(const Member* member);
  // Counts the member against its account's limit; false when the account is at it.
  bool claim_account_slot(std::int64_t account_id, const std::shared_ptr<Member>& member);
  void release_account_slot(std::int64_t account_id, const Member* member);

  std::size_t count() const;
  std::vector<std::shared_ptr<Member>> all() const;
  std::vector<std::shared_ptr<Member>> of_account(std::int64_t account_id) const;

 private:
  using Members = std::map<const Member*, std::weak_ptr<Member>>;
  static std::vector<std::shared_ptr<Member>> alive(const Members& members);

  const CableLimits& limits_;
  mutable std::mutex mutex_;  // guards the two maps below
  Members members_;
  std::unordered_map<std::int64_t, Members> by_account_;
};

}  // namespace camp::cable
