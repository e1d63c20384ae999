// db::rethrow_translated: what PostgreSQL's failures become for the API (docs/design.md, the
// error table). A failure on a connection that is gone is 503, whatever libpqxx threw.
#include <gtest/gtest.h>

#include <pqxx/pqxx>
#include <optional>
#include <stdexcept>

#include "core/error.hpp"
#include "db/errors.hpp"

namespace camp {
namespace {

template <class Thrown>
std::optional<errc> translated(const Thrown& thrown, bool connection_lost) {
  try {
    try {
      throw thrown;
    } catch (...) {
      db::rethrow_translated(connection_lost);
    }
  } catch (const Error& e) {
    return e.code();
  }
  return std::nullopt;  // nothing thrown: a failure of every check below
}

TEST(RethrowTranslated, AFailureOnALostConnectionIsUnavailableWhateverItsType) {
  const std::runtime_error plain("server closed the connection unexpectedly");
  EXPECT_EQ(translated(plain, false), errc::internal);
  EXPECT_EQ(translated(plain, true), errc::unavailable);
  const pqxx::sql_error unknown("ERROR: something", "SELECT 1", "");
  EXPECT_EQ(translated(unknown, false), errc::internal);
  EXPECT_EQ(translated(unknown, true), errc::unavailable);
  // Our own errors pass through as they are.
  EXPECT_EQ(translated(Error(errc::not_found, "no such thing"), true), errc::not_found);
}

TEST(RethrowTranslated, MapsSqlStatesAndBrokenConnections) {
  EXPECT_EQ(translated(pqxx::broken_connection("gone"), false), errc::unavailable);
  EXPECT_EQ(translated(pqxx::sql_error("FATAL: terminating", "", "57P01"), false), errc::unavailable);
  EXPECT_EQ(translated(pqxx::sql_error("ERROR: disk full", "", "53100"), false), errc::unavailable);
  EXPECT_EQ(translated(pqxx::unique_violation("dup", "", "23505"), false), errc::conflict);
  EXPECT_EQ(translated(pqxx::check_violation("chk", "", "23514"), false), errc::invalid);
}

}  // namespace
}  // namespace camp
