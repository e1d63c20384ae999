// `camp notifications list|announce|prune` through the real binary, against its own private
// PostgreSQL: what a command records is dispatched when it ends, with or without a daemon.
#include <gtest/gtest.h>
#include <pqxx/pqxx>
#include <stdlib.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "harness.hpp"

using clitest::camp;
using clitest::Run;
using clitest::dir;
using clitest::sql;

namespace {

nlohmann::json json_of(const Run& r) {
  EXPECT_EQ(r.code, 0) << r.out;
  return nlohmann::json::parse(r.out, nullptr, false);
}

std::int64_t account(const std::string& email, const std::string& role) {
  const std::string course = role == "graduate" || role == "student" ? " --course rails_4m" : "";
  return json_of(camp("--json accounts create --email " + email + " --role " + role + course + " --nickname 通知CLI",
                      "pass-word-123\n"))["id"]
      .get<std::int64_t>();
}

std::string body_file(const std::string& text) {
  const auto path = dir() + "/body-" + std::to_string(std::hash<std::string>()(text)) + ".txt";
  std::ofstream(path) << text;
  return path;
}

class NotificationsCli : public clitest::PrivateSchool {};

}  // namespace

TEST_F(NotificationsCli, AnnounceDryRunThenToTheRolesNamed) {
  const auto mentor = account("cli-mentor@example.com", "basic_mentor");
  const auto student = account("cli-student@example.com", "student");
  const auto body = body_file("12月1日 2:00〜4:00 はメンテナンスのため停止します。\nご不便をおかけします。");
  const std::string announce = "notifications announce --to basic_mentor --to advanced_mentor --title 'メンテナンスのお知らせ' --body-file " + body;

  const auto dry = json_of(camp("--json " + announce + " --dry-run"));
  EXPECT_EQ(dry["dry_run"], true);
  EXPECT_EQ(dry["recipients"], 1);
  EXPECT_EQ(sql("SELECT count(*) FROM notifications")[0][0].as<int>(), 0);

  const auto done = camp(announce);
  EXPECT_EQ(done.code, 0) << done.out;
  EXPECT_NE(done.out.find("announced \"メンテナンスのお知らせ\" to 1 account(s)"), std::string::npos) << done.out;
  // Dispatched when the command ended: no daemon runs here.
  const auto list = json_of(camp("--json notifications list --account cli-mentor@example.com --unread"));
  EXPECT_EQ(list["account_id"], mentor);
  ASSERT_EQ(list["data"].size(), 1u);
  EXPECT_EQ(list["data"][0]["title"], "メンテナンスのお知らせ");
  EXPECT_EQ(list["data"][0]["body"], "12月1日 2:00〜4:00 はメンテナンスのため停止します。");
  EXPECT_EQ(list["data"][0]["category"], "announcement");
  EXPECT_EQ(list["unread"]["total"], 1);
  EXPECT_EQ(list["unread"]["by_category"]["announcement"], 1);
  EXPECT_EQ(json_of(camp("--json notifications list --account " + std::to_string(student)))["data"].size(), 0u);
  EXPECT_EQ(sql("SELECT count(*) FROM mail_outbox WHERE template = 'announcement' AND to_address = 'cli-mentor@example.com'")[0][0]
                .as<int>(),
            1);
  EXPECT_EQ(sql("SELECT count(*) FROM domain_events")[0][0].as<int>(), 0);
  const auto text = camp("notifications list --account cli-mentor@example.com");
  EXPECT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("1 unread"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("announcement\tメンテナンスのお知らせ\t/notifications"), std::string::npos) << text.out;
}

TEST_F(NotificationsCli, ExitCodesOfTheOtherCommands) {
  const auto body = body_file("本文");
  // Usage: 2 (unknown role, a missing option).
  EXPECT_EQ(camp("notifications announce --to nobody --title t --body-file " + body).code, 2);
  EXPECT_EQ(camp("notifications announce --title t --body-file " + body).code, 2);
  EXPECT_EQ(camp("notifications list").code, 2);
  EXPECT_EQ(camp("notifications nosuch").code, 2);
  // Invalid input: 3, with the catalogue's message.
  const auto two_lines = camp("notifications announce --to student --title \"$(printf '一行目\\n二行目')\" --body-file " + body);
  EXPECT_EQ(two_lines.code, 3) << two_lines.out;
  EXPECT_NE(two_lines.out.find("タイトルに改行や制御文字は使用できません"), std::string::npos) << two_lines.out;
  const auto blank = camp("notifications announce --to student --title 'お知らせ' --body-file " + body_file("\u3000\n"));
  EXPECT_EQ(blank.code, 3) << blank.out;
  EXPECT_NE(blank.out.find("本文は必須です"), std::string::npos) << blank.out;
  // Not found: 4.
  EXPECT_EQ(camp("notifications list --account nobody@example.com").code, 4);
  EXPECT_EQ(camp("notifications announce --to student --title t --body-file " + dir() + "/missing.txt").code, 4);
}

TEST_F(NotificationsCli, PruneDeletesWhatIsOlderThanTheRetention) {
  account("cli-old@example.com", "trial");
  EXPECT_EQ(camp("notifications announce --to trial --title '古いお知らせ' --body-file " + body_file("古い本文")).code, 0);
  sql("UPDATE notifications SET created_at = now() - interval '181 days'");
  const auto pruned = json_of(camp("--json notifications prune"));
  EXPECT_GE(pruned["pruned"].get<int>(), 1);
  EXPECT_EQ(pruned["retention_days"], 180);
  EXPECT_TRUE(pruned["pruned_marks"].is_number_integer());  // the scan's marks go in the same pass
  EXPECT_EQ(sql("SELECT count(*) FROM notifications")[0][0].as<int>(), 0);
}
