#pragma once
// A throwaway PostgreSQL for this test run: a private cluster in a temporary directory,
// migrated once, dropped at the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "db/listener.hpp"
#include "db/pool.hpp"

namespace camp::dbtest {

db::Pool& pool();
const std::string& database_url();
const std::string& data_dir();

// The camp::Error code `f` throws (a test failure when it throws none).
inline errc code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  ADD_FAILURE() << "no camp::Error thrown";
  return errc::internal;
}

// One number from SQL text (a count, an id from INSERT ... RETURNING): for a test's checks and set-up.
inline std::int64_t scalar(const std::string& sql) {
  return pool().run([&](db::Connection& c) {
    pqxx::nontransaction n(c.pq());
    return n.exec(sql)[0][0].as<std::int64_t>();
  });
}

// Runs SQL text as it is (a test's set-up and clean-up).
inline void run_sql(const std::string& sql) {
  pool().run([&](db::Connection& c) {
    pqxx::nontransaction n(c.pq());
    n.exec(sql);
  });
}

// Runs a and b at the same time (both start together), returns when both are done.
inline void race(const std::function<void()>& a, const std::function<void()>& b) {
  std::atomic<int> ready{0};
  auto start = [&](const std::function<void()>& f) {
    return std::thread([&, f] {
      ++ready;
      while (ready.load() < 2) std::this_thread::yield();
      f();
    });
  };
  auto ta = start(a), tb = start(b);
  ta.join();
  tb.join();
}

// A LISTEN connection as a daemon has one, keeping what it hears. `hand` sees each
// notification first (a daemon's cache, say), `switched` each change of the connection's
// state. The constructor waits up to 10 s for the connection; check connected().
struct Notification {
  std::string stream, message;
  bool operator==(const Notification&) const = default;
};
class Listening {
 public:
  explicit Listening(std::function<void(const Notification&)> hand = {}, std::function<void(bool)> switched = {})
      : hand_(std::move(hand)),
        switched_(std::move(switched)),
        listener_(
            database_url(),
            [this](const std::string& stream, const std::string& message) {
              Notification n{stream, message};
              if (hand_) hand_(n);
              std::lock_guard lock(mutex_);
              heard_.push_back(std::move(n));
              changed_.notify_all();
            },
            [this](bool up) {
              if (switched_) switched_(up);
              std::lock_guard lock(mutex_);
              connected_ = up;
              changed_.notify_all();
            }) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::seconds(10), [&] { return connected_; });
  }
  bool connected() {
    std::lock_guard lock(mutex_);
    return connected_;
  }
  std::vector<Notification> heard() {
    std::lock_guard lock(mutex_);
    return heard_;
  }
  // How many notifications on `stream` have come.
  int count(const std::string& stream) {
    std::lock_guard lock(mutex_);
    return static_cast<int>(std::count_if(heard_.begin(), heard_.end(), [&](const auto& n) { return n.stream == stream; }));
  }
  void clear() {
    std::lock_guard lock(mutex_);
    heard_.clear();
  }
  // Blocks until `done(what was heard)` holds; false after 10 s without.
  bool wait_until(const std::function<bool(const std::vector<Notification>&)>& done) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(10), [&] { return done(heard_); });
  }

 private:
  std::function<void(const Notification&)> hand_;
  std::function<void(bool)> switched_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Notification> heard_;
  bool connected_ = false;
  db::Listener listener_;  // last: its thread uses everything above
};

}  // namespace camp::dbtest
