// "My data" exports against PostgreSQL (lib/privacy): a student's ZIP holds its own submission,
// its opened questionnaire answer and its sessions without token material, never another
// student's; the ready export is told through the notification road (notification and mail);
// one request per account per interval (429 with Retry-After); only the owner downloads; past
// the expiry the bytes are deleted (by the worker's purge or on read); requests, downloads and
// the operator's export are audited without personal data.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "accounts/service.hpp"
#include "curriculum/service.hpp"
#include "core/limits.hpp"
#include "environment.hpp"
#include "mail/outbox.hpp"
#include "mail/preferences.hpp"
#include "notifications/dispatcher.hpp"
#include "privacy/data_export.hpp"
#include "questionnaires/service.hpp"

using namespace camp;
using camp::dbtest::code_of;

namespace {

std::string dir() {
  const auto d = dbtest::data_dir() + "/data_exports";
  std::filesystem::create_directories(d);
  return d;
}

questionnaires::QuestionnaireService& questionnaire_service() {
  static FixedClock clock{std::chrono::system_clock::now()};
  // The questionnaire tests' key file: every test of a shard shares its database, and their
  // exports open every answer in it, ours too.
  static questionnaires::Keyring keys = [] {
    std::filesystem::create_directories(dbtest::data_dir() + "/questionnaires");
    return questionnaires::Keyring::open(dbtest::data_dir() + "/questionnaires/keys");
  }();
  static questionnaires::QuestionnaireService s(dbtest::pool(), keys, clock);
  return s;
}

privacy::DataExportService service() { return privacy::DataExportService(dbtest::pool(), questionnaire_service()); }

accounts::Account student() {
  static std::atomic<int> n{0};
  return accounts::AccountService(dbtest::pool())
      .create({"dx-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", "student",
               std::optional<std::string>("rails_4m"), "データ" + std::to_string(n.load()), "pass-word-123"});
}

// A submission whose repository URL names `marker`, on the fixture curriculum's first task (the
// curriculum tests import the same tree, so they never meet a task of ours they would remove).
void submit(const accounts::Account& a, const std::string& marker) {
  curriculum::CurriculumService(dbtest::pool()).import_directory(CAMP_SOURCE_DIR "/tests/fixtures/curriculum");
  dbtest::run_sql(
      "INSERT INTO submissions (task_id, account_id, repository_url) VALUES (901, " +
      std::to_string(a.id) + ", 'https://github.com/example/" + marker + "')");
}

// Builds every pending export (other tests' too): the worker's loop, without its thread.
void build_all() {
  while (service().build_next(dbtest::pool()) != privacy::Built::idle) {
  }
}

// One file of a ZIP, read by Debian's unzip.
std::string unzip(const std::string& zip, const std::string& name) {
  static std::atomic<int> n{0};
  const auto path = dir() + "/x" + std::to_string(++n) + ".zip";
  std::ofstream(path, std::ios::binary) << zip;
  std::string out;
  FILE* p = ::popen(("unzip -p '" + path + "' '" + name + "'").c_str(), "r");
  char buf[4096];
  for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, got);
  EXPECT_EQ(::pclose(p), 0) << name;
  return out;
}

std::int64_t count(const std::string& sql) { return dbtest::scalar(sql); }

}  // namespace

TEST(DataExports, TheZipHoldsTheOwnDataAndNoOtherStudents) {
  const auto me = student(), other = student();
  submit(me, "mine-" + std::to_string(me.id));
  submit(other, "theirs-" + std::to_string(other.id));
  nlohmann::json answer = nlohmann::json::parse(
      std::ifstream(std::string(CAMP_SOURCE_DIR) + "/tests/fixtures/questionnaire_answers.json"))["pre-curriculum"];
  questionnaire_service().submit(me, "pre-curriculum", answer);
  dbtest::run_sql("INSERT INTO sessions (id, account_id, expires_at, user_agent) VALUES ('jti-secret-" +
                  std::to_string(me.id) + "', " + std::to_string(me.id) + ", now() + interval '1 day', 'TestAgent/1')");

  const auto requested = service().request(me);
  EXPECT_EQ(requested.status, "pending");
  EXPECT_EQ(code_of([&] { service().download(me, requested.id); }), errc::conflict);  // not built yet
  build_all();
  const auto listed = service().list(me);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].status, "ready");
  ASSERT_TRUE(listed[0].expires_at);

  const auto file = service().download(me, requested.id);
  EXPECT_EQ(file.file_name.rfind("camp-data-" + std::to_string(me.id) + "-", 0), 0u);
  const auto submissions = nlohmann::json::parse(unzip(file.zip, "submissions.json"));
  ASSERT_EQ(submissions.size(), 1u);
  EXPECT_EQ(submissions[0]["repository_url"], "https://github.com/example/mine-" + std::to_string(me.id));
  for (const auto* name : {"submissions.json", "submissions.csv", "profile.json", "README.txt"})
    EXPECT_EQ(unzip(file.zip, name).find("theirs-"), std::string::npos) << name;
  EXPECT_NE(unzip(file.zip, "submissions.csv").find("mine-" + std::to_string(me.id)), std::string::npos);
  const auto profile = nlohmann::json::parse(unzip(file.zip, "profile.json"));
  EXPECT_EQ(profile["account"]["email"], me.email);
  EXPECT_EQ(profile["account"]["display_name"], me.display_name);
  const auto answers = nlohmann::json::parse(unzip(file.zip, "questionnaire_answers.json"));
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_EQ(answers[0]["kind"], "pre-curriculum");
  EXPECT_EQ(answers[0]["answer"], questionnaire_service().own_answer(me, "pre-curriculum").answer);
  const auto sessions = unzip(file.zip, "sessions.csv");
  EXPECT_NE(sessions.find("TestAgent/1"), std::string::npos);
  EXPECT_EQ(sessions.find("jti-secret"), std::string::npos);
  EXPECT_NE(unzip(file.zip, "README.txt").find("submissions.csv"), std::string::npos);
  for (const auto* name : {"questions.json", "answers.json", "events.csv", "notifications.json"})
    EXPECT_FALSE(unzip(file.zip, name).empty()) << name;

  // Only the owner: another account's id is the same 404 as no export at all.
  EXPECT_EQ(code_of([&] { service().download(other, requested.id); }), errc::not_found);
  EXPECT_EQ(code_of([&] { service().download(me, requested.id + 1000000); }), errc::not_found);
}

TEST(DataExports, ReadyIsToldByNotificationAndMail) {
  const auto me = student();
  const auto requested = service().request(me);
  build_all();
  EXPECT_EQ(count("SELECT count(*) FROM domain_events WHERE type = 'data_export.ready' AND (payload->>'export_id')::int8 = " +
                  std::to_string(requested.id)),
            1);
  static const mail::UnsubscribeLinks links("test-secret-for-data-exports", "https://camp.example.com");
  notifications::dispatch_pending(dbtest::pool(), {links, "https://camp.example.com"}, 100000);
  EXPECT_EQ(count("SELECT count(*) FROM notifications WHERE kind = 'data_export.ready' AND account_id = " +
                  std::to_string(me.id)),
            1);
  const auto mails = dbtest::pool().transaction([](db::Tx& tx) { return mail::list(tx, std::nullopt, 100000); });
  int to_me = 0;
  for (const auto& m : mails)
    if (m.to == me.email && m.template_name == "data_export_ready") ++to_me;
  EXPECT_EQ(to_me, 1);
}

TEST(DataExports, OneRequestPerIntervalWithRetryAfter) {
  const auto me = student();
  service().request(me);
  try {
    service().request(me);
    FAIL() << "a second request within the interval was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::too_many_requests);
    ASSERT_TRUE(e.retry_after_seconds());
    EXPECT_GT(*e.retry_after_seconds(), 0);
    EXPECT_LE(*e.retry_after_seconds(), limits::data_export_interval_hours_min * 3600);
  }
  // Once the interval has passed, the account may ask again.
  dbtest::run_sql("UPDATE data_exports SET requested_at = requested_at - make_interval(hours => " +
                  std::to_string(limits::data_export_interval_hours_min) + ") WHERE account_id = " + std::to_string(me.id));
  EXPECT_EQ(service().request(me).status, "pending");
}

TEST(DataExports, ExpiryDeletesTheBytes) {
  const auto a = student(), b = student();
  const auto ea = service().request(a), eb = service().request(b);
  build_all();
  dbtest::run_sql("UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id IN (" +
                  std::to_string(ea.id) + ", " + std::to_string(eb.id) + ")");
  // On read: the answer is the documented 404, and the bytes are gone at once.
  EXPECT_EQ(code_of([&] { service().download(a, ea.id); }), errc::not_found);
  EXPECT_EQ(count("SELECT count(*) FROM data_exports WHERE zip IS NULL AND status = 'expired' AND id = " +
                  std::to_string(ea.id)),
            1);
  // By the worker's purge.
  EXPECT_GE(service().purge_expired(dbtest::pool()), 1);
  EXPECT_EQ(count("SELECT count(*) FROM data_exports WHERE zip IS NULL AND status = 'expired' AND id = " +
                  std::to_string(eb.id)),
            1);
  EXPECT_EQ(service().list(b).at(0).status, "expired");
}

TEST(DataExports, RequestsDownloadsAndOperatorExportsAreAuditedWithoutPersonalData) {
  const auto me = student();
  const auto requested = service().request(me);
  build_all();
  service().download(me, requested.id);
  const auto subject = "'account:" + std::to_string(me.id) + "'";
  EXPECT_EQ(count("SELECT count(*) FROM audit_log WHERE action = 'data_export.requested' AND subject = " + subject +
                  " AND actor_id = " + std::to_string(me.id)),
            1);
  EXPECT_EQ(count("SELECT count(*) FROM audit_log WHERE action = 'data_export.downloaded' AND subject = " + subject), 1);
  const auto file = service().export_now(accounts::Account::system(), me.id, "郵送による開示請求");
  EXPECT_FALSE(unzip(file.zip, "profile.json").empty());
  EXPECT_EQ(count("SELECT count(*) FROM audit_log WHERE action = 'data_export.exported' AND subject = " + subject +
                  " AND actor LIKE 'cli:%'"),
            1);
  // No e-mail, no name in any of its rows.
  EXPECT_EQ(count("SELECT count(*) FROM audit_log WHERE subject = " + subject + " AND (actor || subject || reason || "
                  "detail::text) ~ '@|データ'"),
            0);
  // Only the operator exports another account.
  EXPECT_EQ(code_of([&] { service().export_now(me, me.id, "x"); }), errc::not_found);
}
