// Mentions and the daily scan against PostgreSQL (docs/notifications.md "Mentions",
// "Scheduled notifications"): a mention tells only those who may read the object, never the
// writer, and an edit only the newly mentioned; each scheduled notification is recorded once
// however often and on however many daemons the scan runs.
#include <gtest/gtest.h>

#include <atomic>

#include "accounts/service.hpp"
#include "core/clock.hpp"
#include "curriculum/service.hpp"
#include "environment.hpp"
#include "mail/preferences.hpp"
#include "milestones/service.hpp"
#include "notifications/dispatcher.hpp"
#include "notifications/mentionables.hpp"
#include "notifications/scan.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"
#include "reviews/service.hpp"
#include "students/service.hpp"

using namespace camp;
using namespace camp::notifications;
using camp::dbtest::code_of;

namespace {

const mail::UnsubscribeLinks& links() {
  static const mail::UnsubscribeLinks l("test-secret-for-mentions", "https://camp.example.com");
  return l;
}
int dispatch() { return dispatch_pending(dbtest::pool(), {links(), "https://camp.example.com"}, 100000); }

// Nicknames unique to this run: the database is shared with the other suites.
std::string nick(const std::string& base) { return base + std::to_string(getpid()); }

accounts::Account person(const std::string& role, const std::string& nickname,
                         std::optional<std::string> course = std::nullopt) {
  static std::atomic<int> n{0};
  return accounts::AccountService(dbtest::pool())
      .create({"ms-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role, course,
               nickname, "pass-word-123"});
}

std::int64_t told(const accounts::Account& a, const std::string& kind) {
  return dbtest::scalar("SELECT count(*) FROM notifications WHERE account_id = " + std::to_string(a.id) + " AND kind = '" + kind + "'");
}
// The database is shared: another suite's unanswered questions reach the same mentors.
std::int64_t told_about(const accounts::Account& a, const std::string& kind, const std::string& link) {
  return dbtest::scalar("SELECT count(*) FROM notifications WHERE account_id = " + std::to_string(a.id) + " AND kind = '" + kind +
               "' AND link = '" + link + "'");
}
std::string last_title(const accounts::Account& a) {
  return dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction n(c.pq());
    return n.exec("SELECT title || ' ' || link || ' ' || category FROM notifications WHERE account_id = " +
                  std::to_string(a.id) + " ORDER BY id DESC LIMIT 1")[0][0]
        .as<std::string>();
  });
}

int some_category() {
  questions::QuestionCategoryService categories(dbtest::pool());
  categories.import(questions::parse_category_yaml("- name: メンション親\n  lists:\n    - name: メンション子\n"));
  for (const auto& c : categories.tree())
    if (c.name == "メンション親") return c.lists.at(0).id;
  return 0;
}

}  // namespace

TEST(MentionsDb, AMentionTellsWhoMayReadItOnceAndNeverTheWriter) {
  questions::QuestionService q(dbtest::pool());
  const auto writer = person("student", nick("書き手"), "rails_4m");
  const auto mentor = person("basic_mentor", nick("メンター"));
  const auto graduate = person("graduate", nick("卒業生"), "rails_4m");
  const auto question = q.ask(writer, {some_category(), "メンションの質問",
                                       "@" + nick("メンター") + "さん、@" + nick("卒業生") + " と @" + nick("書き手") +
                                           " に聞きたいです",
                                       std::nullopt});
  dispatch();
  EXPECT_EQ(told(mentor, "mention.created"), 1);
  EXPECT_EQ(last_title(mentor), nick("書き手") + "さんが質問「メンションの質問」であなたにメンションしました /questions/" +
                                    std::to_string(question.id) + " question");
  EXPECT_EQ(told(graduate, "mention.created"), 0);  // graduates have no question box
  EXPECT_EQ(told(writer, "mention.created"), 0);    // their own mention
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM domain_events WHERE type = 'mention.created'"), 0);

  // An edit that keeps the mention and adds nobody tells nobody again; a new name is told.
  const auto other = person("advanced_mentor", nick("二人目"));
  q.update(writer, question.id, {std::nullopt, std::nullopt, "@" + nick("メンター") + " 追記しました", std::nullopt});
  dispatch();
  EXPECT_EQ(told(mentor, "mention.created"), 1);
  q.update(writer, question.id,
           {std::nullopt, std::nullopt, "@" + nick("メンター") + " と ＠" + nick("二人目") + "さん", std::nullopt});
  dispatch();
  EXPECT_EQ(told(mentor, "mention.created"), 1);
  EXPECT_EQ(told(other, "mention.created"), 1);

  // Answers: the same; an edited answer tells only the newly mentioned.
  const auto answer = q.answer(mentor, question.id, "`@" + nick("二人目") + "` はコードです。@" + nick("書き手") + "さん");
  dispatch();
  EXPECT_EQ(told(writer, "mention.created"), 1);
  EXPECT_EQ(told(other, "mention.created"), 1);
  q.update_answer(mentor, answer.id, "@" + nick("書き手") + "さん @" + nick("二人目"));
  dispatch();
  EXPECT_EQ(told(writer, "mention.created"), 1);
  EXPECT_EQ(told(other, "mention.created"), 2);
}

TEST(MentionsDb, ReviewCommentsAndMentoringRecordsFollowTheirDomainsPolicies) {
  curriculum::CurriculumService curriculums{dbtest::pool()};
  curriculums.import_directory(CAMP_SOURCE_DIR "/tests/fixtures/curriculum");
  milestones::MilestoneService milestones{dbtest::pool()};
  reviews::ReviewService reviews{dbtest::pool(), milestones};
  const auto learner = person("student", nick("レビュー受講生"), "rails_4m");
  const auto bystander = person("student", nick("別の受講生"), "rails_4m");
  const auto reviewer = person("advanced_mentor", nick("レビュアー"));
  const auto colleague = person("basic_mentor", nick("同僚"));
  const auto submitted = reviews.submit(learner, 901, "https://github.com/learner/page");
  reviews.claim(reviewer, submitted.submission.id);
  reviews.review(reviewer, submitted.submission.id,
                 {"@" + nick("同僚") + " さんも見てください。@" + nick("別の受講生") + " @" + nick("レビュー受講生"),
                  std::string("changes_requested")});
  dispatch();
  EXPECT_EQ(told(colleague, "mention.created"), 1);
  EXPECT_EQ(last_title(colleague).substr(last_title(colleague).size() - 6), "review");
  EXPECT_EQ(told(bystander, "mention.created"), 0);  // another student's submission
  EXPECT_EQ(told(learner, "mention.created"), 1);    // their own submission
  // The student reads the review on the task's page; reviewers in the queue.
  EXPECT_EQ(told_about(learner, "mention.created", "/curriculums/test-basics#task-901"), 1);
  EXPECT_EQ(told_about(colleague, "mention.created", "/reviews?submission=" + std::to_string(submitted.submission.id)), 1);

  students::StudentService students{dbtest::pool(), system_clock()};
  const auto record = students.find(accounts::Account::system(), learner.email).student;
  const auto m = students.add_mentoring(reviewer, record.id,
                                        {std::string("2026-11-20 19:00"),
                                         std::string("@" + nick("同僚") + " と @" + nick("レビュー受講生") + " に共有")});
  dispatch();
  EXPECT_EQ(told(colleague, "mention.created"), 2);
  EXPECT_EQ(last_title(colleague), nick("レビュアー") + "さんが" + record.display_name + "さんの面談記録であなたにメンションしました /students/" +
                                       std::to_string(record.id) + " student");
  EXPECT_EQ(told(learner, "mention.created"), 1);  // students do not read mentoring records
  students.edit_mentoring(reviewer, record.id, m.id, {std::nullopt, std::string("@" + nick("同僚") + " 更新")});
  dispatch();
  EXPECT_EQ(told(colleague, "mention.created"), 2);
}

TEST(MentionsDb, MentionablesAreThoseWhoMayReadNeverTheWriterNorAnEmail) {
  const auto writer = person("student", nick("mx書く"), "rails_4m");
  const auto mentor = person("basic_mentor", nick("mxメンター"));
  const auto graduate = person("graduate", nick("mx卒業"), "rails_4m");
  const auto cased = person("advanced_mentor", "MxCase" + std::to_string(getpid()));
  MentionService service(dbtest::pool());
  // By the start of the nickname, case-insensitively, a leading @ ignored.
  const auto mine = service.mentionables(writer, {"question", "@" + nick("mxメンター"), std::nullopt});
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0].id, mentor.id);
  EXPECT_EQ(mine[0].role, "basic_mentor");
  const auto lower = service.mentionables(writer, {"question", "mxcase" + std::to_string(getpid()), std::nullopt});
  ASSERT_EQ(lower.size(), 1u);
  EXPECT_EQ(lower[0].id, cased.id);
  EXPECT_TRUE(service.mentionables(writer, {"question", nick("mx卒業"), std::nullopt}).empty());  // cannot read it
  EXPECT_TRUE(service.mentionables(writer, {"question", nick("mx書く"), std::nullopt}).empty());  // the writer
  for (int i = 0; i < 11; ++i) person("student", nick("mx多数") + "-" + std::to_string(i), "rails_4m");
  const auto many = service.mentionables(writer, {"question", nick("mx多数"), std::nullopt});
  ASSERT_EQ(many.size(), 10u);  // limits::mentionables_max, by nickname
  EXPECT_EQ(many.front().nickname, nick("mx多数") + "-0");
  for (const auto& a : service.mentionables(writer, {"question", "%", std::nullopt}))  // a wildcard is a character
    EXPECT_EQ(a.nickname.substr(0, 1), "%");
  EXPECT_EQ(code_of([&] { service.mentionables(writer, {"review", "", std::nullopt}); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { service.mentionables(writer, {"mentoring", "", std::nullopt}); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { service.mentionables(graduate, {"question", "", std::nullopt}); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { service.mentionables(mentor, {"nope", "", std::nullopt}); }), errc::invalid);
  EXPECT_EQ(code_of([&] { service.mentionables(mentor, {"question", std::string(81, 'a'), std::nullopt}); }), errc::invalid);
  EXPECT_EQ(code_of([&] { service.mentionables(mentor, {"question", "\xFF", std::nullopt}); }), errc::invalid);
  EXPECT_EQ(code_of([&] { service.mentionables(mentor, {"review", "", 999999999}); }), errc::not_found);
  EXPECT_TRUE(service.mentionables(mentor, {"question", "%", std::nullopt}).empty() ||
              service.mentionables(mentor, {"question", "%", std::nullopt}).front().nickname.find('%') == 0);
}

namespace {

struct Scan {
  NotificationScanConfig config;  // 3 days each
  ScanResult at(TimePoint now) { return run_scan(dbtest::pool(), config, now); }
};

TimePoint days_from_now(int days) { return std::chrono::system_clock::now() + std::chrono::hours(24 * days); }

}  // namespace

TEST(NotificationScanDb, EachScheduledNotificationIsRecordedOnceHoweverOftenTheScanRuns) {
  // The plan's tasks and periods, as the students suite makes them.
  dbtest::run_sql("INSERT INTO curriculums (name, title, position) VALUES ('st-plan', '計画の課題', 99) ON CONFLICT DO NOTHING");
  dbtest::run_sql("INSERT INTO tasks (id, curriculum_name, title, position, review_level) "
       "SELECT i, 'st-plan', '課題' || i, i, 'basic' FROM unnest(ARRAY[3,9,10,13,14,18,19,20,21,22]) i "
       "ON CONFLICT DO NOTHING");
  students::StudentService students{dbtest::pool(), system_clock()};
  students.sync_plans();
  curriculum::CurriculumService curriculums{dbtest::pool()};
  curriculums.import_directory(CAMP_SOURCE_DIR "/tests/fixtures/curriculum");
  milestones::MilestoneService milestones{dbtest::pool()};
  reviews::ReviewService reviews{dbtest::pool(), milestones};
  questions::QuestionService q(dbtest::pool());

  const auto learner = person("student", nick("遅れ受講生"), "rails_4m");
  const auto claimer = person("advanced_mentor", nick("担当"));
  const auto mentor = person("basic_mentor", nick("見守り"));
  const auto submitted = reviews.submit(learner, 901, "https://github.com/late/page");
  reviews.claim(claimer, submitted.submission.id);
  const auto question = q.ask(learner, {some_category(), "誰も答えない質問", "", std::nullopt});
  dbtest::run_sql("UPDATE students SET start_date = current_date - 60, mentor_id = " + std::to_string(claimer.id) +
       " WHERE account_id = " + std::to_string(learner.id));
  dispatch();

  Scan scan;
  // Too early for the review and the question (claimed and asked today).
  auto first = scan.at(std::chrono::system_clock::now());
  dispatch();
  EXPECT_EQ(told(claimer, "review.overdue"), 0);
  const auto question_link = "/questions/" + std::to_string(question.id);
  EXPECT_EQ(told_about(mentor, "question.unanswered", question_link), 0);
  EXPECT_EQ(told(claimer, "student.behind"), 1);  // 60 days in, nothing done
  EXPECT_EQ(told(learner, "questionnaire.due"), 1);  // pre-curriculum: owed from the first day
  EXPECT_GE(first.students, 1);

  for (int i = 0; i < 3; ++i) scan.at(days_from_now(4));
  dispatch();
  EXPECT_EQ(told(claimer, "review.overdue"), 1);
  EXPECT_EQ(told(mentor, "review.overdue"), 0);  // the claimer only
  EXPECT_EQ(told_about(mentor, "question.unanswered", question_link), 1);
  EXPECT_EQ(told_about(claimer, "question.unanswered", question_link), 1);
  EXPECT_EQ(told(learner, "question.unanswered"), 0);  // mentors only
  EXPECT_EQ(told(claimer, "student.behind"), 1);
  EXPECT_EQ(told(learner, "questionnaire.due"), 1);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notifications WHERE account_id = " + std::to_string(mentor.id) +
                  " AND title = '「誰も答えない質問」に3日間回答がありません' AND category = 'question' AND link = '/questions/" +
                  std::to_string(question.id) + "'"),
            1);

  // Two daemons racing on the same day: the day is claimed once.
  const auto other = person("advanced_mentor", nick("三人目"));
  const auto late = q.ask(learner, {some_category(), "競争する質問", "", std::nullopt});
  FixedClock clock(days_from_now(30));
  const auto hour = school_day_start(school_date(clock.now())) + std::chrono::hours(23);
  clock.set(hour);
  std::atomic<int> ran{0};
  dbtest::race([&] { ran += !run_scan_if_due(dbtest::pool(), scan.config, clock).already_ran; },
               [&] { ran += !run_scan_if_due(dbtest::pool(), scan.config, clock).already_ran; });
  EXPECT_EQ(ran.load(), 1);
  dispatch();
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notifications WHERE kind = 'question.unanswered' AND account_id = " +
                  std::to_string(other.id) + " AND link = '/questions/" + std::to_string(late.id) + "'"),
            1);
  // Disabled, or before the hour: nothing.
  scan.config.enabled = false;
  EXPECT_TRUE(run_scan_if_due(dbtest::pool(), scan.config, clock).already_ran);
}

TEST(NotificationScanDb, ScansRacingWithoutTheDayClaimStillTellOnce) {
  questions::QuestionService q(dbtest::pool());
  const auto asker = person("student", nick("競争質問者"), "rails_4m");
  const auto mentor = person("basic_mentor", nick("競争メンター"));
  const auto question = q.ask(asker, {some_category(), "二重に数えない質問", "", std::nullopt});
  Scan scan;
  dbtest::race([&] { scan.at(days_from_now(5)); }, [&] { scan.at(days_from_now(5)); });
  dispatch();
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notifications WHERE kind = 'question.unanswered' AND account_id = " +
                  std::to_string(mentor.id) + " AND link = '/questions/" + std::to_string(question.id) + "'"),
            1);
}
