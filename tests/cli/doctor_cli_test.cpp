// `camp doctor` against its own private PostgreSQL: each problem it detects, and a set-up with
// none. Every run gets its config file and CAMP_* variables from the test alone.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <string>

namespace {

namespace fs = std::filesystem;

std::string data_dir;

struct Run {
  int code;
  std::string out;
};

// `env` comes first on the command line, so it may override the defaults set here.
Run camp(const std::string& args, const std::string& env = "") {
  const std::string cmd = "env -u CAMP_PUBLIC_URL -u CAMP_LISTEN -u CAMP_JWT_SECRET -u CAMP_WEBUI_DIR -u CAMP_PASSWORD_HASHING CAMP_DATABASE_URL= CAMP_CONFIG= CAMP_DATA_DIR='" +
                          data_dir + "' " + env + " " CAMP_BIN " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  const int status = pclose(p);
  return {WEXITSTATUS(status), out};
}

void write_file(const fs::path& path, const std::string& text, fs::perms mode = fs::perms::owner_read | fs::perms::owner_write) {
  std::ofstream(path) << text;
  fs::permissions(path, mode);
}

// A config with nothing wrong: public_url is campd itself, the web app is "built".
std::string good_config(const std::string& extra = "") {
  const auto webui = fs::path(data_dir) / "webui";
  fs::create_directories(webui);
  write_file(webui / "index.html", "<!doctype html>");
  const auto path = fs::path(data_dir) / "camp.yaml";
  write_file(path, "listen: 127.0.0.1:18080\npublic_url: http://127.0.0.1:18080\nwebui_dir: " + webui.string() + "\n" + extra);
  return path.string();
}

nlohmann::json check(const nlohmann::json& checks, const std::string& name) {
  for (const auto& c : checks)
    if (c["name"] == name) return c;
  return nullptr;
}

class Doctor : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/camp-doctor-tests-XXXXXX";
    data_dir = mkdtemp(tmpl);
    ASSERT_EQ(camp("db start").code, 0);
    ASSERT_EQ(camp("db migrate").code, 0);
  }
  static void TearDownTestSuite() {
    camp("db stop");
    fs::remove_all(data_dir);
  }
  void SetUp() override { fs::remove(fs::path(data_dir) / "jwt_secret"); }
};

}  // namespace

TEST_F(Doctor, AllWellExitsZero) {
  write_file(fs::path(data_dir) / "jwt_secret", std::string(64, 'a'));
  const auto r = camp("--config " + good_config() + " doctor --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto checks = nlohmann::json::parse(r.out);
  for (const auto& name : {"config", "public_url", "password_hashing", "jwt_secret", "questionnaire_keys", "postgresql", "migrations",
                           "disk_postgresql", "smtp", "disk_data_dir", "webui", "timezone"}) {
    const auto c = check(checks, name);
    ASSERT_TRUE(c.is_object()) << name << " missing: " << r.out;
    EXPECT_TRUE(c["ok"].get<bool>()) << c.dump();
    EXPECT_FALSE(c["message"].get<std::string>().empty()) << name;
  }
  EXPECT_NE(check(checks, "postgresql")["message"].get<std::string>().find("PostgreSQL 1"), std::string::npos);

  const auto text = camp("--config " + good_config() + " doctor");
  EXPECT_EQ(text.code, 0) << text.out;
  EXPECT_EQ(text.out.find("PROBLEM"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("checks passed"), std::string::npos) << text.out;
}

TEST_F(Doctor, TheTestSuitesPasswordHashingIsAProblem) {
  write_file(fs::path(data_dir) / "jwt_secret", std::string(64, 'a'));
  const auto r = camp("--config " + good_config("password_hashing: minimum_for_tests\n") + " doctor");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("PROBLEM  password_hashing: password_hashing is minimum_for_tests"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 problem(s) found"), std::string::npos) << r.out;
}

TEST_F(Doctor, TypoedKeyNamesTheNearestKnownOne) {
  const auto r = camp("--config " + good_config("mail:\n  smtp:\n    ulr: smtp://127.0.0.1:25\nlog:\n  levle: debug\nwhatever: 1\n") + " doctor");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("PROBLEM  config: unknown key 'mail.smtp.ulr'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean 'mail.smtp.url'?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean 'log.level'?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unknown key 'whatever'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 problem(s) found"), std::string::npos) << r.out;
  // The other checks still ran, on the keys that are right.
  EXPECT_NE(r.out.find("ok       migrations"), std::string::npos) << r.out;

  // Every other command refuses the file, naming the key it meant.
  const auto other = camp("--config " + good_config("listn: 127.0.0.1:8080\n") + " db status");
  EXPECT_EQ(other.code, 3) << other.out;
  EXPECT_NE(other.out.find("unknown key 'listn'"), std::string::npos) << other.out;
  EXPECT_NE(other.out.find("did you mean 'listen'?"), std::string::npos) << other.out;
}

TEST_F(Doctor, WorldReadableKeyFile) {
  write_file(fs::path(data_dir) / "jwt_secret", std::string(64, 'a'),
             fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
  const auto r = camp("--config " + good_config() + " --json doctor");
  EXPECT_EQ(r.code, 1) << r.out;
  const auto c = check(nlohmann::json::parse(r.out), "jwt_secret");
  EXPECT_FALSE(c["ok"].get<bool>()) << c.dump();
  EXPECT_EQ(c["fix"], "chmod 600 " + data_dir + "/jwt_secret");
  EXPECT_EQ(c["message"].get<std::string>().find(std::string(64, 'a')), std::string::npos);  // never the secret

  const auto keys = fs::path(data_dir) / "keys";
  write_file(keys, "1 " + std::string(44, 'A') + "\n", fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read);
  const auto q = camp("--config " + good_config("questionnaires:\n  key_file: " + keys.string() + "\n") + " --json doctor");
  EXPECT_EQ(q.code, 1) << q.out;
  EXPECT_EQ(check(nlohmann::json::parse(q.out), "questionnaire_keys")["fix"], "chmod 600 " + keys.string());
}

TEST_F(Doctor, UnreachableDatabase) {
  const auto r = camp("--config " + good_config() + " --json doctor", "CAMP_DATABASE_URL='postgresql://camp@127.0.0.1:1/camp'");
  EXPECT_EQ(r.code, 1) << r.out;
  const auto checks = nlohmann::json::parse(r.out);
  const auto c = check(checks, "postgresql");
  EXPECT_FALSE(c["ok"].get<bool>()) << c.dump();
  EXPECT_NE(c["message"].get<std::string>().find("cannot reach PostgreSQL"), std::string::npos) << c.dump();
  EXPECT_NE(c["fix"].get<std::string>().find("database_url"), std::string::npos) << c.dump();
  EXPECT_TRUE(check(checks, "migrations").is_null());  // not guessed
  EXPECT_TRUE(check(checks, "webui")["ok"].get<bool>());  // the rest still checked
}

TEST_F(Doctor, PendingMigrations) {
  const auto url = camp("db url");
  ASSERT_EQ(url.code, 0) << url.out;
  const auto conninfo = url.out.substr(0, url.out.find('\n'));
  {
    pqxx::connection conn(conninfo);
    pqxx::nontransaction tx(conn);
    tx.exec("DROP DATABASE IF EXISTS doctor_fresh");
    tx.exec("CREATE DATABASE doctor_fresh");
  }
  const auto r = camp("--config " + good_config() + " doctor", "CAMP_DATABASE_URL='" + conninfo + " dbname=doctor_fresh'");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("PROBLEM  migrations: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("-> fix: camp db migrate"), std::string::npos) << r.out;
}

TEST_F(Doctor, WrongPublicUrl) {
  const auto path = fs::path(data_dir) / "wrong.yaml";
  write_file(path, "listen: 127.0.0.1:18080\npublic_url: http://localhost:8080\nwebui_dir: " + (fs::path(data_dir) / "webui").string() + "\n");
  good_config();  // the web app
  const auto r = camp("--config " + path.string() + " --json doctor");
  EXPECT_EQ(r.code, 1) << r.out;
  const auto c = check(nlohmann::json::parse(r.out), "public_url");
  EXPECT_FALSE(c["ok"].get<bool>()) << c.dump();
  EXPECT_NE(c["message"].get<std::string>().find("campd listens on 127.0.0.1:18080"), std::string::npos) << c.dump();

  // Not set while campd listens on every address: links would name 127.0.0.1.
  write_file(path, "listen: 0.0.0.0:18080\nwebui_dir: " + (fs::path(data_dir) / "webui").string() + "\n");
  const auto open = camp("--config " + path.string() + " --json doctor");
  EXPECT_EQ(open.code, 1) << open.out;
  EXPECT_FALSE(check(nlohmann::json::parse(open.out), "public_url")["ok"].get<bool>()) << open.out;

  // A proxy's address is another host: fine.
  write_file(path, "listen: 127.0.0.1:18080\npublic_url: https://camp.example.com\nwebui_dir: " +
                       (fs::path(data_dir) / "webui").string() + "\n");
  EXPECT_EQ(camp("--config " + path.string() + " doctor").code, 0);
}

TEST_F(Doctor, UnreachableSmtpAndMissingWebApp) {
  const auto path = fs::path(data_dir) / "smtp.yaml";
  write_file(path, "mail:\n  smtp:\n    url: smtp://user:s3cret@127.0.0.1:1\n    connect_timeout_seconds: 2\nwebui_dir: " + data_dir + "/nowhere\n");
  const auto r = camp("--config " + path.string() + " --json doctor", "CAMP_PUBLIC_URL=https://camp.example.com");
  EXPECT_EQ(r.code, 1) << r.out;
  const auto checks = nlohmann::json::parse(r.out);
  const auto smtp = check(checks, "smtp");
  EXPECT_FALSE(smtp["ok"].get<bool>()) << smtp.dump();
  EXPECT_NE(smtp["message"].get<std::string>().find("smtp://127.0.0.1:1"), std::string::npos) << smtp.dump();
  EXPECT_EQ(r.out.find("s3cret"), std::string::npos) << r.out;
  EXPECT_FALSE(check(checks, "webui")["ok"].get<bool>());
}

TEST_F(Doctor, TestMailIsQueuedOnlyWhenAllIsWell) {
  const auto r = camp("--config " + good_config() + " doctor --send-test-mail doctor@example.com --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto mail = check(nlohmann::json::parse(r.out), "test_mail");
  EXPECT_TRUE(mail["ok"].get<bool>()) << mail.dump();
  const auto listed = camp("mail list --json");
  EXPECT_NE(listed.out.find("doctor@example.com"), std::string::npos) << listed.out;

  const auto bad = camp("--config " + good_config("bogus: 1\n") + " doctor --send-test-mail later@example.com");
  EXPECT_EQ(bad.code, 1) << bad.out;
  EXPECT_NE(bad.out.find("PROBLEM  test_mail: not sent"), std::string::npos) << bad.out;
}
