// `camp tokens create | list | revoke` through the real binary, against its own private
// PostgreSQL: the secret printed once and stored hashed, the list without it, revocation, the
// audit rows as the CLI user, and the exit codes of bad input (docs/tokens.md).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>

#include "harness.hpp"

using clitest::camp;
using clitest::sql;

namespace {

class TokensCli : public clitest::PrivateSchool {};

}  // namespace

TEST_F(TokensCli, CreateListRevokeAudited) {
  const auto account = camp("--json accounts create --email tokens-cli@example.com --role student --course rails_4m",
                            "pass-word-123\n");
  ASSERT_EQ(account.code, 0) << account.out;
  const auto owner = nlohmann::json::parse(account.out)["id"].get<std::int64_t>();

  const auto created = camp("--json tokens create --account tokens-cli@example.com --name 夜間の集計 --scope read "
                            "--scope questionnaires:export --expires-in-days 30");
  ASSERT_EQ(created.code, 0) << created.out;
  const auto answer = nlohmann::json::parse(created.out);
  const auto secret = answer["secret"].get<std::string>();
  EXPECT_TRUE(std::regex_match(secret, std::regex("camp_pat_[A-Za-z0-9_-]{43}")));
  const auto id = answer["token"]["id"].get<std::int64_t>();
  EXPECT_EQ(answer["token"]["scopes"], nlohmann::json({"read", "questionnaires:export"}));
  EXPECT_EQ(sql("SELECT count(*) FROM personal_access_tokens WHERE token_hash = sha256('" + secret +
                "'::bytea) AND account_id = " + std::to_string(owner))[0][0]
                .as<int>(),
            1);

  const auto listed = camp("--json tokens list --account " + std::to_string(owner));
  ASSERT_EQ(listed.code, 0) << listed.out;
  EXPECT_EQ(listed.out.find(secret.substr(9)), std::string::npos);
  const auto rows = nlohmann::json::parse(listed.out);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0]["id"], id);
  EXPECT_EQ(rows[0]["account_id"], owner);
  EXPECT_EQ(rows[0]["name"], "夜間の集計");
  const auto text = camp("tokens list");
  EXPECT_NE(text.out.find("夜間の集計"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("last used never"), std::string::npos) << text.out;

  const auto revoked = camp("tokens revoke " + std::to_string(id));
  ASSERT_EQ(revoked.code, 0) << revoked.out;
  EXPECT_TRUE(nlohmann::json::parse(camp("--json tokens list").out).empty());
  EXPECT_EQ(camp("tokens revoke " + std::to_string(id)).code, 4);
  EXPECT_EQ(sql("SELECT count(*) FROM audit_log WHERE actor LIKE 'cli:%' AND subject = 'token " + std::to_string(id) +
                "' AND action IN ('access_token.create', 'access_token.revoke')")[0][0]
                .as<int>(),
            2);
}

TEST_F(TokensCli, BadInputHasItsExitCode) {
  ASSERT_EQ(camp("accounts create --email tokens-bad@example.com --role student --course rails_4m", "pass-word-123\n").code, 0);
  const std::string base = "tokens create --account tokens-bad@example.com --name x ";
  EXPECT_EQ(camp(base + "--scope admin:all --expires-in-days 7").code, 3);
  EXPECT_EQ(camp(base + "--scope read --expires-in-days 366").code, 3);
  EXPECT_EQ(camp(base + "--scope read").code, 2);
  EXPECT_EQ(camp(base + "--scope read --expires-in-days soon").code, 2);
  EXPECT_EQ(camp("tokens create --account nobody@example.com --name x --scope read --expires-in-days 7").code, 4);
  EXPECT_EQ(camp("tokens revoke abc").code, 2);
  EXPECT_EQ(camp("tokens revoke 999999999").code, 4);
  const auto invalid = camp(base + "--scope nope --expires-in-days 7");
  EXPECT_NE(invalid.out.find("選べない権限が含まれています"), std::string::npos) << invalid.out;
}

// Last in this file: the demo's admin tokens would show in the other tests' lists.
TEST_F(TokensCli, TheDemoAdminKeepsTwoTokensMadeOnce) {
  for (int i = 0; i < 2; ++i) ASSERT_EQ(camp("db seed --demo").code, 0);
  const auto listed = camp("--json tokens list --account admin@example.com");
  ASSERT_EQ(listed.code, 0) << listed.out;
  const auto rows = nlohmann::json::parse(listed.out);
  ASSERT_EQ(rows.size(), 2u) << listed.out;
  std::set<std::string> names;
  for (const auto& t : rows) names.insert(t["name"].get<std::string>());
  EXPECT_EQ(names, (std::set<std::string>{"夜間のアンケート集計 (CI)", "受講生の一括登録 (CI)"}));
  const auto nightly = rows[0]["name"] == "夜間のアンケート集計 (CI)" ? rows[0] : rows[1];
  EXPECT_TRUE(nightly["last_used_at"].is_string()) << nightly;
  EXPECT_EQ(nightly["scopes"], nlohmann::json({"read", "questionnaires:export"}));
}
