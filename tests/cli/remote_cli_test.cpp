// Remote mode (docs/design.md, "Remote mode"): every remote-capable command run here against the
// suite's database and through a campd of its own on the same database (--server), with --json;
// outputs and exit codes compared. Then what only remote mode has: tokens, `camp login`, and
// the local-only commands' refusal.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "harness.hpp"

namespace {

using clitest::camp;
using clitest::dir;
using clitest::shell;
using nlohmann::json;

std::string server, admin_token, campd_pid;

int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t n = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
  close(fd);
  return ntohs(a.sin_port);
}

// `camp --server URL ARGS` with an environment that has no local school at all.
clitest::Run remote(const std::string& args, const std::string& token = admin_token, const std::string& config_home = "") {
  return shell("CAMP_TOKEN='" + token + "' XDG_CONFIG_HOME='" + (config_home.empty() ? dir() + "/no-config" : config_home) +
               "' CAMP_DATABASE_URL= CAMP_CONFIG= CAMP_DATA_DIR=/nonexistent " CAMP_BIN " --server " + server + " " + args +
               " </dev/null");
}

// `camp login URL` with the e-mail and password on stdin; the token it stored.
std::string login(const std::string& email, const std::string& config_home) {
  const auto r = shell("printf '%s\\n%s\\n' '" + email + "' demo-pass-1234 | XDG_CONFIG_HOME='" + config_home + "' " CAMP_BIN
                       " login " + server);
  EXPECT_EQ(r.code, 0) << r.out;
  std::ifstream in(config_home + "/camp/credentials.json");
  return json::parse(in)["token"].get<std::string>();
}

class RemoteCli : public clitest::PrivateSchool {
 protected:
  static void SetUpTestSuite() {
    PrivateSchool::SetUpTestSuite();
    ASSERT_EQ(camp("db seed --demo").code, 0);
    server = "http://127.0.0.1:" + std::to_string(free_port());
    const auto started = shell("CAMP_DATABASE_URL= CAMP_CONFIG= CAMP_DATA_DIR='" + dir() +
                               "' CAMP_PUBLIC_URL=https://camp.example.com CAMP_LISTEN=" + server.substr(7) +
                               " " CAMPD_BIN " >'" + dir() + "/campd.log' 2>&1 & echo $!");
    campd_pid = started.out.substr(0, started.out.find('\n'));
    bool ready = false;
    for (int i = 0; i < 300 && !ready; ++i) {
      ready = shell("curl -fsS " + server + "/readyz").code == 0;
      if (!ready) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_TRUE(ready) << shell("cat '" + dir() + "/campd.log'").out;
    admin_token = login("admin@example.com", dir() + "/admin-config");
  }
  static void TearDownTestSuite() {
    if (!campd_pid.empty()) kill(std::stoi(campd_pid), SIGTERM);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    PrivateSchool::TearDownTestSuite();
  }
};

// Both ways, the same output (stdout and stderr) and exit code.
void same(const std::string& args) {
  const auto here = camp(args), there = remote(args);
  EXPECT_EQ(here.code, there.code) << args << "\nlocal:\n" << here.out << "\nremote:\n" << there.out;
  EXPECT_EQ(here.out, there.out) << args;
}

// Two separate writes: the same JSON but for the fields each creation makes its own.
void alike(json a, json b, std::initializer_list<const char*> own) {
  for (const char* key : own) {
    a.erase(key);
    b.erase(key);
  }
  EXPECT_EQ(a, b);
}

json parsed(const clitest::Run& r) {
  EXPECT_EQ(r.code, 0) << r.out;
  return json::parse(r.out);
}

}  // namespace

TEST_F(RemoteCli, ReadsAreTheSameBothWays) {
  for (const char* args : {"events list --json", "events list --scope past --json", "events list --scope drafts --json",
                           "events list", "events list --per 2 --page 2 --json", "students list --json", "students list",
                           "students list --course rails_4m --per 1 --json", "students list --q student5 --json",
                           "students show student@example.com --json", "students show student@example.com",
                           "students show nobody@example.com", "accounts list --json", "accounts list --role student --json",
                           "accounts list", "accounts list --role nosuch", "events participants 999999"})
    same(args);
  // Each demo event's participants, as JSON, text and CSV.
  for (const auto& e : parsed(camp("events list --json"))["data"]) {
    const auto id = std::to_string(e["id"].get<long long>());
    for (const char* format : {" --json", "", " --csv"}) same("events participants " + id + format);
  }
  const auto id = std::to_string(parsed(camp("students show student5@example.com --json"))["id"].get<long long>());
  same("students show " + id + " --json");
}

TEST_F(RemoteCli, EventWritesAnswerAlike) {
  const std::string create = "events create --title '遠隔 勉強会' --capacity 5 --date 2031-02-03 --start 19:00 --end 21:00 --tag 2 --json";
  const auto here = parsed(camp(create)), there = parsed(remote(create));
  alike(here, there, {"id", "created_at"});
  const auto here_id = std::to_string(here["id"].get<long long>()), there_id = std::to_string(there["id"].get<long long>());
  for (const std::string verb : {"update ID --capacity 7 --description 'CLI から' --meeting-url https://meet.example.com/x --json",
                                 "publish ID --json", "participants ID --json", "cancel ID --json"}) {
    auto for_id = [&](const std::string& id) { return "events " + std::regex_replace(verb, std::regex("ID"), id); };
    alike(parsed(camp(for_id(here_id))), parsed(remote(for_id(there_id))), {"id", "created_at", "published_at"});
  }
  // The API's validation, messages and exit codes.
  same("events create --capacity x --date 2031-02-30 --start 19:00 --end 18:00");
  same("events publish 999999");
  same("events update " + here_id + " --title '一行目\n二行目'");
}

TEST_F(RemoteCli, StudentWritesAnswerAlike) {
  const auto csv = dir() + "/students.csv";
  std::ofstream(csv) << "email,name,course,start_date\nremote.one@example.com,遠隔 一郎,rails_4m,2030-04-01\n"
                        "remote.two@example.com,遠隔 二郎,u29,2030-04-01\n";
  same("students import " + csv + " --dry-run --json");
  same("students import " + csv + " --dry-run");
  const auto imported = parsed(remote("students import " + csv + " --json"));
  EXPECT_EQ(imported["summary"]["create"], 2);
  same("students import " + csv + " --json");  // now unchanged both ways (nothing new written)
  const auto bad = dir() + "/bad.csv";
  std::ofstream(bad) << "email,name,course,start_date\nbad,名前,rails_9m,2030-02-30\n";
  same("students import " + bad);
  same("students import " + bad + " --json");
  same("students import " + dir() + "/missing.csv");

  // A mentor by e-mail; the answer is the student as `students show` prints it.
  const auto assigned = remote("students assign-mentor remote.one@example.com basic-mentor@example.com --json");
  EXPECT_EQ(parsed(assigned)["mentor"]["display_name"], "基本 メンター");
  EXPECT_EQ(assigned.out, camp("students show remote.one@example.com --json").out);
  same("students assign-mentor remote.two@example.com nobody@example.com");
  same("students assign-mentor nobody@example.com basic-mentor@example.com");
}

TEST_F(RemoteCli, InvitationsAnswerAlike) {
  const std::string invite = " --role student --course rails_5m --nickname '遠隔 招待' --json";
  alike(parsed(camp("accounts invite --email remote.local@example.com" + invite)),
        parsed(remote("accounts invite --email remote.remote@example.com" + invite)), {"id", "email", "expires_at"});
  same("accounts invite --email student@example.com --role student --course rails_4m");
  same("accounts invite --email remote.nocourse@example.com --role student");
}

TEST_F(RemoteCli, OperatorsCommandsAnswerAlike) {
  for (const char* args : {"submissions list --json", "submissions list --waiting --limit 3", "reviews stats --json",
                           "reviews stats --since 2020-01-01", "reviews stats --since yesterday",
                           "questionnaires status --json", "questionnaires status --state all --per 5",
                           "questionnaires remind --kind follow-up --account 999999999 --json",
                           "notifications announce --to trial --title '遠隔 お知らせ' --body-file /dev/null"})
    same(args);
  const auto body = dir() + "/announcement.txt";
  std::ofstream(body) << "遠隔からのお知らせです。\n";
  same("notifications announce --to trial --to student --title '遠隔 お知らせ' --body-file " + body + " --dry-run --json");
  alike(parsed(camp("notifications announce --to trial --title '手元 お知らせ' --body-file " + body + " --json")),
        parsed(remote("notifications announce --to trial --title '遠隔 お知らせ' --body-file " + body + " --json")), {});
  // The outbox: the daemon delivers meanwhile, so the two reads may see a mail change state.
  for (int attempt = 0; attempt < 5 && camp("mail list --limit 20 --json").out != remote("mail list --limit 20 --json").out; ++attempt)
    std::this_thread::sleep_for(std::chrono::seconds(1));
  same("mail list --limit 20 --json");
  same("mail list --status nosuch");
}

TEST_F(RemoteCli, ExportsTheSameFile) {
  const auto here = dir() + "/here.csv", there = dir() + "/there.csv";
  const std::string args = "questionnaires export --kind pre-curriculum --reason '遠隔の確認' --json --out ";
  auto a = parsed(camp(args + here)), b = parsed(remote(args + there));
  EXPECT_GT(a["rows"].get<int>(), 0) << a;
  alike(a, b, {"file"});
  EXPECT_EQ(shell("cmp '" + here + "' '" + there + "'").code, 0);
  same("questionnaires export --kind pre-curriculum --reason '' --out " + dir() + "/none.csv");
  // Without --out: the export's own name, in the current folder.
  const auto named = shell("cd '" + dir() + "' && CAMP_TOKEN='" + admin_token + "' " CAMP_BIN " --server " + server +
                           " --json questionnaires export --kind pre-curriculum --reason 'CI'");
  const auto file = parsed(named)["file"].get<std::string>();
  EXPECT_TRUE(file.starts_with("questionnaire-pre-curriculum-")) << file;
  EXPECT_TRUE(std::filesystem::exists(dir() + "/" + file));
}

TEST_F(RemoteCli, SeedsAFixtureOverTheApi) {
  const std::string fixture = CAMP_SOURCE_DIR "/config/fixture.example.yaml";
  const auto first = remote("db seed " + fixture + " --json");
  ASSERT_EQ(first.code, 0) << first.out;
  EXPECT_GT(parsed(first)["accounts"]["created"].get<int>(), 0) << first.out;
  same("db seed " + fixture + " --json");  // unchanged both ways
  same("db seed " + fixture);
  const auto bad = dir() + "/bad.yaml";
  std::ofstream(bad) << "accounts:\n  - email: not-an-email\n    role: student\n    course: rails_9m\n";
  same("db seed " + bad);
  const auto unknown = dir() + "/unknown.yaml";
  std::ofstream(unknown) << "accounts:\n  - email: remote.seed@example.jp\n    role: student\n    course: rails_9m\n    password: fine-pass-123\n";
  same("db seed " + unknown);
  EXPECT_EQ(remote("db seed --demo").code, 2);
}

TEST_F(RemoteCli, TokensThatDoNotWorkSaySoInOneLine) {
  const auto bad = remote("events list", "not-a-token");
  EXPECT_EQ(bad.code, 6) << bad.out;
  EXPECT_EQ(std::count(bad.out.begin(), bad.out.end(), '\n'), 1) << bad.out;
  EXPECT_NE(bad.out.find("camp login"), std::string::npos) << bad.out;
  EXPECT_EQ(bad.out.find("not-a-token"), std::string::npos) << "the token is never printed";

  const auto none = remote("events list", "");
  EXPECT_EQ(none.code, 6) << none.out;
  EXPECT_NE(none.out.find("no token for " + server), std::string::npos) << none.out;

  // A student's token: what only admins may do is "not allowed".
  const auto student = login("student@example.com", dir() + "/student-config");
  const auto drafts = remote("events list --scope drafts", student);
  EXPECT_EQ(drafts.code, 5) << drafts.out;
  EXPECT_EQ(remote("accounts list", student).code, 5);
}

// `camp tokens create` on the school's machine: the secret of a new token for `email`.
std::string made_token(const std::string& email, const std::string& scopes) {
  const auto made = parsed(camp("tokens create --account " + email + " --name 'CI' --expires-in-days 7 " + scopes + " --json"));
  return made["secret"].get<std::string>();
}

TEST_F(RemoteCli, ScopesAndRolesBoundAToken) {
  const auto csv = dir() + "/scoped.csv";
  std::ofstream(csv) << "email,name,course,start_date\nscoped.one@example.com,範囲 一郎,rails_4m,2030-04-01\n";
  const auto reader = made_token("admin@example.com", "--scope read");
  EXPECT_EQ(remote("students list --json", reader).code, 0);
  const auto import = remote("students import " + csv, reader);
  EXPECT_EQ(import.code, 5) << import.out;
  EXPECT_NE(import.out.find("students:write"), std::string::npos) << import.out;
  EXPECT_EQ(camp("students show scoped.one@example.com").code, 4) << "nothing was imported";
  const auto writer = made_token("admin@example.com", "--scope students:write");
  EXPECT_EQ(remote("students list", writer).code, 5) << "a write scope does not include read";

  // A mentor's token, even with questionnaires:export, exports nothing: its owner may not.
  const auto mentor = made_token("advanced-mentor@example.com", "--scope read --scope questionnaires:export");
  const auto out = dir() + "/mentor-export.csv";
  const auto exported = remote("questionnaires export --kind pre-curriculum --reason 'x' --out " + out, mentor);
  EXPECT_EQ(exported.code, 4) << exported.out;  // as the web app: no such page for a mentor
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(remote("accounts list", mentor).code, 5);
}

TEST_F(RemoteCli, RevokedAndExpiredTokensEndInOneLine) {
  const auto made = parsed(camp("tokens create --account admin@example.com --name 'nightly' --scope read --expires-in-days 7 --json"));
  const auto secret = made["secret"].get<std::string>(), id = std::to_string(made["token"]["id"].get<long long>());
  ASSERT_EQ(remote("events list", secret).code, 0);
  ASSERT_EQ(camp("tokens revoke " + id).code, 0);
  const auto revoked = remote("events list", secret);
  EXPECT_EQ(revoked.code, 6) << revoked.out;
  EXPECT_EQ(std::count(revoked.out.begin(), revoked.out.end(), '\n'), 1) << revoked.out;
  EXPECT_NE(revoked.out.find("the token was revoked"), std::string::npos) << revoked.out;
  EXPECT_EQ(revoked.out.find(secret), std::string::npos) << "the token is never printed";

  const auto old = parsed(camp("tokens create --account admin@example.com --name 'old' --scope read --expires-in-days 1 --json"));
  clitest::sql("UPDATE personal_access_tokens SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' "
               "WHERE id = " +
               std::to_string(old["token"]["id"].get<long long>()));
  const auto expired = remote("events list", old["secret"].get<std::string>());
  EXPECT_EQ(expired.code, 6) << expired.out;
  EXPECT_EQ(std::count(expired.out.begin(), expired.out.end(), '\n'), 1) << expired.out;
  EXPECT_NE(expired.out.find("the token has expired"), std::string::npos) << expired.out;
}

TEST_F(RemoteCli, LoginKeepsTheTokenPrivateAndLogoutRemovesIt) {
  const auto home = dir() + "/login-config";
  login("admin@example.com", home);
  struct stat file {}, folder {};
  ASSERT_EQ(stat((home + "/camp/credentials.json").c_str(), &file), 0);
  ASSERT_EQ(stat((home + "/camp").c_str(), &folder), 0);
  EXPECT_EQ(file.st_mode & 0777, 0600);
  EXPECT_EQ(folder.st_mode & 0777, 0700);
  // What is kept is a personal access token of its own, listed with the account's tokens.
  std::ifstream in(home + "/camp/credentials.json");
  EXPECT_TRUE(json::parse(in)["token"].get<std::string>().starts_with("camp_pat_"));
  EXPECT_NE(camp("tokens list --account admin@example.com").out.find("camp login ("), std::string::npos);
  // The stored token for the server named, without CAMP_TOKEN.
  const auto listed = remote("events list --json", "", home);
  EXPECT_EQ(listed.code, 0) << listed.out;
  // A token given on stdin is checked before it is kept.
  const auto wrong = shell("echo nope | XDG_CONFIG_HOME='" + home + "' " CAMP_BIN " login " + server + " --token -");
  EXPECT_EQ(wrong.code, 6) << wrong.out;
  const auto password = shell("printf 'admin@example.com\\nwrong\\n' | XDG_CONFIG_HOME='" + home + "' " CAMP_BIN " login " + server);
  EXPECT_NE(password.code, 0);
  EXPECT_EQ(remote("events list --json", "", home).code, 0) << "a failed login keeps the stored token";
  const auto out = shell("XDG_CONFIG_HOME='" + home + "' " CAMP_BIN " logout");
  EXPECT_EQ(out.code, 0) << out.out;
  EXPECT_FALSE(std::filesystem::exists(home + "/camp/credentials.json"));
  EXPECT_EQ(remote("events list", "", home).code, 6);
}

// An account with two-factor login on: `camp login` asks for the code after the password.
TEST_F(RemoteCli, LoginAsksForTheTwoFactorCodeWhenItIsOn) {
  ASSERT_EQ(camp("accounts create --email remote.tfa@example.com --role admin", "tfa-pass-1234\n").code, 0);
  auto post = [](const std::string& path, const std::string& body, const std::string& token) {
    return json::parse(shell("curl -sS -X POST " + server + path + " -H 'content-type: application/json'" +
                             (token.empty() ? "" : " -H 'authorization: Bearer " + token + "'") + " -d '" + body + "'")
                           .out);
  };
  const auto session =
      post("/api/v1/account_token", R"({"auth":{"email":"remote.tfa@example.com","password":"tfa-pass-1234"}})", "")["jwt"]
          .get<std::string>();
  const auto secret = post("/api/v1/accounts/me/two_factor", "{}", session)["secret"].get<std::string>();
  auto code = [&](int steps) {
    const auto at = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count() + steps * 30;
    auto out = shell("oathtool --totp -b -N @" + std::to_string(at) + " " + secret).out;
    return out.substr(0, out.find('\n'));
  };
  ASSERT_TRUE(post("/api/v1/accounts/me/two_factor/confirmation", R"({"code":")" + code(0) + R"("})", session).contains("recovery_codes"));

  const auto home = dir() + "/tfa-config";
  const auto wrong = shell("printf 'remote.tfa@example.com\ntfa-pass-1234\n000000\n' | XDG_CONFIG_HOME='" + home + "' " CAMP_BIN
                           " login " + server);
  EXPECT_EQ(wrong.code, 6) << wrong.out;
  EXPECT_FALSE(std::filesystem::exists(home + "/camp/credentials.json"));
  const auto in = shell("printf 'remote.tfa@example.com\ntfa-pass-1234\n" + code(1) + "\n' | XDG_CONFIG_HOME='" + home + "' " CAMP_BIN
                        " login " + server);
  ASSERT_EQ(in.code, 0) << in.out;
  EXPECT_NE(in.out.find("as remote.tfa@example.com (admin)"), std::string::npos) << in.out;
  EXPECT_EQ(remote("accounts list --role admin", "", home).code, 0);
}

// A school that closes every connection without answering: the read is tried four times (1 s,
// 2 s and 4 s apart), then one line says so and camp exits 1; the token is in no message.
TEST_F(RemoteCli, ASchoolThatDoesNotAnswerEndsInOneLineAfterThreeRetries) {
  const int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(listen(listener, 8), 0);
  socklen_t n = sizeof a;
  getsockname(listener, reinterpret_cast<sockaddr*>(&a), &n);
  std::atomic<int> accepted = 0;
  std::thread closer([&] {
    for (int fd; (fd = accept(listener, nullptr, nullptr)) >= 0;) {
      ++accepted;
      close(fd);
    }
  });
  const auto nowhere = "http://127.0.0.1:" + std::to_string(ntohs(a.sin_port));
  const auto r = shell("CAMP_TOKEN='" + admin_token + "' " CAMP_BIN " --server " + nowhere + " events list");
  shutdown(listener, SHUT_RDWR);
  close(listener);
  closer.join();
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  EXPECT_NE(r.out.find("cannot reach " + nowhere), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(admin_token), std::string::npos);
  EXPECT_EQ(accepted.load(), 4) << "the first attempt and three retries";
}

TEST_F(RemoteCli, LocalOnlyCommandsSaySo) {
  for (const char* args : {"db migrate", "db start", "db stop", "db backup /tmp/x.tar", "serve", "events remind", "doctor"}) {
    const auto r = remote(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find("works only on the school's own machine"), std::string::npos) << r.out;
  }
  const auto plain = shell(std::string("CAMP_TOKEN=x " CAMP_BIN " --server http://camp.example.com events list"));
  EXPECT_EQ(plain.code, 3) << plain.out;
  EXPECT_NE(plain.out.find("https://"), std::string::npos) << plain.out;
}
