// The one services builder (lib/app/services.hpp) over a real database, and the system actor
// the CLI acts as: it is allowed what an admin is and recorded as no one, while the same use
// cases still refuse the roles their policy refuses. The outbox's operator use cases
// (mail::OutboxService: `camp mail list|show|retry|test`).
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>

#include "app/services.hpp"
#include "environment.hpp"
#include "mail/outbox.hpp"

namespace camp {
namespace {

using accounts::Account;
using dbtest::code_of;
using namespace std::chrono_literals;

// 2026-11-24 00:30 UTC is 09:30 at the school.
FixedClock& test_clock() {
  static FixedClock clock(school_day_start(*parse_date("2026-11-24")) + 9h + 30min);
  return clock;
}

Config test_config() {
  Config c;
  c.data_dir = dbtest::data_dir() + "/services-" + std::to_string(getpid());
  c.public_url = "https://camp.example.com";
  return c;
}

app::Services& services() {
  static const Config config = test_config();
  static app::Services s(config, dbtest::pool(), app::Caches::none, test_clock());
  return s;
}

Account person(const std::string& role) {
  static std::atomic<int> n{0};
  const auto course = role == "student" ? std::optional<std::string>("rails_4m") : std::nullopt;
  return services().accounts.create({"svc-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com",
                                     role, course, "サービス" + std::to_string(n.load()), "pass-word-123"});
}

void mark_failed(std::int64_t id) {
  dbtest::pool().transaction([&](db::Tx& tx) {
    tx.exec(db::Statement{"test.svc_mail_failed", "UPDATE mail_outbox SET status = 'failed', attempts = 8 WHERE id = $1"}, id);
  });
}

void mark_sent(std::int64_t id) {
  dbtest::pool().transaction([&](db::Tx& tx) { mail::mark_sent(tx, {id}); });
}

TEST(SystemActor, IsAnAdminWithNoRowRecordedAsNoOne) {
  const auto system = Account::system();
  EXPECT_TRUE(system.is_system());
  EXPECT_EQ(system.id, 0);
  EXPECT_EQ(system.role, accounts::Role::admin);
  EXPECT_FALSE(system.recorded_id().has_value());
  const auto admin = person("admin");
  EXPECT_FALSE(admin.is_system());
  EXPECT_EQ(admin.recorded_id(), admin.id);
}

TEST(ServicesBuilder, KeepsItsSecretsInTheDataDirAndReadsThemAgain) {
  const auto& links = services().unsubscribe_links;
  const auto config = test_config();
  for (const char* name : {"jwt_secret", "questionnaire_keys"}) {
    const auto path = std::filesystem::path(config.data_dir) / name;
    ASSERT_TRUE(std::filesystem::exists(path)) << name;
    EXPECT_EQ(std::filesystem::status(path).permissions() & std::filesystem::perms::all, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write) << name;
  }
  // A second build (the next `camp` run, a daemon) signs with the same secret.
  const app::Services again(config, dbtest::pool(), app::Caches::none, test_clock());
  EXPECT_EQ(again.unsubscribe_links.id(42, mail::Topic::events), links.id(42, mail::Topic::events));
  EXPECT_EQ(again.questionnaire_keys.current_id(), services().questionnaire_keys.current_id());
}

TEST(SystemActor, TheFormerOperatorTwinsKeepTheirPolicy) {
  auto& s = services();
  const auto system = Account::system();
  const auto student = person("student");
  const auto mentor = person("basic_mentor");
  // The system actor is let through ...
  EXPECT_NO_THROW(s.reviews.recent(system, false, 10));
  EXPECT_NO_THROW(s.reviews.stats(system, std::nullopt));
  EXPECT_NO_THROW(s.questions.recent(system, false, std::nullopt, 10));
  EXPECT_NO_THROW(s.curriculums.list(system));
  EXPECT_EQ(s.students.find(system, student.email).student.account_id, student.id);
  // ... and the roles each use case refuses are refused.
  EXPECT_EQ(code_of([&] { s.reviews.recent(student, false, 10); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.reviews.stats(mentor, std::nullopt); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.questions.recent(student, false, std::nullopt, 10); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.students.find(student, student.email); }), errc::not_found);
  EXPECT_EQ(code_of([&] { s.students.assign_mentor(mentor, student.email, mentor.email); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.invitations.invite(mentor, {"svc-invite@example.com", "trial", std::nullopt, ""}); }),
            errc::forbidden);
}

TEST(SystemActor, AMentorAssignedFromTheCliIsRecordedAsChangedByNoOne) {
  auto& s = services();
  const auto student = person("student");
  const auto mentor = person("basic_mentor");
  const auto d = s.students.assign_mentor(Account::system(), student.email, mentor.email);
  ASSERT_TRUE(d.student.mentor.has_value());
  EXPECT_EQ(d.student.mentor->id, mentor.id);
  ASSERT_FALSE(d.history.empty());
  EXPECT_FALSE(d.history[0].changed_by.has_value());
}

TEST(SystemActor, AnEventTheCliCreatesHasNoAuthor) {
  auto& events = services().events;
  events::EventInput in;
  in.title = "CLI からの勉強会";
  in.capacity = "10";
  in.start_date = "2026-12-20";
  in.start_at = "19:00";
  in.end_at = "21:00";
  const auto author_of = [](std::int64_t id) {
    return dbtest::pool().autocommit([&](db::Tx& tx) {
      const auto row = tx.exec(db::Statement{"test.svc_event_author", "SELECT created_by FROM events WHERE id = $1"}, id);
      return row[0][0].is_null() ? std::nullopt : std::optional(row[0][0].as<std::int64_t>());
    });
  };
  EXPECT_EQ(author_of(events.create_event(Account::system(), in).id), std::nullopt);
  const auto admin = person("admin");
  EXPECT_EQ(author_of(events.create_event(admin, in).id), admin.id);
}

TEST(MailOutboxService, QueuesTestMailsNamingTheSchoolTime) {
  auto& outbox = services().mail_outbox;
  const auto one = outbox.queue_test(Account::system(), "svc-test@example.com", 1);
  EXPECT_EQ(one.queued, 1u);
  ASSERT_TRUE(one.id.has_value());
  const auto mail = outbox.get(Account::system(), *one.id);
  EXPECT_EQ(mail.to, "svc-test@example.com");
  EXPECT_EQ(mail.template_name, "test");
  EXPECT_NE(mail.text_body.find("2026-11-24 09:30:00 JST"), std::string::npos) << mail.text_body;
  const auto many = outbox.queue_test(Account::system(), "svc-many@example.com", 3);
  EXPECT_EQ(many.queued, 3u);
  EXPECT_FALSE(many.id.has_value());
  EXPECT_EQ(code_of([&] { outbox.queue_test(Account::system(), "not an address", 1); }), errc::invalid);
}

TEST(MailOutboxService, ListsShowsAndRequeuesFailedMails) {
  auto& outbox = services().mail_outbox;
  const auto system = Account::system();
  const auto failed = *outbox.queue_test(system, "svc-failed@example.com", 1).id;
  const auto sent = *outbox.queue_test(system, "svc-sent@example.com", 1).id;
  mark_failed(failed);
  mark_sent(sent);
  const auto listed = outbox.list(system, mail::Status::failed, 1000);
  EXPECT_TRUE(std::any_of(listed.begin(), listed.end(), [&](const mail::Mail& m) { return m.id == failed; }));
  EXPECT_FALSE(std::any_of(listed.begin(), listed.end(), [&](const mail::Mail& m) { return m.id == sent; }));

  outbox.retry(system, failed);
  const auto again = outbox.get(system, failed);
  EXPECT_EQ(again.status, mail::Status::queued);
  EXPECT_EQ(again.attempts, 0);
  EXPECT_EQ(code_of([&] { outbox.retry(system, sent); }), errc::invalid);  // already sent
  EXPECT_EQ(code_of([&] { outbox.retry(system, 999999999); }), errc::not_found);
  EXPECT_EQ(code_of([&] { outbox.get(system, 999999999); }), errc::not_found);

  mark_failed(failed);
  EXPECT_GE(outbox.retry_failed(system), 1);
  EXPECT_EQ(outbox.get(system, failed).status, mail::Status::queued);
}

TEST(MailOutboxService, IsForOperatorsOnly) {
  auto& outbox = services().mail_outbox;
  const auto id = *outbox.queue_test(Account::system(), "svc-private@example.com", 1).id;
  for (const auto& who : {person("student"), person("basic_mentor")}) {
    EXPECT_EQ(code_of([&] { outbox.list(who, std::nullopt, 10); }), errc::forbidden);
    EXPECT_EQ(code_of([&] { outbox.get(who, id); }), errc::forbidden);
    EXPECT_EQ(code_of([&] { outbox.retry(who, id); }), errc::forbidden);
    EXPECT_EQ(code_of([&] { outbox.retry_failed(who); }), errc::forbidden);
    EXPECT_EQ(code_of([&] { outbox.queue_test(who, "svc-x@example.com", 1); }), errc::forbidden);
  }
}

}  // namespace
}  // namespace camp
