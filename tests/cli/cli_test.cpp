// Runs the real `camp` binary against its own private PostgreSQL in a temporary directory.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace {

std::string data_dir;

struct Run {
  int code;
  std::string out;
};

// `stdin_text` is piped to the command; stderr is folded into out.
Run camp(const std::string& args, const std::string& stdin_text = "") {
  const std::string cmd = "printf '%s' '" + stdin_text + "' | CAMP_DATABASE_URL= CAMP_CONFIG= CAMP_DATA_DIR='" +
                          data_dir + "' " CAMP_BIN " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  int status = pclose(p);
  return {WEXITSTATUS(status), out};
}

class Cli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/camp-cli-tests-XXXXXX";
    data_dir = mkdtemp(tmpl);
    ASSERT_EQ(camp("db start").code, 0);
  }
  static void TearDownTestSuite() {
    camp("db stop");
    std::filesystem::remove_all(data_dir);
  }
};

}  // namespace

TEST_F(Cli, HelpEverywhere) {
  for (const char* args : {"--help", "db --help", "accounts create --help", "sessions revoke --help"}) {
    auto r = camp(args);
    EXPECT_EQ(r.code, 0) << args;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << r.out;
  }
}

TEST_F(Cli, BadArgumentsExitTwo) {
  EXPECT_EQ(camp("").code, 2);
  EXPECT_EQ(camp("no-such-command").code, 2);
  EXPECT_EQ(camp("accounts create --role admin").code, 2);  // --email missing
  EXPECT_EQ(camp("db migrate --bogus").code, 2);
}

TEST_F(Cli, MigrateTwiceIsIdempotent) {
  auto first = camp("db migrate");
  ASSERT_EQ(first.code, 0) << first.out;
  auto second = camp("db migrate");
  EXPECT_EQ(second.code, 0);
  EXPECT_NE(second.out.find("up to date"), std::string::npos) << second.out;
  auto status = camp("db status --json");
  ASSERT_EQ(status.code, 0);
  EXPECT_EQ(nlohmann::json::parse(status.out)["pending"], 0);
}

TEST_F(Cli, CreateAndListAccounts) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto created = camp("accounts create --email cli.student@example.com --role student --course u29 --nickname 'CLI 受講生' --json",
                      "pass-word-123\n");
  ASSERT_EQ(created.code, 0) << created.out;
  auto account = nlohmann::json::parse(created.out);
  EXPECT_EQ(account["email"], "cli.student@example.com");
  EXPECT_EQ(account["course"]["name"], "Railsキャリアコース（U29）");
  EXPECT_FALSE(account.contains("password"));  // it came from stdin

  auto listed = camp("accounts list --role student --json");
  ASSERT_EQ(listed.code, 0) << listed.out;
  bool found = false;
  for (const auto& a : nlohmann::json::parse(listed.out)) found |= a["email"] == "cli.student@example.com";
  EXPECT_TRUE(found);

  auto duplicate = camp("accounts create --email CLI.Student@example.com --role student --course u29", "pass-word-123\n");
  EXPECT_EQ(duplicate.code, 3) << duplicate.out;
}

TEST_F(Cli, GeneratedPasswordIsPrintedOnce) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto created = camp("accounts create --email cli.mentor@example.com --role basic_mentor --json");
  ASSERT_EQ(created.code, 0) << created.out;
  EXPECT_EQ(nlohmann::json::parse(created.out)["password"].get<std::string>().size(), 14u);
}

TEST_F(Cli, InvalidInputExitsThreeAndNotFoundFour) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto bad_email = camp("accounts create --email nope --role admin", "pass-word-123\n");
  EXPECT_EQ(bad_email.code, 3);
  EXPECT_NE(bad_email.out.find("不正なメールアドレスです"), std::string::npos) << bad_email.out;
  EXPECT_EQ(camp("accounts create --email x@example.com --role wizard", "pass-word-123\n").code, 3);
  EXPECT_EQ(camp("accounts create --email y@example.com --role student", "pass-word-123\n").code, 3);  // no course
  EXPECT_EQ(camp("accounts create --email z@example.com --role admin", "short\n").code, 3);
  EXPECT_EQ(camp("accounts set-role nobody@example.com admin").code, 4);
  EXPECT_EQ(camp("sessions revoke --account 999999").code, 4);
}

TEST_F(Cli, SetRoleAndSeedDemo) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto seeded = camp("db seed --demo --json");
  ASSERT_EQ(seeded.code, 0) << seeded.out;
  EXPECT_EQ(nlohmann::json::parse(seeded.out).size(), 9u);
  EXPECT_EQ(camp("db seed --demo").code, 0);  // idempotent
  EXPECT_EQ(camp("db seed").code, 3);          // nothing chosen
  // A student needs a course: a trial account (none) cannot become one.
  EXPECT_EQ(camp("accounts set-role trial@example.com student").code, 3);
  auto promoted = camp("accounts set-role student@example.com graduate --json");
  ASSERT_EQ(promoted.code, 0) << promoted.out;
  EXPECT_EQ(nlohmann::json::parse(promoted.out)["role"], "graduate");
  EXPECT_EQ(nlohmann::json::parse(promoted.out)["course"]["code"], "rails_4m");
}
