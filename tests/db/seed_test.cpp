// Fixtures loaded by an admin over the API (seed::seed_as, POST /api/v1/seeds) and two loads of
// the same new accounts at once (two daemons, or `camp db seed` beside the API).
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>

#include "accounts/service.hpp"
#include "environment.hpp"
#include "seed/fixture.hpp"

namespace camp {
namespace {

using dbtest::code_of;

std::string unique_email(const std::string& tag) {
  static std::atomic<int> n{0};
  return tag + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.jp";
}

accounts::Account make(const std::string& role) {
  accounts::AccountService s(dbtest::pool());
  return s.create({unique_email("seed-" + role), role, std::nullopt, "シード", "pass-word-123"});
}

std::string fixture_of(const std::vector<std::string>& emails) {
  std::string yaml = "version: 1\naccounts:\n";
  for (const auto& e : emails)
    yaml += "  - email: " + e + "\n    role: student\n    course: rails_4m\n    nickname: 種 花子\n    password: seed-pass-2026\n";
  return yaml;
}

seed::Counts accounts_of(const seed::Report& report) {
  for (const auto& [section, counts] : report)
    if (section == "accounts") return counts;
  return {};
}

TEST(SeedAs, RefusesAnyoneButAnAdminBeforeReadingTheText) {
  const auto mentor = make("advanced_mentor");
  // Not YAML at all: a mentor hears 403, not what is wrong with the file.
  EXPECT_EQ(code_of([&] { seed::seed_as(dbtest::pool(), mentor, "accounts: [\n", "x.yaml"); }), errc::forbidden);
  const auto admin = make("admin");
  EXPECT_EQ(code_of([&] { seed::seed_as(dbtest::pool(), admin, "accounts: [\n", "x.yaml"); }), errc::invalid);
  const auto email = unique_email("seed-one");
  const auto report = seed::seed_as(dbtest::pool(), admin, fixture_of({email}), "x.yaml");
  EXPECT_EQ(accounts_of(report).created, 1);
}

TEST(SeedAs, TwoLoadsOfTheSameNewAccountsAtOnceBothSucceedAndCreateEachOnce) {
  const auto admin = make("admin");
  for (int round = 0; round < 10; ++round) {
    std::vector<std::string> emails;
    for (int i = 0; i < 4; ++i) emails.push_back(unique_email("seed-race"));
    const auto yaml = fixture_of(emails);
    seed::Report a, b;
    std::string failed_a, failed_b;
    const auto load = [&](seed::Report& out, std::string& failed) {
      try {
        out = seed::seed_as(dbtest::pool(), admin, yaml, "race.yaml");
      } catch (const Error& e) {
        failed = e.what();
      }
    };
    dbtest::race([&] { load(a, failed_a); }, [&] { load(b, failed_b); });
    ASSERT_EQ(failed_a, "") << "round " << round;
    ASSERT_EQ(failed_b, "") << "round " << round;
    const auto ca = accounts_of(a), cb = accounts_of(b);
    EXPECT_EQ(ca.created + cb.created, 4) << "round " << round;
    EXPECT_EQ(ca.created + ca.updated + ca.unchanged, 4);
    EXPECT_EQ(cb.created + cb.updated + cb.unchanged, 4);
    for (const auto& e : emails)
      EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM accounts WHERE lower(email) = lower('" + e + "')"), 1);
  }
}

}  // namespace
}  // namespace camp
