// The magazine, the mentors' digest and the question reminders against PostgreSQL: who gets
// them (preferences honoured), once per day / once per question even with concurrent runs,
// and the thresholds measured with an injected clock (lib/mail/magazine.hpp, waiting.hpp). The
// digest and the reminders are domain events: their mails are queued by the dispatcher.
#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <algorithm>
#include <atomic>
#include <thread>

#include "accounts/service.hpp"
#include "environment.hpp"
#include "mail/magazine.hpp"
#include "mail/repo.hpp"
#include "mail/templates.hpp"
#include "mail/waiting.hpp"
#include "notifications/dispatcher.hpp"
#include "reporting/waiting.hpp"

namespace camp::mail {
namespace {

using dbtest::pool;
using namespace std::chrono_literals;

const UnsubscribeLinks kLinks("test-secret-for-unsubscribe-links", "https://camp.example.com");

struct Person {
  std::int64_t id;
  std::string email;
};

Person make_account(const std::string& role) {
  static std::atomic<int> n{0};
  const auto email = "campaign-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
  const std::optional<std::string> course =
      role == "student" || role == "graduate" ? std::optional<std::string>("rails_4m") : std::nullopt;
  return {accounts::AccountService(pool()).create({email, role, course, "キャンペーン", "pass-word-123"}).id, email};
}

// Ad-hoc SQL with up to four text parameters (this libpqxx has no dynamic parameter list).
pqxx::result sql(const std::string& query, const std::vector<std::string>& p = {}) {
  pqxx::connection c(dbtest::database_url());
  pqxx::nontransaction tx(c);
  switch (p.size()) {
    case 0: return tx.exec(query);
    case 1: return tx.exec_params(query, p[0]);
    case 2: return tx.exec_params(query, p[0], p[1]);
    case 3: return tx.exec_params(query, p[0], p[1], p[2]);
    default: return tx.exec_params(query, p[0], p[1], p[2], p[3]);
  }
}

// What the jobs recorded, told (every daemon runs a dispatcher; here the test does).
void dispatch() { notifications::dispatch_pending(pool(), {kLinks, "https://camp.example.com"}, 100000); }

std::int64_t mails_to(const std::string& email, const std::string& template_name) {
  dispatch();
  return sql("SELECT count(*) FROM mail_outbox WHERE to_address = $1 AND template = $2", {email, template_name})[0][0]
      .as<std::int64_t>();
}

std::string epoch(TimePoint t) { return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count()); }

int category() {
  static const int id = sql("INSERT INTO question_categories (name) VALUES ('キャンペーンのテスト') RETURNING id")[0][0].as<int>();
  return id;
}

std::int64_t question(const Person& asker, const std::string& title, TimePoint asked) {
  return sql("INSERT INTO questions (account_id, category_id, title, body, created_at) VALUES ($1, $2, $3, '本文', "
             "to_timestamp($4)) RETURNING id",
             {std::to_string(asker.id), std::to_string(category()), title, epoch(asked)})[0][0]
      .as<std::int64_t>();
}

void answer(std::int64_t question_id, const Person& who, TimePoint at) {
  sql("INSERT INTO answers (question_id, account_id, body, created_at) VALUES ($1, $2, '回答です', to_timestamp($3))",
      {std::to_string(question_id), std::to_string(who.id), epoch(at)});
}

void opt_out(const Person& p, Topic topic) {
  pool().transaction([&](db::Tx& tx) { repo::unsubscribe(tx, p.id, topic); });
}

// A school day far from today, its own for each test: the mail_runs keys never collide.
TimePoint morning_of(int year, unsigned month, unsigned day) {
  return school_day_start(Date{std::chrono::year{year}, std::chrono::month{month}, std::chrono::day{day}}) + 10h;
}

Config config_with_thresholds() {
  Config c;
  c.public_url = "https://camp.example.com";
  return c;  // unanswered 2 days, unsolved 7 days, mentors (defaults)
}

// --- the magazine

TEST(MailMagazine, QueuedForSubscribersOnlyWithTheirOwnUnsubscribeLink) {
  const auto wants = make_account("graduate");
  const auto no_magazine = make_account("graduate");
  const auto no_school = make_account("graduate");
  opt_out(no_magazine, Topic::magazine);
  opt_out(no_school, Topic::school);
  const Magazine m{"11月号 " + std::to_string(getpid()), "今月のお知らせです。\nRails 8 の勉強会を開きます。", {"graduate"}};
  std::size_t last_progress = 0;
  const auto r = send_magazine(pool(), kLinks, m, {.batch_size = 2, .progress = [&](std::size_t done, std::size_t) {
                                                     last_progress = done;
                                                   }});
  EXPECT_EQ(r.queued, r.recipients);
  EXPECT_EQ(last_progress, r.queued);
  ASSERT_TRUE(r.send_id);
  EXPECT_EQ(mails_to(wants.email, "magazine"), 1);
  EXPECT_EQ(mails_to(no_magazine.email, "magazine"), 0);
  EXPECT_EQ(mails_to(no_school.email, "magazine"), 0);
  const auto row = sql("SELECT bulk, unsubscribe_url, text_body, subject, links->>'unsubscribe_url' FROM mail_outbox "
                       "WHERE to_address = $1", {wants.email});
  EXPECT_TRUE(row[0][0].as<bool>());
  EXPECT_EQ(row[0][1].as<std::string>(), kLinks.one_click_url(wants.id, Topic::magazine));
  const auto text = row[0][2].as<std::string>();
  EXPECT_NE(text.find("Rails 8 の勉強会"), std::string::npos);
  // The text ends with the page link, which waits apart from it until the mail is sent.
  const auto marker = link_marker("unsubscribe_url");
  EXPECT_EQ(text.rfind(marker), text.size() - marker.size() - 1) << "the text ends with the page link:\n" << text;
  EXPECT_EQ(row[0][4].as<std::string>(), kLinks.page_url(wants.id, Topic::magazine));
  EXPECT_EQ(text.find(kLinks.page_url(wants.id, Topic::magazine)), std::string::npos);
  EXPECT_EQ(row[0][3].as<std::string>(), m.subject);
}

TEST(MailMagazine, TheSameMagazineTwiceIsRefusedUnlessAgain) {
  const auto reader = make_account("student");
  const Magazine m{"二重送信の確認 " + std::to_string(getpid()), "本文", {"student"}};
  send_magazine(pool(), kLinks, m, {});
  EXPECT_EQ(dbtest::code_of([&] { send_magazine(pool(), kLinks, m, {}); }), errc::conflict);
  EXPECT_EQ(mails_to(reader.email, "magazine"), 1);
  const auto dry = send_magazine(pool(), kLinks, m, {.dry_run = true});
  EXPECT_TRUE(dry.previously_sent_at);
  EXPECT_EQ(dry.queued, 0u);
  EXPECT_FALSE(dry.send_id);
  const auto again = send_magazine(pool(), kLinks, m, {.again = true});
  EXPECT_GE(again.queued, 1u);
  EXPECT_EQ(mails_to(reader.email, "magazine"), 2);
  // Another body is another magazine.
  send_magazine(pool(), kLinks, {m.subject, "本文（訂正版）", {"student"}}, {});
  EXPECT_EQ(mails_to(reader.email, "magazine"), 3);
}

TEST(MailMagazine, DryRunCountsAndWritesNothing) {
  make_account("trial");
  const auto before = sql("SELECT (SELECT count(*) FROM mail_outbox), (SELECT count(*) FROM mail_magazine_sends)");
  const auto r = send_magazine(pool(), kLinks, {"試し " + std::to_string(getpid()), "本文", {"trial"}}, {.dry_run = true});
  EXPECT_GE(r.recipients, 1u);
  EXPECT_EQ(r.queued, 0u);
  const auto after = sql("SELECT (SELECT count(*) FROM mail_outbox), (SELECT count(*) FROM mail_magazine_sends)");
  EXPECT_EQ(before[0][0].as<std::int64_t>(), after[0][0].as<std::int64_t>());
  EXPECT_EQ(before[0][1].as<std::int64_t>(), after[0][1].as<std::int64_t>());
}

TEST(MailMagazine, BadInputIsRefusedWithFields) {
  for (const Magazine& m : {Magazine{"", "本文", {}}, Magazine{"件名\n二行目", "本文", {}}, Magazine{"件名", "", {}},
                            Magazine{"件名", "\xff\xfe", {}}, Magazine{"件名", "本文", {"nobody"}}})
    EXPECT_EQ(dbtest::code_of([&] { send_magazine(pool(), kLinks, m, {}); }), errc::invalid) << m.subject;
}

// --- the mentors' digest

TEST(MentorDigest, ListsQuestionsUnansweredForTwoDaysToMentorsWhoWantIt) {
  dispatch();  // others' digests first: an audience is decided when its event is dispatched
  const auto asked = morning_of(2031, 1, 10);
  const auto student = make_account("student");
  const auto mentor = make_account("basic_mentor");
  const auto quiet_mentor = make_account("advanced_mentor");
  const auto admin = make_account("admin");
  opt_out(quiet_mentor, Topic::school);
  const auto waiting = question(student, "ダイジェスト待ちの質問 " + std::to_string(getpid()), asked);
  const auto answered = question(student, "回答済みの質問 " + std::to_string(getpid()), asked);
  answer(answered, mentor, asked + 1h);
  FixedClock clock(asked + 48h);
  const auto config = config_with_thresholds();
  const WaitingMail w(pool(), config, clock);
  const auto r = w.run_digest(std::nullopt, false);
  EXPECT_FALSE(r.already_ran);
  EXPECT_GE(r.waiting, 1u);
  EXPECT_EQ(mails_to(mentor.email, "mentor_digest"), 1);
  EXPECT_EQ(mails_to(quiet_mentor.email, "mentor_digest"), 0);  // opted out of school mail
  EXPECT_EQ(mails_to(admin.email, "mentor_digest"), 0);         // admins are not in the default roles
  EXPECT_EQ(mails_to(student.email, "mentor_digest"), 0);
  dispatch();
  const auto text = sql("SELECT text_body, unsubscribe_url, links->>'unsubscribe_url' FROM mail_outbox WHERE to_address = $1 "
                        "AND template = 'mentor_digest'",
                        {mentor.email});
  const auto body = text[0][0].as<std::string>();
  EXPECT_NE(body.find("https://camp.example.com/questions/" + std::to_string(waiting) + "\n"), std::string::npos) << body;
  EXPECT_EQ(body.find("/questions/" + std::to_string(answered) + "\n"), std::string::npos) << body;
  EXPECT_NE(body.find(link_marker("unsubscribe_url")), std::string::npos);
  EXPECT_EQ(text[0][2].as<std::string>(), kLinks.page_url(mentor.id, Topic::school));
  EXPECT_EQ(text[0][1].as<std::string>(), kLinks.one_click_url(mentor.id, Topic::school));
}

// The reviews' section (reporting::waiting_submissions): a submission nobody has reviewed for two
// days is listed with a link to the queue; a reviewed one and a fresh one are not. The task is
// removed again afterwards, so the curriculum import tests never find a task with submissions.
TEST(MentorDigest, ListsSubmissionsWaitingForReviewForTwoDays) {
  dispatch();  // others' digests first: an audience is decided when its event is dispatched
  const auto submitted = morning_of(2031, 2, 14);
  const auto student = make_account("student");
  const auto mentor = make_account("basic_mentor");
  const auto tag = std::to_string(getpid());
  sql("INSERT INTO curriculums (name, title, position) VALUES ('digest-test-' || $1, 'ダイジェスト', 999)", {tag});
  const auto task = sql("INSERT INTO tasks (id, curriculum_name, title, position, review_level) VALUES "
                        "(990000 + $1::int % 9999, 'digest-test-' || $1, 'ダイジェストの課題', 1, 'basic') RETURNING id",
                        {tag})[0][0].as<std::string>();
  struct Cleanup {
    std::string task, tag;
    ~Cleanup() {
      sql("DELETE FROM submissions WHERE task_id = $1", {task});
      sql("DELETE FROM tasks WHERE id = $1", {task});
      sql("DELETE FROM curriculums WHERE name = 'digest-test-' || $1", {tag});
    }
  } cleanup{task, tag};
  auto submit = [&](const std::string& status, TimePoint at) {
    sql("INSERT INTO submissions (task_id, account_id, repository_url, status, created_at) VALUES "
        "($1, $2, 'https://github.com/digest/' || $3, $3, to_timestamp($4))",
        {task, std::to_string(student.id), status, epoch(at)});
  };
  submit("approved", submitted - 72h);  // reviewed: not waiting
  submit("waiting", submitted);

  // Other tests' submissions (made today) have all waited long enough by then: count the
  // difference one hour makes, which is this test's submission alone.
  const auto config = config_with_thresholds();
  const auto waiting_at = [&](TimePoint at) {
    return pool().transaction([&](db::Tx& tx) {
      return reporting::waiting_submissions(tx, at, config.mail.digest_unanswered_days, kDigestItems);
    });
  };
  const auto before = waiting_at(submitted + 47h);  // not yet two days
  const auto after = waiting_at(submitted + 48h);
  EXPECT_EQ(after.total, before.total + 1);
  const auto listed = [&](const reporting::Waiting<reporting::WaitingSubmission>& w) {
    return std::any_of(w.oldest.begin(), w.oldest.end(),
                       [&](const reporting::WaitingSubmission& s) { return std::to_string(s.task_id) == task; });
  };
  EXPECT_FALSE(listed(before));
  if (after.total <= kDigestItems) {
    EXPECT_TRUE(listed(after));  // the oldest are listed first
  }

  FixedClock clock(submitted + 48h);
  const WaitingMail w(pool(), config, clock);
  EXPECT_GE(w.run_digest(std::nullopt, false).waiting, 1u);
  dispatch();
  const auto body = sql("SELECT text_body FROM mail_outbox WHERE to_address = $1 AND template = 'mentor_digest'",
                        {mentor.email})[0][0].as<std::string>();
  EXPECT_NE(body.find("レビューを待っている提出"), std::string::npos) << body;
  EXPECT_NE(body.find("https://camp.example.com/reviews"), std::string::npos) << body;
  if (after.total <= kDigestItems) {
    EXPECT_NE(body.find("課題" + task + "「ダイジェストの課題」"), std::string::npos) << body;  // worded by the digest
  }
}

TEST(MentorDigest, OncePerSchoolDayEvenWithTwoConcurrentRuns) {
  dispatch();  // others' digests first: an audience is decided when its event is dispatched
  const auto asked = morning_of(2031, 2, 10);
  const auto mentor = make_account("spot_advanced_mentor");
  question(make_account("student"), "同時実行の質問", asked);
  FixedClock clock(asked + 72h);
  const auto config = config_with_thresholds();
  const WaitingMail w(pool(), config, clock);
  std::atomic<int> ran{0}, skipped{0};
  std::vector<std::thread> runs;
  for (int i = 0; i < 2; ++i)
    runs.emplace_back([&] { (w.run_digest(std::nullopt, false).already_ran ? skipped : ran)++; });
  for (auto& t : runs) t.join();
  EXPECT_EQ(ran, 1);
  EXPECT_EQ(skipped, 1);
  EXPECT_TRUE(w.run_digest(std::nullopt, false).already_ran);
  EXPECT_FALSE(w.run_if_due());
  EXPECT_EQ(mails_to(mentor.email, "mentor_digest"), 1);
  // The next school day is another day.
  clock.advance(24h);
  EXPECT_TRUE(w.run_if_due());
  EXPECT_EQ(mails_to(mentor.email, "mentor_digest"), 2);
}

TEST(MentorDigest, ThresholdAndHourFollowTheInjectedClock) {
  const auto asked = morning_of(2031, 3, 10);
  const auto id = question(make_account("student"), "しきい値の質問", asked);
  auto config = config_with_thresholds();
  config.mail.digest_unanswered_days = 3;
  config.mail.digest_hour = 11;
  FixedClock clock(asked + 72h - 1s);
  const auto listed = [&] {
    return pool().transaction([&](db::Tx& tx) {
      const auto s = unanswered_questions(tx, {clock.now(), config.mail, config.public_url});
      for (const auto& item : s.items)
        if (item.url == config.public_url + "/questions/" + std::to_string(id)) return true;
      return false;
    });
  };
  EXPECT_FALSE(listed());
  clock.advance(1s);
  EXPECT_TRUE(listed());
  // 10:00 in Japan: before the configured 11:00, the timer does nothing.
  const WaitingMail w(pool(), config, clock);
  EXPECT_FALSE(w.run_if_due());
  clock.advance(1h);
  EXPECT_TRUE(w.run_if_due());
}

TEST(MentorDigest, DryRunWritesNothing) {
  dispatch();  // others' digests first: an audience is decided when its event is dispatched
  const auto asked = morning_of(2031, 4, 10);
  const auto mentor = make_account("basic_mentor");
  question(make_account("student"), "試しの質問", asked);
  FixedClock clock(asked + 50h);
  const auto config = config_with_thresholds();
  const WaitingMail w(pool(), config, clock);
  const auto dry = w.run_digest(std::nullopt, true);
  EXPECT_FALSE(dry.already_ran);
  EXPECT_GE(dry.mails, 1u);
  EXPECT_EQ(mails_to(mentor.email, "mentor_digest"), 0);
  EXPECT_FALSE(w.run_digest(std::nullopt, false).already_ran);  // the dry run did not take the day
  dispatch();  // its digest told now, not to the mentors of whichever test dispatches next
}

// --- reminders to askers

TEST(QuestionReminder, OncePerQuestionAfterSevenDaysOfAnswersWithoutSolution) {
  const auto asked = morning_of(2031, 5, 1);
  const auto asker = make_account("student");
  const auto mentor = make_account("basic_mentor");
  const auto q = question(asker, "解決していない質問 " + std::to_string(getpid()), asked);
  answer(q, asker, asked + 1h);        // the asker's own follow-up does not count
  answer(q, mentor, asked + 24h);      // the first answer by someone else
  const auto solved = question(asker, "解決した質問", asked);
  answer(solved, mentor, asked + 24h);
  sql("UPDATE questions SET solved_answer_id = (SELECT id FROM answers WHERE question_id = $1) WHERE id = $1",
      {std::to_string(solved)});
  const auto config = config_with_thresholds();
  FixedClock clock(asked + 24h + 7 * 24h - 1s);
  const WaitingMail w(pool(), config, clock);
  w.run_reminders(false);
  EXPECT_EQ(mails_to(asker.email, "question_reminder"), 0);
  clock.advance(1s);
  const auto r = w.run_reminders(false);
  EXPECT_GE(r.mails, 1u);
  EXPECT_EQ(mails_to(asker.email, "question_reminder"), 1);  // not for the solved one
  dispatch();
  const auto body = sql("SELECT text_body, subject FROM mail_outbox WHERE to_address = $1 AND template = 'question_reminder'",
                        {asker.email});
  EXPECT_NE(body[0][0].as<std::string>().find("/questions/" + std::to_string(q)), std::string::npos);
  EXPECT_NE(body[0][1].as<std::string>().find("解決していない質問"), std::string::npos);
  clock.advance(24h);
  w.run_reminders(false);
  EXPECT_EQ(mails_to(asker.email, "question_reminder"), 1);
}

TEST(QuestionReminder, TwoConcurrentRunsRemindOnce) {
  const auto asked = morning_of(2031, 6, 1);
  const auto asker = make_account("student");
  const auto q = question(asker, "同時のリマインダー", asked);
  answer(q, make_account("advanced_mentor"), asked + 1h);
  FixedClock clock(asked + 8 * 24h);
  const auto config = config_with_thresholds();
  const WaitingMail w(pool(), config, clock);
  std::vector<std::thread> runs;
  for (int i = 0; i < 2; ++i) runs.emplace_back([&] { w.run_reminders(false); });
  for (auto& t : runs) t.join();
  EXPECT_EQ(mails_to(asker.email, "question_reminder"), 1);
}

TEST(QuestionReminder, AskerWhoStoppedSchoolMailGetsNoMailAndTheQuestionIsDone) {
  const auto asked = morning_of(2031, 7, 1);
  const auto asker = make_account("student");
  opt_out(asker, Topic::school);
  const auto q = question(asker, "配信停止した人の質問", asked);
  answer(q, make_account("basic_mentor"), asked + 1h);
  FixedClock clock(asked + 8 * 24h);
  const auto config = config_with_thresholds();
  const WaitingMail w(pool(), config, clock);
  w.run_reminders(false);
  EXPECT_EQ(mails_to(asker.email, "question_reminder"), 0);
  EXPECT_EQ(sql("SELECT count(*) FROM question_reminders WHERE question_id = $1", {std::to_string(q)})[0][0].as<int>(), 1);
  // Told in the app all the same (it always is).
  EXPECT_EQ(sql("SELECT count(*) FROM notifications WHERE account_id = $1 AND kind = 'question.unsolved'",
                {std::to_string(asker.id)})[0][0].as<int>(), 1);
  // Subscribing again later does not bring an old reminder back.
  pool().transaction([&](db::Tx& tx) { repo::resubscribe(tx, asker.id, Topic::school); });
  w.run_reminders(false);
  EXPECT_EQ(mails_to(asker.email, "question_reminder"), 0);
}

}  // namespace
}  // namespace camp::mail
