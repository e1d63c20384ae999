// Deletion requests by anonymisation (privacy/anonymise.hpp, docs/privacy.md "Deletion
// requests"): nothing personal left anywhere in a dump, the content kept and named
// 退会したユーザー, no login, audited, once only; the subsidy answers' retention.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "accounts/token.hpp"
#include "core/config.hpp"
#include "core/digest.hpp"
#include "core/messages.hpp"
#include "core/process.hpp"
#include "curriculum/service.hpp"
#include "db/cluster.hpp"
#include "environment.hpp"
#include "files/uploads.hpp"
#include "privacy/anonymise.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"

namespace camp {
namespace {

using accounts::Account;
using dbtest::code_of;
using dbtest::run_sql;
using dbtest::scalar;

std::string unique(const std::string& stem) { return stem + std::to_string(getpid()) + "x" + std::to_string(std::rand() % 100000); }

std::string q(const std::string& s) { return "'" + s + "'"; }  // test literals only: no quotes in them

std::string dump() {
  const auto file = dbtest::data_dir() + "/anonymise-dump.sql";
  const auto r = run_process({db::postgres_bin_dir() + "/pg_dump", "--format=plain", "--no-owner", "-f", file,
                              "-d", dbtest::database_url()});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove(file);
  return text.str();
}

struct Fixture {
  Config config;
  FixedClock clock{std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now())};
  accounts::AccountService accounts{dbtest::pool()};
  accounts::SessionService sessions{dbtest::pool(), accounts::TokenSigner(std::string(40, 's')), config.rate_limits, 30};
  questions::QuestionService questions{dbtest::pool()};
  privacy::AnonymisationService anonymisations{dbtest::pool(), 5, nullptr, nullptr, clock};

  int category() {
    questions::QuestionCategoryService categories(dbtest::pool());
    categories.import(questions::parse_category_yaml("- name: 匿名化親\n  lists:\n    - name: 匿名化子\n"));
    for (const auto& c : categories.tree())
      if (c.name == "匿名化親") return c.lists.at(0).id;
    return 0;
  }
};

std::int64_t count(const std::string& table, std::int64_t account) {
  return scalar("SELECT count(*) FROM " + table + " WHERE account_id = " + std::to_string(account));
}

TEST(AnonymiseDb, RemovesEverythingPersonalAndKeepsTheContent) {
  Fixture f;
  const auto email = unique("hanako.tokumei") + "@example.com";
  const auto nickname = unique("はなこ匿名");
  const auto name = unique("匿名花子");
  const auto student = f.accounts.create({email, "student", std::string("rails_4m"), nickname, "anon-pass-123"});
  const auto mentor = f.accounts.create({unique("mentor.anon") + "@example.com", "basic_mentor", std::nullopt, "メンター", "anon-pass-123"});
  const auto sid = std::to_string(student.id), mid = std::to_string(mentor.id);
  run_sql("UPDATE students SET name = " + q(name) + " WHERE account_id = " + sid);

  // Content: a question with answers by both, a submission with its review, an event joined.
  const auto question = f.questions.ask(student, {f.category(), "匿名化の質問", "本文です", std::nullopt});
  f.questions.answer(mentor, question.id, "メンターの回答");
  f.questions.answer(student, question.id, "本人の追記");
  // The fixture curriculum's first task: the curriculum tests import the same tree.
  curriculum::CurriculumService(dbtest::pool()).import_directory(CAMP_SOURCE_DIR "/tests/fixtures/curriculum");
  const auto submission = scalar("INSERT INTO submissions (task_id, account_id, repository_url, status) VALUES (901, " + sid +
                                 ", 'https://github.com/x/y', 'approved') RETURNING id");
  run_sql("INSERT INTO reviews (submission_id, account_id, status, comment) VALUES (" + std::to_string(submission) + ", " + mid +
          ", 'approved', 'よくできました')");
  const auto event = scalar("INSERT INTO events (title, capacity, starts_at, ends_at, status, published_at, participants_count) "
                            "VALUES ('匿名化の会', 10, now(), now() + interval '1 hour', 'published', now(), 1) RETURNING id");
  run_sql("INSERT INTO event_participations (event_id, account_id, status) VALUES (" + std::to_string(event) + ", " + sid +
          ", 'participant')");

  // Personal rows: a session, 2FA, a calendar feed, preferences, a reset, an invitation, throttle
  // counts, mails to them and about them, notifications to them and quoting them, a pending
  // event naming them, a mentoring record, a profile picture, an AI chat.
  auto feed_token = unique("feed");
  feed_token.resize(43, 'A');  // the column's 43 characters
  const auto jwt = f.sessions.login({email, "anon-pass-123", "192.0.2.77", "test"});
  EXPECT_FALSE(jwt.empty());
  run_sql("INSERT INTO account_two_factor (account_id, key_id, nonce, sealed, enabled_at) VALUES (" + sid +
          ", 1, decode(repeat('00', 24), 'hex'), decode(repeat('11', 32), 'hex'), now());"
          "INSERT INTO account_recovery_codes (account_id, code_hash) VALUES (" + sid + ", 'hash');"
          "INSERT INTO calendar_feeds (account_id, token) VALUES (" + sid + ", " + q(feed_token) + ");"
          "INSERT INTO mail_unsubscriptions (account_id, topic) VALUES (" + sid + ", 'magazine');"
          "INSERT INTO notification_preferences (account_id, category, mail) VALUES (" + sid + ", 'event', 'never');"
          "INSERT INTO password_resets (account_id, token_hash, created_at, expires_at, client_address) VALUES (" + sid +
          ", decode(repeat('ab', 32), 'hex'), now(), now() + interval '1 hour', '192.0.2.77');"
          "INSERT INTO invitations (email, role, course_id, nickname, token_hash, created_at, expires_at, accepted_at, account_id) "
          "VALUES (" + q(email) + ", 'student', 1, " + q(nickname) + ", decode(repeat('cd', 32), 'hex'), now(), now() + interval '7 days', now(), " + sid + ");"
          "INSERT INTO login_throttles (key, failures, window_started_at) VALUES ('email:' || lower(" + q(email) + "), 1, now()), "
          "('pair:192.0.2.0 ' || lower(" + q(email) + "), 1, now());"
          "INSERT INTO mail_outbox (template, to_address, subject, text_body, html_body) VALUES "
          "('notification', " + q(email) + ", 'あなたへ', " + q(nickname + "さん、こんにちは") + ", NULL), "
          "('notification', 'mentor@example.com', " + q(nickname + "さんが質問しました") + ", " +
          q(name + " (" + email + ") が質問しました") + ", " + q("<p>" + nickname + "さん</p>") + ");"
          "INSERT INTO notifications (account_id, category, kind, title, body, link) VALUES "
          "(" + sid + ", 'question', 'answer.created', '回答がつきました', '', '/questions/1'), "
          "(" + mid + ", 'question', 'question.created', " + q(nickname + "さんが質問しました") + ", " + q(name) + ", '/questions/1');"
          "INSERT INTO domain_events (type, actor_id, payload) VALUES ('mention.created', " + sid +
          ", jsonb_build_object('writer_nickname', " + q(nickname) + ", 'nested', jsonb_build_array(" + q(email) + ")));"
          "INSERT INTO mentorings (student_id, author_id, held_at, body) SELECT id, " + mid + ", now(), " + q(name + "さんと面談") +
          " FROM students WHERE account_id = " + sid + ";"
          "INSERT INTO ai_conversations (account_id, title) VALUES (" + sid + ", " + q(nickname + "の相談") + ");");
  const std::string picture = "/uploads/profile/" + unique("anonpic") + ".png";
  const auto blob = sha256_hex(picture);  // bytes of its own: no other test's blob
  run_sql("INSERT INTO blobs (sha256, content_type, size_bytes, data) VALUES (" + q(blob) + ", 'image/png', " +
          std::to_string(picture.size()) + ", convert_to(" + q(picture) + ", 'UTF8'));"
          "INSERT INTO uploads (account_id, kind, path, content_type, bytes, blob_sha256) VALUES (" + sid + ", 'profile', " +
          q(picture) + ", 'image/png', 3, " + q(blob) + "); UPDATE accounts SET image_url = " + q(picture) + " WHERE id = " + sid);
  ASSERT_NE(dump().find(nickname), std::string::npos);  // the check below can fail

  const auto before = std::vector{count("questions", student.id), count("answers", student.id),
                                  count("submissions", student.id), count("event_participations", student.id),
                                  scalar("SELECT count(*) FROM reviews WHERE submission_id = " + std::to_string(submission))};

  // Who may, and what is refused before anything happens.
  EXPECT_EQ(code_of([&] { f.anonymisations.anonymise(mentor, student.id, "退会の申し出"); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { f.anonymisations.anonymise(Account::system(), student.id, " \u3000"); }), errc::invalid);
  EXPECT_EQ(code_of([&] { f.anonymisations.anonymise(Account::system(), student.id, std::string(201, 'x')); }), errc::invalid);
  EXPECT_EQ(code_of([&] { f.anonymisations.anonymise(Account::system(), student.id, "\xff\xfe"); }), errc::invalid);
  EXPECT_EQ(code_of([&] { f.anonymisations.anonymise(Account::system(), 9'000'000'000'000LL, "退会の申し出"); }), errc::not_found);
  const auto admin = f.accounts.create({unique("admin.anon") + "@example.com", "admin", std::nullopt, "管理者", "anon-pass-123"});
  EXPECT_EQ(code_of([&] { f.anonymisations.anonymise(Account::system(), admin.id, "退会の申し出"); }), errc::invalid);
  EXPECT_EQ(count("sessions", student.id), 1);

  f.anonymisations.anonymise(Account::system(), student.id, "退会の申し出（APPI）");

  // Nothing of the person in a dump of the whole database.
  const auto text = dump();
  for (const auto& s : {email, nickname, name, email.substr(0, email.find('@'))}) EXPECT_EQ(text.find(s), std::string::npos) << s;
  EXPECT_EQ(scalar("SELECT count(*) FROM blobs WHERE sha256 = " + q(blob)), 0);  // the picture's bytes too

  // The content is all there, named by the one rule.
  const auto after = std::vector{count("questions", student.id), count("answers", student.id),
                                 count("submissions", student.id), count("event_participations", student.id),
                                 scalar("SELECT count(*) FROM reviews WHERE submission_id = " + std::to_string(submission))};
  EXPECT_EQ(after, before);
  const auto detail = f.questions.get(mentor, question.id);
  EXPECT_EQ(detail.question.author.display_name, msg::anonymised_display_name);
  EXPECT_EQ(detail.answers.size(), 2u);
  EXPECT_EQ(detail.answers.at(1).author.display_name, msg::anonymised_display_name);
  EXPECT_EQ(detail.answers.at(0).author.display_name, "メンター");
  EXPECT_EQ(f.accounts.get(student.id).display_name, msg::anonymised_display_name);
  EXPECT_EQ(count("notifications", mentor.id), 1);  // the mentor's notification stays, redacted

  // The personal rows are gone; no login, old e-mail or placeholder.
  for (const auto* table : {"sessions", "account_two_factor", "account_recovery_codes", "calendar_feeds", "mail_unsubscriptions",
                            "notification_preferences", "password_resets", "notifications", "ai_conversations", "uploads"})
    EXPECT_EQ(count(table, student.id), 0) << table;
  EXPECT_EQ(scalar("SELECT count(*) FROM invitations WHERE account_id = " + sid), 0);
  EXPECT_EQ(code_of([&] { f.sessions.login({email, "anon-pass-123", "192.0.2.78", "test"}); }), errc::unauthenticated);
  EXPECT_EQ(code_of([&] {
              f.sessions.login({privacy::AnonymisationService::placeholder_email(student.id), "anon-pass-123", "192.0.2.79", "t"});
            }),
            errc::unauthenticated);

  // Audited with the account id and the reason only; a second request is a conflict.
  EXPECT_EQ(scalar("SELECT count(*) FROM audit_log WHERE action = 'account.anonymise' AND subject = 'account " + sid +
                   "' AND reason = '退会の申し出（APPI）' AND actor LIKE 'cli:%'"),
            1);
  EXPECT_EQ(code_of([&] { f.anonymisations.anonymise(Account::system(), student.id, "もう一度"); }), errc::conflict);
}

TEST(AnonymiseDb, TheRuleAndTheCatalogueAgree) {
  EXPECT_EQ(dbtest::pool().run([](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    return tx.exec("SELECT display_name('nick', 'name', 'a@example.com', now())")[0][0].as<std::string>();
  }),
            msg::anonymised_display_name);
}

// Sealed subsidy answers stay until `years` after the course end, then go: at once when that
// has passed already, else by the housekeeping purge.
TEST(AnonymiseDb, SubsidyAnswersAreKeptUntilTheirRetentionEnds) {
  Fixture f;
  const auto answer = [](const Account& a) {
    run_sql("INSERT INTO questionnaire_answers (account_id, kind, key_id, nonce, sealed) VALUES (" + std::to_string(a.id) +
            ", 'pre-curriculum', 1, decode(repeat('00', 24), 'hex'), decode(repeat('22', 32), 'hex'))");
  };
  const auto recent = f.accounts.create({unique("recent.anon") + "@example.com", "student", std::string("rails_4m"), "最近", "p-123456"});
  const auto old = f.accounts.create({unique("old.anon") + "@example.com", "graduate", std::string("rails_4m"), "昔", "p-123456"});
  run_sql("UPDATE students SET start_date = current_date - interval '6 years' WHERE account_id = " + std::to_string(old.id));
  answer(recent);
  answer(old);

  EXPECT_EQ(f.anonymisations.anonymise(Account::system(), recent.id, "退会").answers_purged, 0);
  EXPECT_EQ(f.anonymisations.anonymise(Account::system(), old.id, "退会").answers_purged, 1);
  EXPECT_EQ(count("questionnaire_answers", recent.id), 1);
  EXPECT_EQ(count("questionnaire_answers", old.id), 0);

  EXPECT_EQ(f.anonymisations.purge_expired_answers(), 0);
  f.clock.advance(std::chrono::hours(24 * 366 * 6));  // past the course end (4 months) + 5 years
  EXPECT_GE(f.anonymisations.purge_expired_answers(), 1);
  EXPECT_EQ(count("questionnaire_answers", recent.id), 0);
}

}  // namespace
}  // namespace camp
