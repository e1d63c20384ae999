#pragma once
// A throwaway PostgreSQL for this test run: a private cluster in a temporary directory,
// migrated once, dropped at the end.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "core/error.hpp"
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

}  // namespace camp::dbtest
