// `camp accounts anonymise` through the real binary, against its own private PostgreSQL: it says
// it is irreversible, refuses without --yes when nobody can be asked, and with --yes anonymises
// and writes the audit row.
#include <gtest/gtest.h>
#include <pqxx/pqxx>
#include <stdlib.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "harness.hpp"

using clitest::camp;
using clitest::Run;
using clitest::dir;
using clitest::sql;

namespace {

class AnonymiseCli : public clitest::PrivateSchool {};

}  // namespace

TEST_F(AnonymiseCli, RefusesWithoutYesThenAnonymisesAndAudits) {
  const auto created = camp("--json accounts create --email leaving@example.com --role student --course rails_4m "
                            "--nickname 退会予定", "pass-word-123\n");
  ASSERT_EQ(created.code, 0) << created.out;
  const auto id = nlohmann::json::parse(created.out)["id"].get<std::int64_t>();

  const auto refused = camp("accounts anonymise leaving@example.com --reason '本人からの削除依頼'", "y\n");
  EXPECT_EQ(refused.code, 2) << refused.out;
  EXPECT_NE(refused.out.find("cannot be undone"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("--yes"), std::string::npos) << refused.out;
  EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE anonymised_at IS NOT NULL")[0][0].as<int>(), 0);

  const auto no_reason = camp("accounts anonymise leaving@example.com --reason '  ' --yes");
  EXPECT_EQ(no_reason.code, 3) << no_reason.out;

  const auto done = camp("--json accounts anonymise leaving@example.com --reason '本人からの削除依頼' --yes");
  ASSERT_EQ(done.code, 0) << done.out;
  EXPECT_NE(done.out.find("\"anonymised\": true"), std::string::npos) << done.out;
  const auto row = sql("SELECT email, nickname, anonymised_at IS NOT NULL FROM accounts WHERE id = " + std::to_string(id))[0];
  EXPECT_EQ(row[0].as<std::string>(), "deleted-" + std::to_string(id) + "@anonymised.invalid");
  EXPECT_EQ(row[1].as<std::string>(), "");
  EXPECT_TRUE(row[2].as<bool>());
  const auto audit = sql("SELECT actor, reason, detail::text FROM audit_log WHERE action = 'account.anonymise' AND subject = 'account " +
                         std::to_string(id) + "'");
  ASSERT_EQ(audit.size(), 1u);
  EXPECT_EQ(audit[0][0].as<std::string>().rfind("cli:", 0), 0u);
  EXPECT_EQ(audit[0][1].as<std::string>(), "本人からの削除依頼");
  EXPECT_EQ(audit[0][2].as<std::string>(), "{}");

  // The account is found by id now (its e-mail is gone); a second time is a conflict.
  const auto again = camp("accounts anonymise " + std::to_string(id) + " --reason 'もう一度' --yes");
  EXPECT_NE(again.code, 0) << again.out;
  EXPECT_NE(again.out.find("既に退会処理"), std::string::npos) << again.out;
  EXPECT_EQ(camp("accounts anonymise leaving@example.com --reason x --yes").code, 4);
}
