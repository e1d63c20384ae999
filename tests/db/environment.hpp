#pragma once
// A throwaway PostgreSQL for this test run: a private cluster in a temporary directory,
// migrated once, dropped at the end.
#include <gtest/gtest.h>

#include <atomic>
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
