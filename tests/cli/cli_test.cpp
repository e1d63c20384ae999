// Runs the real `camp` binary against its own private PostgreSQL in a temporary directory.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
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

TEST_F(Cli, UnknownCommandsExitTwoWithOneLine) {
  for (const char* args : {"nosuch", "nosuch --help", "accounts nosuch", "accounts nosuch --help", "--json nosuch"}) {
    auto r = camp(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_NE(r.out.find("camp: unknown command '"), std::string::npos) << args << ": " << r.out;
    EXPECT_NE(r.out.find("nosuch'"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Usage"), std::string::npos) << args << ": " << r.out;  // not the help text
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  }
  auto option = camp("db migrate --bogus --help");
  EXPECT_EQ(option.code, 2);
  EXPECT_NE(option.out.find("unknown option '--bogus' for 'camp db migrate'"), std::string::npos) << option.out;
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

namespace {

const std::string kExampleFixture = CAMP_SOURCE_DIR "/config/fixture.example.yaml";

std::string write_file(const std::string& name, const std::string& text) {
  const auto path = data_dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST_F(Cli, SeedFixtureTwiceChangesNothing) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto first = camp("db seed " + kExampleFixture + " --json");
  ASSERT_EQ(first.code, 0) << first.out;
  const auto loaded = nlohmann::json::parse(first.out);
  EXPECT_EQ(loaded["accounts"]["created"].get<int>() + loaded["accounts"]["unchanged"].get<int>(), 7) << first.out;
  const auto accounts_before = camp("accounts list --json").out;
  const auto questions_before = camp("questions list --json").out;
  ASSERT_NE(questions_before.find("EC2 から RDS に接続できません"), std::string::npos) << questions_before;

  auto second = camp("db seed " + kExampleFixture + " --json");
  ASSERT_EQ(second.code, 0) << second.out;
  const auto again = nlohmann::json::parse(second.out);
  ASSERT_EQ(again.size(), 4u) << second.out;  // accounts, question_categories, questions, events
  for (const auto& [section, counts] : again.items()) {
    EXPECT_EQ(counts["created"], 0) << section;
    EXPECT_EQ(counts["updated"], 0) << section;
  }
  EXPECT_EQ(again["accounts"]["unchanged"], 7);
  EXPECT_EQ(again["question_categories"]["unchanged"], 6);
  EXPECT_EQ(again["questions"]["unchanged"], 3);
  EXPECT_EQ(again["events"]["unchanged"], 2);
  EXPECT_EQ(camp("accounts list --json").out, accounts_before);
  EXPECT_EQ(camp("questions list --json").out, questions_before);  // same rows, same updated_at
}

TEST_F(Cli, SeedFixtureUpdatesByNaturalKey) {
  ASSERT_EQ(camp("db migrate").code, 0);
  const auto fixture = [](const std::string& nickname) {
    return "accounts:\n  - email: Seed.Mentor@example.jp\n    role: basic_mentor\n    nickname: " + nickname +
           "\n    password: mentor-pass-1\n";
  };
  auto created = camp("db seed " + write_file("mentor1.yaml", fixture("木村 一郎")) + " --json");
  ASSERT_EQ(created.code, 0) << created.out;
  EXPECT_EQ(nlohmann::json::parse(created.out)["accounts"]["created"], 1);
  auto renamed = camp("db seed " + write_file("mentor2.yaml", fixture("木村 次郎")) + " --json");
  ASSERT_EQ(renamed.code, 0) << renamed.out;
  EXPECT_EQ(nlohmann::json::parse(renamed.out)["accounts"]["updated"], 1);
  int matches = 0;
  for (const auto& a : nlohmann::json::parse(camp("accounts list --role basic_mentor --json").out))
    if (a["email"] == "Seed.Mentor@example.jp" || a["email"] == "seed.mentor@example.jp") {
      ++matches;
      EXPECT_EQ(a["nickname"], "木村 次郎");
    }
  EXPECT_EQ(matches, 1);
}

TEST_F(Cli, BadFixtureIsRefusedWithItsLinesAndWritesNothing) {
  ASSERT_EQ(camp("db migrate").code, 0);
  const auto accounts_before = camp("accounts list --json").out;
  const auto questions_before = camp("questions list --json").out;
  const auto bad = write_file("bad.yaml",
                              "accounts:\n"
                              "  - email: fine.student@example.jp\n"  // valid: must not be written either
                              "    role: student\n"
                              "    course: rails_4m\n"
                              "    password: fine-pass-123\n"
                              "  - email: not-an-email\n"  // line 6
                              "    role: student\n"
                              "    course: rails_9m\n"  // line 8: no such course
                              "    password: fine-pass-123\n");
  auto r = camp("db seed " + bad);
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_NE(r.out.find(bad + ":6:12: accounts[1].email: 不正なメールアドレスです"), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;

  // The shape is right but a course and a question's references are not: checked against the
  // database before anything is written.
  const auto unknown = write_file("unknown.yaml",
                                  "accounts:\n"
                                  "  - email: fine.student@example.jp\n"
                                  "    role: student\n"
                                  "    course: rails_9m\n"  // line 4
                                  "    password: fine-pass-123\n"
                                  "questions:\n"
                                  "  - author: nobody@example.jp\n"  // line 7
                                  "    category: {parent: 存在しない, name: カテゴリー}\n"
                                  "    title: 届かない質問\n");
  auto refused = camp("db seed " + unknown);
  EXPECT_EQ(refused.code, 3) << refused.out;
  EXPECT_NE(refused.out.find(unknown + ":4:13: accounts[0].course: 不明なコース 'rails_9m' です"), std::string::npos)
      << refused.out;
  EXPECT_NE(refused.out.find(unknown + ":7:13: questions[0].author: アカウント 'nobody@example.jp' がありません"),
            std::string::npos)
      << refused.out;
  EXPECT_NE(refused.out.find(unknown + ":8:15: questions[0].category"), std::string::npos) << refused.out;

  auto syntax = camp("db seed " + write_file("syntax.yaml", "accounts:\n  - email: [broken\n"));
  EXPECT_EQ(syntax.code, 3) << syntax.out;
  EXPECT_NE(syntax.out.find("syntax.yaml:3:"), std::string::npos) << syntax.out;

  // A copy is one problem naming the first line, however many copies came before it.
  std::string copies = "accounts:\n";
  for (int i = 0; i < 3; ++i) copies += "  - {email: Copy@example.jp, role: student, course: rails_4m, password: fine-pass-123}\n";
  const auto copied = camp("db seed " + write_file("copies.yaml", copies));
  EXPECT_EQ(copied.code, 3) << copied.out;
  EXPECT_NE(copied.out.find("2件の誤り"), std::string::npos) << copied.out;
  EXPECT_NE(copied.out.find("copies.yaml:4:13: accounts[2].email: 同じメールアドレスが 2 行目にもあります"), std::string::npos)
      << copied.out;

  // Bytes that are not UTF-8: where the first one is, in characters.
  const auto bytes = camp("db seed " + write_file("bytes.yaml", "accounts:\n  - email: 山田\xC0\xAE@example.jp\n"));
  EXPECT_EQ(bytes.code, 3) << bytes.out;
  EXPECT_NE(bytes.out.find("bytes.yaml:2:14: YAML: 使えない文字"), std::string::npos) << bytes.out;

  EXPECT_EQ(camp("accounts list --json").out, accounts_before);
  EXPECT_EQ(camp("questions list --json").out, questions_before);
  EXPECT_EQ(camp("db seed --demo " + bad).code, 2);  // one or the other
}

TEST_F(Cli, InviteQueuesTheMailAndRefusesExistingAccounts) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto invited = camp("accounts invite --email cli.invited@example.com --role student --course rails_5m "
                      "--nickname 'CLI 招待' --json");
  ASSERT_EQ(invited.code, 0) << invited.out;
  const auto invitation = nlohmann::json::parse(invited.out);
  EXPECT_EQ(invitation["email"], "cli.invited@example.com");
  EXPECT_EQ(invitation["role"], "student");
  EXPECT_EQ(invitation["course"]["code"], "rails_5m");
  EXPECT_EQ(invitation["nickname"], "CLI 招待");
  EXPECT_TRUE(invitation["expires_at"].is_string());
  EXPECT_EQ(invited.out.find("/account/new/"), std::string::npos) << "the link is never printed";

  auto mails = camp("mail list --json");
  ASSERT_EQ(mails.code, 0) << mails.out;
  int queued = 0;
  for (const auto& m : nlohmann::json::parse(mails.out))
    queued += m["to"] == "cli.invited@example.com" && m["template"] == "invitation";
  EXPECT_EQ(queued, 1);

  // Inviting again replaces the pending invitation (a new mail, still one invitation).
  auto again = camp("accounts invite --email CLI.Invited@example.com --role trial");
  ASSERT_EQ(again.code, 0) << again.out;
  EXPECT_NE(again.out.find("trial"), std::string::npos) << again.out;

  ASSERT_EQ(camp("accounts create --email cli.taken@example.com --role trial", "pass-word-123\n").code, 0);
  auto taken = camp("accounts invite --email cli.taken@example.com --role trial");
  EXPECT_EQ(taken.code, 3) << taken.out;
  EXPECT_NE(taken.out.find("このメールアドレスは既に使われています"), std::string::npos) << taken.out;

  auto no_course = camp("accounts invite --email cli.nocourse@example.com --role student");
  EXPECT_EQ(no_course.code, 3) << no_course.out;
  EXPECT_NE(no_course.out.find("受講生・卒業生にはコースの指定が必要です"), std::string::npos) << no_course.out;
  EXPECT_EQ(camp("accounts invite --email bad --role trial").code, 3);
  EXPECT_EQ(camp("accounts invite --role trial").code, 2);  // --email is required
}

// The outbox's operator commands (mail::OutboxService): a test mail, shown, queued again;
// unknown ids are exit code 4.
TEST_F(Cli, MailTestShowAndRetry) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto queued = camp("mail test --to cli.smtp@example.com --json");
  ASSERT_EQ(queued.code, 0) << queued.out;
  const auto q = nlohmann::json::parse(queued.out);
  EXPECT_EQ(q["queued"], 1);
  const auto id = q["id"].get<std::int64_t>();
  auto shown = camp("mail show " + std::to_string(id) + " --json");
  ASSERT_EQ(shown.code, 0) << shown.out;
  const auto mail = nlohmann::json::parse(shown.out);
  EXPECT_EQ(mail["to"], "cli.smtp@example.com");
  EXPECT_EQ(mail["template"], "test");
  EXPECT_NE(mail["text_body"].get<std::string>().find(" JST に送信キューへ登録されました"), std::string::npos) << shown.out;
  auto retried = camp("mail retry " + std::to_string(id));
  EXPECT_EQ(retried.code, 0) << retried.out;
  EXPECT_EQ(retried.out, "mail " + std::to_string(id) + " queued again\n");
  auto many = camp("mail test --to cli.smtp@example.com --count 3 --json");
  ASSERT_EQ(many.code, 0) << many.out;
  EXPECT_EQ(nlohmann::json::parse(many.out)["queued"], 3);
  auto all_failed = camp("mail retry --failed --json");
  ASSERT_EQ(all_failed.code, 0) << all_failed.out;
  EXPECT_TRUE(nlohmann::json::parse(all_failed.out)["requeued"].is_number_integer()) << all_failed.out;
  EXPECT_EQ(camp("mail show 999999999").code, 4);
  EXPECT_EQ(camp("mail retry 999999999").code, 4);
  EXPECT_EQ(camp("mail test --to 'not an address'").code, 3);
}

// QuestionnaireService::rotate_key: a new current key each time, the key file holds only it.
TEST_F(Cli, QuestionnaireKeyRotation) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto first = camp("questionnaires rotate-key --json");
  ASSERT_EQ(first.code, 0) << first.out;
  const auto a = nlohmann::json::parse(first.out);
  auto second = camp("questionnaires rotate-key --json");
  ASSERT_EQ(second.code, 0) << second.out;
  const auto b = nlohmann::json::parse(second.out);
  EXPECT_EQ(b["key_id"], a["key_id"].get<int>() + 1);
  EXPECT_EQ(b["key_file"], data_dir + "/questionnaire_keys");
  std::ifstream keys(b["key_file"].get<std::string>());
  std::string line;
  int lines = 0;
  while (std::getline(keys, line)) ++lines;
  EXPECT_EQ(lines, 1);
  auto audit = camp("audit list --json");
  ASSERT_EQ(audit.code, 0) << audit.out;
  EXPECT_NE(audit.out.find("questionnaire.rotate_key"), std::string::npos) << audit.out;
  EXPECT_NE(audit.out.find("\"cli:"), std::string::npos) << audit.out;
}

namespace {

// tests/fixtures/curriculum plus the real content when present (an import deletes what its
// directory lacks, and the demo's submissions use the real tasks).
std::string curriculum_dir(const std::string& name, bool with_fixture = true) {
  namespace fs = std::filesystem;
  const auto dir = fs::path(data_dir) / name;
  fs::create_directories(dir);
  std::vector<fs::path> bases{fs::path(CAMP_SOURCE_DIR) / "config" / "curriculum"};
  if (with_fixture) bases.push_back(fs::path(CAMP_SOURCE_DIR) / "tests" / "fixtures" / "curriculum");
  for (const auto& base : bases) {
    if (!fs::is_directory(base)) continue;
    for (const auto& e : fs::directory_iterator(base))
      if (e.is_directory() && !fs::exists(dir / e.path().filename())) fs::create_directory_symlink(e.path(), dir / e.path().filename());
  }
  return dir.string();
}

}  // namespace

TEST_F(Cli, CurriculumImportListSubmissionsAndStats) {
  ASSERT_EQ(camp("db migrate").code, 0);
  const auto dir = curriculum_dir("curriculum-ok");
  auto first = camp("curriculum import " + dir + " --json");
  ASSERT_EQ(first.code, 0) << first.out;
  auto again = camp("curriculum import " + dir + " --json");
  ASSERT_EQ(again.code, 0) << again.out;
  const auto report = nlohmann::json::parse(again.out);
  EXPECT_EQ(report["tasks"]["created"], 0);
  EXPECT_EQ(report["tasks"]["updated"], 0);
  EXPECT_GE(report["tasks"]["unchanged"].get<int>(), 4);
  auto text = camp("curriculum import " + dir);
  EXPECT_NE(text.out.find("tasks: 0 created, 0 updated, 0 deleted"), std::string::npos) << text.out;

  auto list = camp("curriculum list --json");
  ASSERT_EQ(list.code, 0) << list.out;
  bool found = false;
  const auto listed = nlohmann::json::parse(list.out);
  for (const auto& c : listed["data"])
    if (c["name"] == "test-basics") {
      found = true;
      EXPECT_EQ(c["milestone"], "test_basics_tasks_approved");
      EXPECT_EQ(c["tasks"].size(), 2u);
    }
  EXPECT_TRUE(found) << list.out;
  EXPECT_NE(camp("curriculum list").out.find("test-basics\tテスト基礎\t2 tasks"), std::string::npos);

  auto subs = camp("submissions list --waiting --json");
  ASSERT_EQ(subs.code, 0) << subs.out;
  const auto waiting = nlohmann::json::parse(subs.out);
  for (const auto& s : waiting["data"]) EXPECT_EQ(s["status"], "waiting");
  auto stats = camp("reviews stats --since 2020-01-01 --json");
  ASSERT_EQ(stats.code, 0) << stats.out;
  EXPECT_TRUE(nlohmann::json::parse(stats.out)["data"].is_array());
  EXPECT_EQ(camp("reviews stats --since yesterday").code, 3);
  EXPECT_EQ(camp("reviews stats").code, 0);
}

TEST_F(Cli, CurriculumImportRefusesBadFilesWithTheirLines) {
  ASSERT_EQ(camp("db migrate").code, 0);
  namespace fs = std::filesystem;
  const auto dir = fs::path(curriculum_dir("curriculum-bad"));
  fs::create_directories(dir / "test-broken");
  std::ofstream(dir / "test-broken" / "curriculum.yaml") << "title: 壊れた\nposition: 999\n";
  std::ofstream(dir / "test-broken" / "01-x.md") << "---\nid: 999\ntitle: x\nposition: 1\nreview_level: expert\n---\n";
  auto r = camp("curriculum import " + dir.string());
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_NE(r.out.find("test-broken/01-x.md:5: review_level must be basic or advanced"), std::string::npos) << r.out;
  EXPECT_EQ(camp("curriculum list").out.find("壊れた"), std::string::npos);
  EXPECT_EQ(camp("curriculum import /nonexistent").code, 2);  // CLI11: not a directory
}

// camp accounts reset-2fa: the secret and recovery codes go, the sessions end, an audit row says
// who; an account without two-factor login is left as it is. (The whole road, with real codes,
// is in tests/api/two-factor.test.mjs.)
TEST_F(Cli, ResetTwoFactorIsAudited) {
  ASSERT_EQ(camp("db migrate").code, 0);
  auto created = camp("accounts create --email cli.tfa@example.com --role admin --json", "pass-word-123\n");
  ASSERT_EQ(created.code, 0) << created.out;
  const auto id = nlohmann::json::parse(created.out)["id"].get<std::int64_t>();
  auto url = camp("db url").out;
  while (!url.empty() && url.back() == '\n') url.pop_back();
  pqxx::connection c(url);
  auto sql = [&](const std::string& q) { return pqxx::nontransaction(c).exec(q); };
  const auto who = std::to_string(id);
  sql("INSERT INTO account_two_factor (account_id, key_id, nonce, sealed, enabled_at, last_step) VALUES (" + who +
      ", 1, decode(repeat('ab', 24), 'hex'), decode(repeat('cd', 36), 'hex'), now(), 1)");
  sql("INSERT INTO account_recovery_codes (account_id, code_hash) SELECT " + who + ", 'hash' FROM generate_series(1, 10)");
  sql("INSERT INTO sessions (id, account_id, expires_at) VALUES ('cli-tfa-session', " + who + ", now() + interval '1 day')");

  auto reset = camp("--json accounts reset-2fa cli.tfa@example.com");
  ASSERT_EQ(reset.code, 0) << reset.out;
  EXPECT_EQ(nlohmann::json::parse(reset.out), (nlohmann::json{{"account_id", id}, {"reset", true}}));
  EXPECT_EQ(sql("SELECT count(*) FROM account_two_factor WHERE account_id = " + who)[0][0].as<int>(), 0);
  EXPECT_EQ(sql("SELECT count(*) FROM account_recovery_codes WHERE account_id = " + who)[0][0].as<int>(), 0);
  EXPECT_EQ(sql("SELECT count(*) FROM sessions WHERE id = 'cli-tfa-session' AND revoked_at IS NULL")[0][0].as<int>(), 0);
  auto audit = camp("audit list --json");
  ASSERT_EQ(audit.code, 0) << audit.out;
  bool recorded = false;
  const auto entries = nlohmann::json::parse(audit.out);
  for (const auto& e : entries["data"])
    recorded |= e["action"] == "two_factor.reset" && e["subject"] == "account " + who &&
                e["actor"].get<std::string>().rfind("cli:", 0) == 0;
  EXPECT_TRUE(recorded) << audit.out;

  auto again = camp("accounts reset-2fa " + who);  // by id; nothing left to reset
  EXPECT_EQ(again.code, 0) << again.out;
  EXPECT_NE(again.out.find("had no two-factor login"), std::string::npos) << again.out;
  EXPECT_EQ(camp("accounts reset-2fa nobody@example.com").code, 4);
  EXPECT_EQ(camp("accounts reset-2fa").code, 2);
}
