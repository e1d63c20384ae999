// `camp events ...` against its own private PostgreSQL: the API's validation and messages,
// publishing, participants (--json, --csv), reminders once, and the demo events.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <string>

namespace {

std::string events_dir;

struct Out {
  int code;
  std::string out;
};

Out camp_events(const std::string& args) {
  const std::string cmd = "CAMP_DATABASE_URL= CAMP_CONFIG= CAMP_DATA_DIR='" + events_dir + "' " CAMP_BIN " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  return {WEXITSTATUS(pclose(p)), out};
}

pqxx::result sql(const std::string& query) {
  auto url = camp_events("db url").out;
  while (!url.empty() && url.back() == '\n') url.pop_back();
  pqxx::connection c(url);
  return pqxx::nontransaction(c).exec(query);
}

class EventsCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/camp-cli-events-XXXXXX";
    events_dir = mkdtemp(tmpl);
    ASSERT_EQ(camp_events("db start").code, 0);
    ASSERT_EQ(camp_events("db migrate").code, 0);
    ASSERT_EQ(camp_events("db seed --demo").code, 0);
  }
  static void TearDownTestSuite() {
    camp_events("db stop");
    std::filesystem::remove_all(events_dir);
  }
};

}  // namespace

TEST_F(EventsCli, ValidationMessagesAreTheApis) {
  auto r = camp_events("events create --capacity １０ --date 2026-02-30 --start 19:00 --end 18:00");
  EXPECT_EQ(r.code, 3) << r.out;
  for (const char* m : {"タイトルは必須です", "半角数字のみ入力してください", "開催日が不正です"})
    EXPECT_NE(r.out.find(m), std::string::npos) << m << "\n" << r.out;
  r = camp_events("events create --title 'CLI 勉強会' --capacity 0 --date 2026-12-24 --start 19:00 --end 19:00");
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.out.find("1名以上で設定してください"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("終了時刻は開始時刻より後に設定してください"), std::string::npos) << r.out;
  EXPECT_EQ(camp_events("events publish 999999").code, 4);
  EXPECT_EQ(camp_events("events update").code, 2);
}

TEST_F(EventsCli, ATitleIsOneLine) {
  const auto r = camp_events("events create --title '一行目\n二行目' --capacity 5 --date 2030-01-11 --start 19:00 --end 21:00");
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_NE(r.out.find("タイトルに改行や制御文字は使用できません"), std::string::npos) << r.out;
  const auto created = camp_events("events create --title 'CLI 勉強会' --capacity 5 --date 2030-01-11 --start 19:00 --end 21:00 --json");
  ASSERT_EQ(created.code, 0) << created.out;
  const auto id = std::to_string(nlohmann::json::parse(created.out)["id"].get<long long>());
  const auto update = camp_events("events update " + id + " --title '件名\r\nBcc: x@example.com'");
  EXPECT_EQ(update.code, 3) << update.out;
  EXPECT_NE(update.out.find("タイトルに改行や制御文字は使用できません"), std::string::npos) << update.out;
}

// A title stored before titles had to be one line: publishing still works, and each mail that
// cannot carry it is a failed mail `camp mail list --failed` shows, with a readable reason.
TEST_F(EventsCli, AnUnrenderableMailIsListedAsFailed) {
  const auto created = camp_events("events create --title 'CLI 交流会' --capacity 5 --date 2030-01-12 --start 19:00 --end 21:00 --json");
  ASSERT_EQ(created.code, 0) << created.out;
  const auto id = std::to_string(nlohmann::json::parse(created.out)["id"].get<long long>());
  sql("UPDATE events SET title = E'CLI 交流会\\n二行目' WHERE id = " + id);
  const auto published = camp_events("events publish " + id + " --json");
  ASSERT_EQ(published.code, 0) << published.out;
  const auto failed = camp_events("--json mail list --failed");
  ASSERT_EQ(failed.code, 0) << failed.out;
  int ours = 0;
  for (const auto& m : nlohmann::json::parse(failed.out))
    if (m["template"] == "event_published" && m["subject"].get<std::string>().find("CLI 交流会\n二行目") != std::string::npos) {
      ++ours;
      EXPECT_EQ(m["last_error"], "件名を1行にできないため、このメールは作成できませんでした（event_published の {{title}} に改行や制御文字が含まれています）");
    }
  EXPECT_GE(ours, 2);  // the demo's students and graduates
  const auto text = camp_events("mail list --failed");
  EXPECT_NE(text.out.find("CLI 交流会\\n二行目"), std::string::npos) << text.out;  // one line per mail
  EXPECT_NE(text.out.find("event_published の {{title}} に改行や制御文字が含まれています"), std::string::npos);
}

TEST_F(EventsCli, CreatePublishParticipantsAndRemind) {
  auto created = camp_events(
      "events create --title 'CLI もくもく会' --capacity 1 --date 2030-01-10 --start 19:00 --end 21:00 --tag 2 --json");
  ASSERT_EQ(created.code, 0) << created.out;
  const auto e = nlohmann::json::parse(created.out);
  EXPECT_EQ(e["status"], "draft");
  EXPECT_EQ(e["starts_at"], "2030-01-10T19:00:00+09:00");
  EXPECT_EQ(e["tag"]["name"], "もくもく会");
  const auto id = std::to_string(e["id"].get<long long>());

  auto published = camp_events("events publish " + id + " --json");
  ASSERT_EQ(published.code, 0) << published.out;
  EXPECT_EQ(nlohmann::json::parse(published.out)["status"], "published");
  auto listed = camp_events("events list");
  EXPECT_NE(listed.out.find("CLI もくもく会"), std::string::npos) << listed.out;

  auto update = camp_events("events update " + id + " --capacity 1001");
  EXPECT_EQ(update.code, 3);
  EXPECT_NE(update.out.find("1000名以下で設定してください"), std::string::npos) << update.out;

  auto parts = camp_events("events participants " + id + " --json");
  ASSERT_EQ(parts.code, 0) << parts.out;
  EXPECT_EQ(nlohmann::json::parse(parts.out)["data"].size(), 0u);
  auto csv = camp_events("events participants " + id + " --csv");
  ASSERT_EQ(csv.code, 0);
  EXPECT_EQ(csv.out, "account_id,display_name,email,status,position,joined_at\r\n");

  auto remind = camp_events("events remind --date 2030-01-09 --json");
  ASSERT_EQ(remind.code, 0) << remind.out;
  EXPECT_EQ(nlohmann::json::parse(remind.out)["reminded_events"], 1);
  EXPECT_EQ(nlohmann::json::parse(camp_events("events remind --date 2030-01-09 --json").out)["reminded_events"], 0);
  EXPECT_EQ(camp_events("events remind --date 2030-13-01").code, 3);

  auto cancelled = camp_events("events cancel " + id + " --json");
  ASSERT_EQ(cancelled.code, 0) << cancelled.out;
  EXPECT_EQ(nlohmann::json::parse(cancelled.out)["status"], "cancelled");
}

TEST_F(EventsCli, DemoEventsAreAlive) {
  auto upcoming = camp_events("events list --json");
  ASSERT_EQ(upcoming.code, 0) << upcoming.out;
  bool full_with_waitlist = false;
  const auto listed = nlohmann::json::parse(upcoming.out);
  for (const auto& e : listed["data"])
    if (e["participants_count"] == e["capacity"] && e["waitlist_count"].get<int>() > 0) full_with_waitlist = true;
  EXPECT_TRUE(full_with_waitlist) << upcoming.out;
  auto past = camp_events("events list --scope past --json");
  EXPECT_FALSE(nlohmann::json::parse(past.out)["data"].empty());
  auto drafts = camp_events("events list --scope drafts");
  EXPECT_NE(drafts.out.find("RSpec 入門ワークショップ"), std::string::npos) << drafts.out;
  // The demo again: nothing twice.
  auto again = camp_events("db seed --demo");
  EXPECT_EQ(again.code, 0);
  EXPECT_EQ(camp_events("events list --json").out.size(), upcoming.out.size());
}
