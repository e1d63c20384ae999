// `camp accounts export ACCOUNT --out FILE.zip` through the real binary, against its own private
// PostgreSQL: the operator's copy of an account's data (docs/privacy.md "My data export"), a
// 0600 ZIP that Debian's unzip reads, audited as the CLI user; an unknown account is refused.
#include <gtest/gtest.h>
#include <pqxx/pqxx>
#include <stdlib.h>
#include <sys/stat.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "harness.hpp"

using clitest::camp;
using clitest::Run;
using clitest::dir;
using clitest::shell;
using clitest::sql;

namespace {

class PrivacyCli : public clitest::PrivateSchool {};

}  // namespace

TEST_F(PrivacyCli, ExportWritesTheAccountsZipAudited) {
  const auto created = camp("--json accounts create --email privacy-cli@example.com --role student --course rails_4m "
                            "--nickname 開示CLI",
                            "pass-word-123\n");
  ASSERT_EQ(created.code, 0) << created.out;
  const auto id = nlohmann::json::parse(created.out)["id"].get<std::int64_t>();
  const auto out = dir() + "/data.zip";
  const auto r = camp("--json accounts export privacy-cli@example.com --out " + out);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["account_id"], id);
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  const auto profile = shell("unzip -p '" + out + "' profile.json");
  ASSERT_EQ(profile.code, 0) << profile.out;
  EXPECT_EQ(nlohmann::json::parse(profile.out)["account"]["display_name"], "開示CLI");
  EXPECT_NE(shell("unzip -Z1 '" + out + "'").out.find("README.txt"), std::string::npos);

  auto url = camp("db url").out;
  while (!url.empty() && url.back() == '\n') url.pop_back();
  pqxx::connection c(url);
  const auto audited = pqxx::nontransaction(c).exec(
      "SELECT count(*) FROM audit_log WHERE action = 'data_export.exported' AND subject = 'account:" +
      std::to_string(id) + "' AND actor LIKE 'cli:%'");
  EXPECT_EQ(audited[0][0].as<int>(), 1);

  EXPECT_NE(camp("accounts export nobody@example.com --out " + dir() + "/none.zip").code, 0);
  EXPECT_FALSE(std::filesystem::exists(dir() + "/none.zip"));
}

// The demo shows both requests alive (docs/privacy.md "In the demo"), once however often it is seeded.
TEST_F(PrivacyCli, DemoSeedCarriesOutEachRequestOnce) {
  for (int i = 0; i < 2; ++i) ASSERT_EQ(camp("db seed --demo").code, 0);
  const auto leaver = sql(
      "SELECT a.email, a.nickname, (SELECT count(*) FROM questions q WHERE q.account_id = a.id), "
      "(SELECT count(*) FROM audit_log l WHERE l.action = 'account.anonymise' AND l.subject = 'account ' || a.id AND l.reason LIKE '退会%') "
      "FROM accounts a WHERE a.anonymised_at IS NOT NULL");
  ASSERT_EQ(leaver.size(), 1u);
  EXPECT_EQ(leaver[0][0].as<std::string>().find("kobayashi"), std::string::npos);
  EXPECT_EQ(leaver[0][1].as<std::string>(), "");
  EXPECT_EQ(leaver[0][2].as<int>(), 1);  // the content stays
  EXPECT_EQ(leaver[0][3].as<int>(), 1);
  EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE email LIKE 'kobayashi%'")[0][0].as<int>(), 0);
  const auto exports = sql(
      "SELECT e.status FROM data_exports e JOIN accounts a ON a.id = e.account_id WHERE a.email = 'graduate@example.com'");
  ASSERT_EQ(exports.size(), 1u);
  EXPECT_EQ(exports[0][0].as<std::string>(), "ready");
}
