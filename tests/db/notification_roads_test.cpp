// The mails that used to be queued by their own domains, on the one road (docs/notifications.md):
// the event reminder, the questionnaire reminder, the mentors' digest and the askers' "is it
// solved?" reminder are domain events; two dispatchers racing tell each recipient once, and
// each person's preference (immediately, daily, never, school mail stopped) is honoured, with
// the notification in the app always. Also the housekeeping of the scan's marks.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>

#include "accounts/service.hpp"
#include "core/config.hpp"
#include "environment.hpp"
#include "events/service.hpp"
#include "mail/repo.hpp"
#include "mail/waiting.hpp"
#include "notifications/dispatcher.hpp"
#include "notifications/scan.hpp"
#include "notifications/service.hpp"
#include "questionnaires/keyring.hpp"
#include "questionnaires/service.hpp"
#include "questions/question_categories.hpp"

using namespace camp;
using namespace camp::notifications;
using namespace std::chrono_literals;

namespace {

const mail::UnsubscribeLinks& links() {
  static const mail::UnsubscribeLinks l("test-secret-for-roads", "https://camp.example.com");
  return l;
}
DispatchContext context() { return {links(), "https://camp.example.com"}; }

// Two daemons' dispatchers racing over whatever is waiting: how many events they took.
int dispatch_racing() {
  std::atomic<int> done{0};
  auto run = [&] {
    db::Pool own(dbtest::database_url(), 1);
    done += dispatch_pending(own, context(), 100000);
  };
  dbtest::race(run, run);
  return done.load();
}

accounts::Account person(const std::string& role, std::optional<std::string> course = std::nullopt) {
  static std::atomic<int> n{0};
  return accounts::AccountService(dbtest::pool())
      .create({"road-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role, course,
               "道" + std::to_string(n.load()), "pass-word-123"});
}
accounts::Account student() { return person("student", "rails_4m"); }

std::int64_t told(const accounts::Account& a, const std::string& kind) {
  return dbtest::scalar("SELECT count(*) FROM notifications WHERE account_id = " + std::to_string(a.id) + " AND kind = '" + kind + "'");
}
std::int64_t mails_to(const accounts::Account& a, const std::string& template_name) {
  return dbtest::scalar("SELECT count(*) FROM mail_outbox WHERE to_address = '" + a.email + "' AND template = '" + template_name + "'");
}
std::string column(const std::string& sql) {
  return dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction n(c.pq());
    return n.exec(sql)[0][0].as<std::string>();
  });
}

void prefer(const accounts::Account& a, Category c, MailPreference p) {
  NotificationService(dbtest::pool()).update_preferences(a, {{{c, p}}, std::nullopt, std::nullopt});
}
void stop_school_mail(const accounts::Account& a) {
  dbtest::pool().transaction([&](db::Tx& tx) { mail::repo::unsubscribe(tx, a.id, mail::Topic::school); });
}

// Whatever others left waiting is dispatched first, so the race below is over this test's events.
void settle() { dispatch_pending(dbtest::pool(), context(), 100000); }

}  // namespace

TEST(NotificationRoadsDb, TheEventReminderTellsTheParticipantsOnceAsEachChose) {
  FixedClock clock{TimePoint{std::chrono::seconds(1796094000)}};  // 2026-12-01 12:00 in Tokyo
  events::EventService events(dbtest::pool(), clock, "https://camp.example.com");
  const auto admin = person("admin");
  events::EventInput in;
  in.title = "道の勉強会";
  in.capacity = "4";
  in.start_date = "2026-12-27";
  in.start_at = "19:00";
  in.end_at = "21:00";
  const auto e = events.publish(admin, events.create_event(admin, in).id);
  const auto now = student(), daily = student(), never = student(), stopped = student(), waiting = student();
  prefer(daily, Category::event, MailPreference::daily);
  prefer(never, Category::event, MailPreference::never);
  stop_school_mail(stopped);
  for (const auto* who : {&now, &daily, &never, &stopped, &waiting}) events.join(*who, e.id);  // the fifth waits
  settle();

  EXPECT_EQ(events.remind(Date{std::chrono::year(2026), std::chrono::month(12), std::chrono::day(26)}), 1);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM domain_events WHERE type = 'event.reminder' AND payload->>'event_id' = '" +
                  std::to_string(e.id) + "'"),
            1);
  EXPECT_EQ(mails_to(now, "event_reminder"), 0);  // recorded, not mailed by the events domain
  EXPECT_GE(dispatch_racing(), 1);
  for (const auto* who : {&now, &daily, &never, &stopped}) EXPECT_EQ(told(*who, "event.reminder"), 1) << who->email;
  EXPECT_EQ(told(waiting, "event.reminder"), 0);  // the waitlist is not reminded
  EXPECT_EQ(told(admin, "event.reminder"), 0);
  EXPECT_EQ(mails_to(now, "event_reminder"), 1);
  for (const auto* who : {&daily, &never, &stopped, &waiting}) EXPECT_EQ(mails_to(*who, "event_reminder"), 0) << who->email;
  EXPECT_EQ(column("SELECT title || ' ' || link || ' ' || category FROM notifications WHERE kind = 'event.reminder' "
                   "AND account_id = " + std::to_string(now.id)),
            "明日は「道の勉強会」の開催日です /events event");
  const auto mail = column("SELECT subject || ' ' || to_address FROM mail_outbox WHERE template = 'event_reminder' "
                           "AND to_address = '" + now.email + "'");
  EXPECT_EQ(mail, "【ポテパンキャンプ】明日は「道の勉強会」の開催日です " + now.email);

  // The one who takes events daily finds it in the digest of the next day (its notification
  // is moved to a day of its own, so no other test's notifications are in that digest).
  dbtest::run_sql("UPDATE notifications SET created_at = '2032-03-04 12:00+09' WHERE kind = 'event.reminder' AND account_id IN (" +
       std::to_string(daily.id) + ", " + std::to_string(now.id) + ")");
  run_digest(dbtest::pool(), context(), Date{std::chrono::year(2032), std::chrono::month(3), std::chrono::day(5)});
  EXPECT_EQ(mails_to(daily, "notification_digest"), 1);
  EXPECT_EQ(mails_to(now, "notification_digest"), 0);
  EXPECT_NE(column("SELECT text_body FROM mail_outbox WHERE template = 'notification_digest' AND to_address = '" +
                   daily.email + "'")
                .find("明日は「道の勉強会」の開催日です"),
            std::string::npos);
  // Back to the default: the events suite counts who publishing mails at once.
  prefer(daily, Category::event, MailPreference::immediately);
}

TEST(NotificationRoadsDb, TheQuestionnaireReminderIsANotificationAndAMailAsChosen) {
  std::filesystem::create_directories(dbtest::data_dir() + "/roads");
  auto keys = questionnaires::Keyring::open(dbtest::data_dir() + "/roads/keys");
  FixedClock clock{TimePoint{std::chrono::seconds(1796094000)}};
  questionnaires::QuestionnaireService service(dbtest::pool(), keys, clock);
  const auto admin = person("admin");
  const auto mailed = person("graduate", "rails_4m"), quiet = person("graduate", "rails_4m"),
             stopped = person("graduate", "rails_4m");
  prefer(quiet, Category::announcement, MailPreference::never);
  stop_school_mail(stopped);
  settle();
  const auto r = service.remind(admin, "post-job-change", std::vector<std::int64_t>{mailed.id, quiet.id, stopped.id});
  EXPECT_EQ(r.queued, 3);
  EXPECT_EQ(mails_to(mailed, "questionnaire_reminder"), 0);  // the dispatcher's job
  dispatch_racing();
  for (const auto* who : {&mailed, &quiet, &stopped}) EXPECT_EQ(told(*who, "questionnaire.reminded"), 1) << who->email;
  EXPECT_EQ(mails_to(mailed, "questionnaire_reminder"), 1);
  EXPECT_EQ(mails_to(quiet, "questionnaire_reminder"), 0);
  EXPECT_EQ(mails_to(stopped, "questionnaire_reminder"), 0);
  // The notification and the mail open the questionnaire's form.
  EXPECT_EQ(column("SELECT link FROM notifications WHERE kind = 'questionnaire.reminded' AND account_id = " +
                   std::to_string(mailed.id)),
            "/subsidy/questionnaire/post-job-change-questionnaire");
  EXPECT_NE(column("SELECT text_body FROM mail_outbox WHERE template = 'questionnaire_reminder' AND to_address = '" +
                   mailed.email + "'")
                .find("https://camp.example.com/subsidy/questionnaire/post-job-change-questionnaire"),
            std::string::npos);
  // Reminded within 24 hours: nobody is told again.
  EXPECT_EQ(service.remind(admin, "post-job-change", std::vector<std::int64_t>{mailed.id}).queued, 0);
  dispatch_racing();
  EXPECT_EQ(told(mailed, "questionnaire.reminded"), 1);
}

TEST(NotificationRoadsDb, TheMentorsDigestAndTheAskersRemindersGoThroughTheDispatcherOnce) {
  questions::QuestionCategoryService categories(dbtest::pool());
  categories.import(questions::parse_category_yaml("- name: 道の親\n  lists:\n    - name: 道の子\n"));
  int category = 0;
  for (const auto& c : categories.tree())
    if (c.name == "道の親") category = c.lists.at(0).id;
  settle();  // others' pending digests first: an audience is decided when its event is dispatched
  const auto mentor = person("basic_mentor"), quiet_mentor = person("advanced_mentor"),
             stopped_mentor = person("spot_advanced_mentor");
  prefer(quiet_mentor, Category::question, MailPreference::never);
  stop_school_mail(stopped_mentor);
  const auto asker = student(), daily_asker = student();
  prefer(daily_asker, Category::question, MailPreference::daily);
  // A school day of its own (the mail_runs key), questions asked and answered long before it.
  const auto day_start = school_day_start(Date{std::chrono::year(2033), std::chrono::month(4), std::chrono::day(12)});
  const auto before = std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                         (day_start - std::chrono::days(20)).time_since_epoch())
                                         .count());
  dbtest::run_sql("INSERT INTO questions (account_id, category_id, title, body, created_at) VALUES (" + std::to_string(asker.id) +
       ", " + std::to_string(category) + ", '道の未回答', '', to_timestamp(" + before + "))");
  std::vector<std::int64_t> unsolved;
  for (const auto* who : {&asker, &daily_asker}) {
    unsolved.push_back(dbtest::scalar("INSERT INTO questions (account_id, category_id, title, body, created_at) VALUES (" +
                             std::to_string(who->id) + ", " + std::to_string(category) +
                             ", '道の未解決', '', to_timestamp(" + before + ")) RETURNING id"));
    dbtest::run_sql("INSERT INTO answers (question_id, account_id, body, created_at) VALUES (" + std::to_string(unsolved.back()) +
         ", " + std::to_string(mentor.id) + ", '回答', to_timestamp(" + before + ") + interval '1 hour')");
  }
  settle();

  Config config;
  config.public_url = "https://camp.example.com";
  FixedClock clock(day_start + 10h);
  const mail::WaitingMail waiting(dbtest::pool(), config, clock);
  const auto dry = waiting.run_reminders(true);
  EXPECT_GE(dry.questions, 2u);
  std::atomic<int> ran{0};
  dbtest::race([&] { ran += waiting.run_if_due(); }, [&] { ran += waiting.run_if_due(); });
  EXPECT_EQ(ran.load(), 1);  // once per day
  EXPECT_EQ(mails_to(mentor, "mentor_digest"), 0);  // recorded; the dispatcher mails
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM domain_events WHERE type = 'waiting.digest' AND payload->>'date' = '2033-04-12'"), 1);
  dispatch_racing();

  // The digest: every mentor is told in the app; mailed as each chose.
  for (const auto* who : {&mentor, &quiet_mentor, &stopped_mentor}) EXPECT_EQ(told(*who, "waiting.digest"), 1) << who->email;
  EXPECT_EQ(told(asker, "waiting.digest"), 0);
  EXPECT_EQ(mails_to(mentor, "mentor_digest"), 1);
  EXPECT_EQ(mails_to(quiet_mentor, "mentor_digest"), 0);
  EXPECT_EQ(mails_to(stopped_mentor, "mentor_digest"), 0);
  const auto body = column("SELECT text_body FROM mail_outbox WHERE template = 'mentor_digest' AND to_address = '" +
                           mentor.email + "'");
  EXPECT_NE(body.find("回答を待っている質問"), std::string::npos) << body;  // the sections, worded by the job
  EXPECT_NE(body.find("2033-04-12"), std::string::npos) << body;

  // The reminders: each asker once, mailed as each chose.
  for (const auto* who : {&asker, &daily_asker}) EXPECT_EQ(told(*who, "question.unsolved"), 1) << who->email;
  EXPECT_EQ(mails_to(asker, "question_reminder"), 1);
  EXPECT_EQ(mails_to(daily_asker, "question_reminder"), 0);
  EXPECT_EQ(column("SELECT title || ' ' || link FROM notifications WHERE kind = 'question.unsolved' AND account_id = " +
                   std::to_string(asker.id)),
            "質問「道の未解決」は解決しましたか？ /questions/" + std::to_string(unsolved[0]));
  EXPECT_EQ(mails_to(mentor, "question_reminder"), 0);
  // Never again, whatever runs next.
  EXPECT_EQ(waiting.run_reminders(false).questions, 0u);
  clock.advance(24h);
  waiting.run_if_due();
  dispatch_racing();
  EXPECT_EQ(told(asker, "question.unsolved"), 1);
}

TEST(NotificationRoadsDb, TheScansMarksArePrunedWithTheNotificationsAndNothingIsToldTwice) {
  const auto tag = std::to_string(getpid());
  dbtest::run_sql("INSERT INTO notification_marks (kind, object_key, created_at) VALUES "
       "('question.unanswered', 'old-" + tag + "', now() - interval '181 days'), "
       "('question.unanswered', 'new-" + tag + "', now() - interval '179 days')");
  const auto pruned = NotificationService(dbtest::pool()).prune(std::chrono::system_clock::now(), 180, 10);
  EXPECT_GE(pruned.marks, 1);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notification_marks WHERE object_key = 'old-" + tag + "'"), 0);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notification_marks WHERE object_key = 'new-" + tag + "'"), 1);

  // A question unanswered for longer than the marks live is not found again by the scan, so
  // its pruned mark never makes it news twice.
  questions::QuestionCategoryService categories(dbtest::pool());
  categories.import(questions::parse_category_yaml("- name: 道の親\n  lists:\n    - name: 道の子\n"));
  int category = 0;
  for (const auto& c : categories.tree())
    if (c.name == "道の親") category = c.lists.at(0).id;
  const auto asker = student();
  const auto old = dbtest::scalar("INSERT INTO questions (account_id, category_id, title, body, created_at) VALUES (" +
                         std::to_string(asker.id) + ", " + std::to_string(category) +
                         ", '古すぎる質問', '', now() - interval '200 days') RETURNING id");
  const auto recent = dbtest::scalar("INSERT INTO questions (account_id, category_id, title, body, created_at) VALUES (" +
                            std::to_string(asker.id) + ", " + std::to_string(category) +
                            ", '最近の質問', '', now() - interval '5 days') RETURNING id");
  NotificationScanConfig scan;  // looks back 180 days
  run_scan(dbtest::pool(), scan, std::chrono::system_clock::now());
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notification_marks WHERE kind = 'question.unanswered' AND object_key = '" +
                  std::to_string(old) + "'"),
            0);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notification_marks WHERE kind = 'question.unanswered' AND object_key = '" +
                  std::to_string(recent) + "'"),
            1);
  settle();
}
