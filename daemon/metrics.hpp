#pragma once
// Prometheus counters per route: requests by status class, a latency histogram and the
// statements sent to PostgreSQL (db::statements_sent while the request ran).
// Lock-free on the request path (atomics in a table sized at start-up).
#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "http/router.hpp"

namespace camp {

// Readings taken when /metrics is asked for (the counters above are kept by Metrics itself).
struct Gauges {
  std::size_t pool_size = 0, pool_in_use = 0, cable_connections = 0;
  std::size_t requests_in_flight = 0;  // received and not yet answered (a drain waits for these)
  std::size_t logins_queued = 0;       // on the one password-hashing thread, running or waiting
  std::size_t upload_cache_hits = 0, upload_cache_misses = 0, upload_cache_bytes = 0;
};

class Metrics {
 public:
  static constexpr std::size_t kStatic = static_cast<std::size_t>(-1);
  static constexpr std::size_t kUnmatched = static_cast<std::size_t>(-2);

  void set_routes(const std::vector<http::Route>& routes);
  void observe(std::size_t slot, int status, std::chrono::steady_clock::duration elapsed, std::uint64_t statements);
  // A request answered on its I/O thread from memory (Route::from_memory), besides observe().
  void count_from_memory() { from_memory_.fetch_add(1, std::memory_order_relaxed); }
  std::string render(const Gauges& gauges) const;

 private:
  static constexpr std::array<double, 11> kBuckets{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                   0.05,   0.1,   0.25,   0.5,   1.0};
  struct Series {
    std::string method, route;
    std::array<std::atomic<std::uint64_t>, 5> by_class{};  // 1xx..5xx
    std::array<std::atomic<std::uint64_t>, kBuckets.size()> buckets{};
    std::atomic<std::uint64_t> count{0};
    std::atomic<std::uint64_t> sum_us{0};
    std::atomic<std::uint64_t> statements{0};
  };
  Series& series(std::size_t slot);

  std::vector<std::unique_ptr<Series>> series_;  // routes, then static, then unmatched
  std::atomic<std::uint64_t> from_memory_{0};
};

}  // namespace camp
