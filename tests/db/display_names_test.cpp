// One display name for a person (migration 0033, docs/design.md "Display names"): the nickname,
// else the student record's name, else the e-mail's local part; read by every statement that
// names someone, greeting in mails, and announced to the daemons when a record renames an account.
#include <gtest/gtest.h>

#include <atomic>

#include "accounts/password_resets.hpp"
#include "accounts/service.hpp"
#include "environment.hpp"
#include "students/service.hpp"

namespace camp {
namespace {

// A unique local part, so the e-mail's fallback is known and no other test's account shares it.
std::string local_part(const std::string& who) {
  static std::atomic<int> n{0};
  return who + "." + std::to_string(getpid()) + "-" + std::to_string(++n);
}

std::string rule(const std::optional<std::string>& nickname, const std::optional<std::string>& name,
                 const std::string& email) {
  return dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    return tx.exec_params("SELECT display_name($1, $2, $3)", nickname, name, email)[0][0].as<std::string>();
  });
}

std::string greeting(const std::string& email, const std::string& template_name) {
  return dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    const auto r = tx.exec_params(
        "SELECT split_part(text_body, E'\\n', 1) FROM mail_outbox WHERE to_address = $1 AND template = $2 "
        "ORDER BY id DESC LIMIT 1",
        email, template_name);
    return r.empty() ? std::string() : r[0][0].as<std::string>();
  });
}

struct People {
  accounts::AccountService accounts{dbtest::pool()};
  FixedClock clock{std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now())};
  students::StudentService students{dbtest::pool(), clock};

  accounts::Account create(const std::string& email, const std::string& role, const std::string& nickname) {
    const auto course = role == "student" ? std::optional<std::string>("rails_4m") : std::nullopt;
    return accounts.create({email, role, course, nickname, "name-pass-123"});
  }
  // The student record of the account, renamed as an admin would.
  void name_record(const accounts::Account& a, const std::string& name) {
    const auto record = students.find(accounts::Account::system(), a.email).student;
    students.update(accounts::Account::system(), record.id, {name, std::nullopt, std::nullopt, std::nullopt});
  }
};

TEST(DisplayNamesDb, TheNicknameElseTheRecordsNameElseTheEmailsLocalPart) {
  EXPECT_EQ(rule("みさき", "伊藤 美咲", "misaki.ito@example.com"), "みさき");
  EXPECT_EQ(rule("", "伊藤 美咲", "misaki.ito@example.com"), "伊藤 美咲");
  EXPECT_EQ(rule("", "", "misaki.ito@example.com"), "misaki.ito");
  EXPECT_EQ(rule(std::nullopt, std::nullopt, "misaki.ito@example.com"), "misaki.ito");  // no account, no record
  // White_Space only counts as none (the ideographic space a Japanese keyboard types, NBSP,
  // tabs); what is shown is trimmed the same way.
  EXPECT_EQ(rule("\u3000 \t", "\u00a0伊藤 美咲\u3000", "misaki.ito@example.com"), "伊藤 美咲");
  EXPECT_EQ(rule(" みさき\u3000", "", "misaki.ito@example.com"), "みさき");
  EXPECT_EQ(rule("\u2003", "\u3000", "misaki.ito@example.com"), "misaki.ito");
}

TEST(DisplayNamesDb, AccountsAreNamedByTheirRecordOrTheirEmailUntilTheyChooseANickname) {
  People p;
  const auto mentor_local = local_part("kenta.kimura");
  const auto mentor = p.create(mentor_local + "@example.com", "basic_mentor", "");
  EXPECT_EQ(mentor.display_name, mentor_local);
  EXPECT_EQ(p.accounts.get(mentor.id).display_name, mentor_local);

  const auto student_local = local_part("watanabe");
  const auto student = p.create(student_local + "@example.com", "student", "");
  EXPECT_EQ(student.display_name, student_local);  // a record made with the account, still unnamed
  p.name_record(student, "渡辺 健太");
  EXPECT_EQ(p.accounts.get(student.id).display_name, "渡辺 健太");
  const auto record = p.students.find(accounts::Account::system(), student.email).student;
  EXPECT_EQ(record.display_name, "渡辺 健太");

  accounts::ProfilePatch patch;
  patch.nickname = "けんた";
  EXPECT_EQ(p.accounts.update_profile(student, student.id, patch, {}).display_name, "けんた");
  EXPECT_EQ(p.students.find(accounts::Account::system(), student.email).student.display_name, "けんた");
}

TEST(DisplayNamesDb, MailsGreetByTheDisplayName) {
  People p;
  RateLimits roomy;
  roomy.password_resets_per_email = 100;
  roomy.password_resets_per_address = 1000;
  accounts::PasswordResetService resets{dbtest::pool(), p.clock, roomy, "https://camp.example.jp"};

  const auto student = p.create(local_part("watanabe") + "@example.com", "student", "");
  p.name_record(student, "渡辺 健太");
  resets.request({student.email, "192.0.2.7"});
  EXPECT_EQ(greeting(student.email, "password_reset"), "渡辺 健太 様");

  const auto mentor_local = local_part("kenta.kimura");
  const auto mentor = p.create(mentor_local + "@example.com", "basic_mentor", "");
  resets.request({mentor.email, "192.0.2.7"});
  EXPECT_EQ(greeting(mentor.email, "password_reset"), mentor_local + " 様");
}

// The daemons cache the signed-in account with its display name: renaming a record announces
// the account on "sessions" (each daemon then drops its cached sessions) and the question lists.
TEST(DisplayNamesDb, ARecordThatRenamesAnAccountIsAnnounced) {
  People p;
  const auto student = p.create(local_part("sasaki") + "@example.com", "student", "");
  dbtest::Listening listening;
  ASSERT_TRUE(listening.connected());
  p.name_record(student, "佐々木 優子");
  const dbtest::Notification session{"sessions", "{\"account_id\":" + std::to_string(student.id) + "}"};
  const dbtest::Notification lists{"question_lists", "{\"table\":\"students\"}"};
  EXPECT_TRUE(listening.wait_until([&](const auto& heard) {
    return std::count(heard.begin(), heard.end(), session) > 0 && std::count(heard.begin(), heard.end(), lists) > 0;
  })) << "heard " << listening.heard().size() << " notifications";
}

}  // namespace
}  // namespace camp
