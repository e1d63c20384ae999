#include <gtest/gtest.h>

#include <thread>

#include "db/migrations.hpp"
#include "environment.hpp"

using namespace camp;

TEST(MigrationsDb, SecondRunAppliesNothing) {
  pqxx::connection conn(dbtest::database_url());
  EXPECT_TRUE(db::migrate(conn).empty());
  for (const auto& m : db::migration_status(conn)) EXPECT_TRUE(m.applied) << m.name;
}

TEST(MigrationsDb, ConcurrentRunsWaitForEachOther) {
  std::vector<std::thread> runs;
  std::atomic<int> errors{0};
  for (int i = 0; i < 3; ++i)
    runs.emplace_back([&] {
      try {
        pqxx::connection conn(dbtest::database_url());
        db::migrate(conn);
      } catch (...) {
        ++errors;
      }
    });
  for (auto& t : runs) t.join();
  EXPECT_EQ(errors.load(), 0);
}

TEST(MigrationsDb, ConstraintsMirrorValidation) {
  pqxx::connection conn(dbtest::database_url());
  pqxx::work tx(conn);
  EXPECT_THROW(tx.exec("INSERT INTO accounts (email, role, nickname, password_hash) VALUES "
                       "('c@example.com', 'student', repeat('あ', 81), 'x')"),
               pqxx::check_violation);
}
