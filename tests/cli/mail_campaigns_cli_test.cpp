// `camp mail magazine send` and `camp mail digest run` through the real binary, against its own
// private PostgreSQL (the questions' ages are set by SQL: the command runs on the real clock).
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
  const auto r = camp("--json accounts create --email " + email + " --role " + role + course + " --nickname 配信テスト",
                      "pass-word-123\n");
  return json_of(r)["id"].get<std::int64_t>();
}

class MailCli : public clitest::PrivateSchool {};

TEST_F(MailCli, MagazineDryRunThenSendThenRefusedTwiceThenAgain) {
  account("reader1@example.com", "graduate");
  const auto stopped = account("reader2@example.com", "graduate");
  account("reader3@example.com", "graduate");
  sql("INSERT INTO mail_unsubscriptions (account_id, topic) VALUES (" + std::to_string(stopped) + ", 'magazine')");
  const auto body = dir() + "/magazine.txt";
  std::ofstream(body) << "卒業生のみなさんへ。\n今月の勉強会のお知らせです。\n";
  const std::string send = "mail magazine send --subject '卒業生通信 12月号' --body-file " + body + " --to graduate";

  const auto dry = json_of(camp("--json " + send + " --dry-run"));
  EXPECT_EQ(dry["recipients"], 2);
  EXPECT_EQ(dry["queued"], 0);
  EXPECT_EQ(sql("SELECT count(*) FROM mail_outbox")[0][0].as<int>(), 0);
  const auto dry_text = camp(send + " --dry-run");
  EXPECT_NE(dry_text.out.find("2 account(s) would receive"), std::string::npos) << dry_text.out;

  const auto sent = camp(send);
  ASSERT_EQ(sent.code, 0) << sent.out;
  EXPECT_NE(sent.out.find("queued 2 magazine mail(s)"), std::string::npos) << sent.out;
  EXPECT_EQ(sent.out.find('\r'), std::string::npos);  // no progress bar without a terminal
  const auto rows = sql("SELECT to_address, bulk, unsubscribe_url FROM mail_outbox ORDER BY to_address");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][0].as<std::string>(), "reader1@example.com");
  EXPECT_TRUE(rows[0][1].as<bool>());
  EXPECT_EQ(rows[0][2].as<std::string>().rfind("https://camp.example.com/api/v1/mail_unsubscriptions/magazine/", 0), 0u);

  const auto twice = camp(send);
  EXPECT_EQ(twice.code, 3) << twice.out;
  EXPECT_NE(twice.out.find("--again"), std::string::npos) << twice.out;
  EXPECT_EQ(sql("SELECT count(*) FROM mail_outbox")[0][0].as<int>(), 2);
  EXPECT_EQ(json_of(camp("--json " + send + " --dry-run"))["sent_before"], true);

  const auto again = json_of(camp("--json " + send + " --again"));
  EXPECT_EQ(again["queued"], 2);
  EXPECT_EQ(sql("SELECT count(*) FROM mail_outbox")[0][0].as<int>(), 4);
  EXPECT_EQ(sql("SELECT count(*) FROM mail_magazine_sends")[0][0].as<int>(), 2);
}

TEST_F(MailCli, MagazineBadArguments) {
  EXPECT_EQ(camp("mail magazine send --subject s --body-file /nonexistent/file").code, 4);
  EXPECT_EQ(camp("mail magazine send --subject s --body-file /etc/hostname --to wizard").code, 2);
  EXPECT_EQ(camp("mail magazine send --body-file /etc/hostname").code, 2);  // no subject
  const auto empty = dir() + "/empty.txt";
  std::ofstream(empty) << "";
  const auto no_body = camp("mail magazine send --subject s --body-file " + empty);
  EXPECT_EQ(no_body.code, 3);
  EXPECT_NE(no_body.out.find("本文は必須です"), std::string::npos) << no_body.out;
  // The subject is a mail header: one line, said in Japanese like every message.
  const auto two_lines = camp("mail magazine send --subject '12月号\nBcc: x@example.com' --body-file /etc/hostname");
  EXPECT_EQ(two_lines.code, 3);
  EXPECT_NE(two_lines.out.find("件名に改行や制御文字は使用できません"), std::string::npos) << two_lines.out;
}

TEST_F(MailCli, DigestRunsOncePerDayAndRemindsOncePerQuestion) {
  const auto student = account("asker@example.com", "student");
  const auto mentor = account("digest-mentor@example.com", "basic_mentor");
  const auto category = sql("INSERT INTO question_categories (name) VALUES ('CLI') RETURNING id")[0][0].as<std::string>();
  sql("INSERT INTO questions (account_id, category_id, title, created_at) VALUES (" + std::to_string(student) + ", " +
      category + ", '誰も答えていない質問', now() - interval '3 days')");
  const auto answered = sql("INSERT INTO questions (account_id, category_id, title, created_at) VALUES (" +
                            std::to_string(student) + ", " + category +
                            ", '回答はあるが未解決の質問', now() - interval '10 days') RETURNING id")[0][0]
                            .as<std::string>();
  sql("INSERT INTO answers (question_id, account_id, body, created_at) VALUES (" + answered + ", " +
      std::to_string(mentor) + ", 'こうしてみてください', now() - interval '8 days')");

  const auto dry = json_of(camp("--json mail digest run --dry-run"));
  EXPECT_EQ(dry["digest"]["waiting"], 1);
  EXPECT_EQ(dry["digest"]["mails"], 1);
  EXPECT_EQ(dry["reminders"]["mails"], 1);
  EXPECT_EQ(sql("SELECT count(*) FROM mail_outbox WHERE template IN ('mentor_digest', 'question_reminder')")[0][0].as<int>(), 0);

  const auto first = camp("mail digest run");
  ASSERT_EQ(first.code, 0) << first.out;
  EXPECT_NE(first.out.find("1 item(s) waiting, 1 mail(s) queued"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("reminders: 1 question(s) due, 1 mail(s) queued"), std::string::npos) << first.out;
  EXPECT_EQ(sql("SELECT count(*) FROM mail_outbox WHERE template = 'mentor_digest' AND to_address = 'digest-mentor@example.com'")[0][0].as<int>(), 1);
  EXPECT_EQ(sql("SELECT count(*) FROM mail_outbox WHERE template = 'question_reminder' AND to_address = 'asker@example.com'")[0][0].as<int>(), 1);

  const auto second = json_of(camp("--json mail digest run"));
  EXPECT_EQ(second["digest"]["already_ran"], true);
  EXPECT_EQ(second["reminders"]["questions"], 0);
  EXPECT_EQ(sql("SELECT count(*) FROM mail_outbox WHERE template IN ('mentor_digest', 'question_reminder')")[0][0].as<int>(), 2);

  // Another day by hand; a bad date is refused.
  const auto other = json_of(camp("--json mail digest run --date 2030-01-02 --dry-run"));
  EXPECT_EQ(other["digest"]["day"], "2030-01-02");
  EXPECT_EQ(other["digest"]["already_ran"], false);
  EXPECT_EQ(camp("mail digest run --date 2026-13-01").code, 3);
}

}  // namespace
