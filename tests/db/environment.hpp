#pragma once
// A throwaway PostgreSQL for this test run: a private cluster in a temporary directory,
// migrated once, dropped at the end.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

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

}  // namespace camp::dbtest
