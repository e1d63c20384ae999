// Notifications against PostgreSQL (docs/notifications.md): each domain event is dispatched
// once however many dispatchers race, to the right people only (never the actor, never someone
// the owning domain would not let read the object), with mails as each recipient asked.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

#include "accounts/service.hpp"
#include "core/messages.hpp"
#include "curriculum/service.hpp"
#include "environment.hpp"
#include "mail/outbox.hpp"
#include "mail/preferences.hpp"
#include "mail/repo.hpp"
#include "milestones/service.hpp"
#include "notifications/dispatcher.hpp"
#include "notifications/events.hpp"
#include "notifications/service.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"
#include "reviews/service.hpp"

using namespace camp;
using namespace camp::notifications;
using camp::dbtest::code_of;

namespace {

const mail::UnsubscribeLinks& links() {
  static const mail::UnsubscribeLinks l("test-secret-for-notifications", "https://camp.example.com");
  return l;
}
DispatchContext context() { return {links(), "https://camp.example.com"}; }
int dispatch() {
  try {
    return dispatch_pending(dbtest::pool(), context(), 100000);
  } catch (const Error& e) {
    ADD_FAILURE() << "dispatching failed: " << e.what() << " " << e.detail();
    throw;
  }
}

accounts::Account person(const std::string& role, std::optional<std::string> course = std::nullopt,
                         const std::string& nickname = "通知テスト") {
  static std::atomic<int> n{0};
  return accounts::AccountService(dbtest::pool())
      .create({"nt-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role, course,
               nickname, "pass-word-123"});
}
accounts::Account student(const std::string& nickname = "通知テスト受講生") { return person("student", "rails_4m", nickname); }

int some_category() {
  questions::QuestionCategoryService categories(dbtest::pool());
  categories.import(questions::parse_category_yaml("- name: 通知テスト親\n  lists:\n    - name: 通知テスト子\n"));
  for (const auto& c : categories.tree())
    if (c.name == "通知テスト親") return c.lists.at(0).id;
  return 0;
}

std::int64_t notifications_of(const accounts::Account& a, const std::string& kind) {
  return dbtest::scalar("SELECT count(*) FROM notifications WHERE account_id = " + std::to_string(a.id) + " AND kind = '" + kind + "'");
}
std::int64_t mails_to(const accounts::Account& a, const std::string& template_name) {
  return dbtest::scalar("SELECT count(*) FROM mail_outbox WHERE to_address = '" + a.email + "' AND template = '" + template_name + "'");
}

NotificationService service() { return NotificationService(dbtest::pool()); }

struct Reviews {
  curriculum::CurriculumService curriculums{dbtest::pool()};
  milestones::MilestoneService milestones{dbtest::pool()};
  reviews::ReviewService reviews{dbtest::pool(), milestones};
  Reviews() { curriculums.import_directory(CAMP_SOURCE_DIR "/tests/fixtures/curriculum"); }
};

}  // namespace

TEST(NotificationsDb, AnAnswerTellsTheWatchersButNotTheAnswerer) {
  questions::QuestionService q(dbtest::pool());
  const auto asker = student("質問した人"), mentor = person("advanced_mentor", std::nullopt, "回答メンター");
  const auto watcher = student(), other = student();
  const auto question = q.ask(asker, {some_category(), "通知のテスト質問", "本文", std::nullopt});
  q.watch(watcher, question.id, true);
  dispatch();
  q.answer(mentor, question.id, "まずログを確認しましょう。\n二行目は通知に出ません");
  EXPECT_EQ(dispatch(), 1);
  EXPECT_EQ(notifications_of(asker, "answer.created"), 1);
  EXPECT_EQ(notifications_of(watcher, "answer.created"), 1);
  EXPECT_EQ(notifications_of(mentor, "answer.created"), 0);  // their own action
  EXPECT_EQ(notifications_of(other, "answer.created"), 0);
  const auto list = service().list(asker, {});
  ASSERT_EQ(list.items.size(), 1u);
  const auto& n = list.items[0];
  EXPECT_EQ(n.title, "回答メンターさんが「通知のテスト質問」に回答しました");
  EXPECT_EQ(n.body, "まずログを確認しましょう。");
  EXPECT_EQ(n.link, "/questions/" + std::to_string(question.id));
  EXPECT_EQ(n.category, Category::question);
  EXPECT_EQ(n.actor_name, "回答メンター");
  EXPECT_EQ(mails_to(asker, "notification"), 1);  // question mail: immediately by default
  // The answerer watches now: the asker's next answer tells the mentor, not the asker.
  q.answer(asker, question.id, "ありがとうございます");
  dispatch();
  EXPECT_EQ(notifications_of(mentor, "answer.created"), 1);
  EXPECT_EQ(notifications_of(asker, "answer.created"), 1);
  // Unwatching stops them.
  q.watch(watcher, question.id, false);
  EXPECT_FALSE(q.watching(watcher, question.id));
  q.answer(mentor, question.id, "もう一つ");
  dispatch();
  EXPECT_EQ(notifications_of(watcher, "answer.created"), 2);  // the first and the asker's, not this one
}

TEST(NotificationsDb, NobodyIsToldOfWhatTheyMayNotRead) {
  questions::QuestionService q(dbtest::pool());
  const auto asker = student(), later_graduate = student();
  const auto question = q.ask(asker, {some_category(), "卒業生には見えない質問", "", std::nullopt});
  q.watch(later_graduate, question.id, true);
  accounts::AccountService(dbtest::pool()).set_role(later_graduate.id, "graduate");  // graduates have no question box
  q.answer(person("basic_mentor"), question.id, "回答");
  dispatch();
  EXPECT_EQ(notifications_of(asker, "answer.created"), 1);
  EXPECT_EQ(notifications_of(later_graduate, "answer.created"), 0);
  EXPECT_EQ(code_of([&] { q.watch(accounts::AccountService(dbtest::pool()).get(later_graduate.id), question.id, true); }),
            errc::forbidden);
}

TEST(NotificationsDb, SubmissionsGoToTheMentorsOfTheirLevelAndReviewsToTheStudent) {
  Reviews s;
  const auto alice = student("アリス"), basic = person("basic_mentor", std::nullopt, "ベーシック"),
             advanced = person("advanced_mentor", std::nullopt, "アドバンス"), admin = person("admin");
  const auto first = s.reviews.submit(alice, 901, "https://github.com/alice/page");  // a basic task
  const auto app = s.reviews.submit(alice, 903, "https://github.com/alice/app");     // an advanced task
  dispatch();
  EXPECT_EQ(notifications_of(basic, "submission.submitted"), 1);
  EXPECT_EQ(notifications_of(advanced, "submission.submitted"), 2);
  EXPECT_EQ(notifications_of(admin, "submission.submitted"), 0);  // admins are not called for every submission
  EXPECT_EQ(notifications_of(alice, "submission.submitted"), 0);  // their own
  s.reviews.claim(advanced, first.submission.id);
  s.reviews.review(advanced, first.submission.id, {"見出しの階層を直してください。\n詳細は下に", "changes_requested"});
  dispatch();
  const auto mine = service().list(alice, {"review", false, 1, 20});
  ASSERT_EQ(mine.items.size(), 1u);
  EXPECT_EQ(mine.items[0].title, "アドバンスさんが「はじめてのWebページ」に修正依頼をしました");
  EXPECT_EQ(mine.items[0].body, "見出しの階層を直してください。");
  EXPECT_EQ(mine.items[0].link, "/curriculums/test-basics#task-901");
  // Resubmitted: the mentor who had it, nobody else; the link opens the new submission.
  const auto basics_before = notifications_of(basic, "submission.resubmitted");
  const auto again = s.reviews.submit(alice, 901, "https://github.com/alice/page");
  dispatch();
  EXPECT_EQ(notifications_of(advanced, "submission.resubmitted"), 1);
  EXPECT_EQ(notifications_of(basic, "submission.resubmitted"), basics_before);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notifications WHERE account_id = " + std::to_string(advanced.id) +
                  " AND link = '/reviews?submission=" + std::to_string(again.submission.id) + "'"),
            1);
  EXPECT_NE(app.submission.id, again.submission.id);
}

TEST(NotificationsDb, TheLastApprovalTellsTheStudentOfTheMilestone) {
  Reviews s;
  const auto alice = student(), mentor = person("basic_mentor");
  const auto sub = s.reviews.submit(alice, 902, "https://github.com/alice/styles");  // the curriculum's last task
  s.reviews.review(mentor, sub.submission.id, {"合格です", "approved"});
  dispatch();
  EXPECT_EQ(notifications_of(alice, "review.created"), 1);
  EXPECT_EQ(notifications_of(alice, "milestone.achieved"), 1);
  EXPECT_EQ(notifications_of(mentor, "milestone.achieved"), 0);
  const auto list = service().list(alice, {"review", false, 1, 20});
  ASSERT_FALSE(list.items.empty());
  EXPECT_EQ(list.items[0].title, "「テスト基礎」の課題にすべて合格しました");
}

// Two daemons' dispatchers racing over the same events: every recipient hears of each event
// once, and gets one mail per event.
TEST(NotificationsDb, TwoDispatchersRacingTellEachRecipientOnce) {
  questions::QuestionService q(dbtest::pool());
  const auto asker = student(), watcher = student();
  const auto question = q.ask(asker, {some_category(), "競合する通知", "", std::nullopt});
  q.watch(watcher, question.id, true);
  dispatch();
  constexpr int kAnswers = 60;
  std::vector<accounts::Account> mentors;
  for (int i = 0; i < kAnswers; ++i) mentors.push_back(person("basic_mentor"));
  for (const auto& m : mentors) q.answer(m, question.id, "回答");
  std::atomic<int> done{0};
  auto run = [&] {
    db::Pool own(dbtest::database_url(), 1);
    done += dispatch_pending(own, context(), 100000);
  };
  dbtest::race(run, run);
  EXPECT_GE(done.load(), kAnswers);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM domain_events WHERE type = 'answer.created' AND payload->>'question_id' = '" +
                  std::to_string(question.id) + "'"),
            0);
  EXPECT_EQ(notifications_of(asker, "answer.created"), kAnswers);
  EXPECT_EQ(notifications_of(watcher, "answer.created"), kAnswers);
  EXPECT_EQ(mails_to(asker, "notification"), kAnswers);
  EXPECT_EQ(mails_to(watcher, "notification"), kAnswers);
  // Every answerer watches by the time the events are dispatched (after all the answers): each
  // hears of every answer but their own.
  for (const auto& m : mentors) EXPECT_EQ(notifications_of(m, "answer.created"), kAnswers - 1);
}

TEST(NotificationsDb, EveryPreferenceIsHonoured) {
  Reviews s;
  const auto never = student(), daily = student(), stopped = student(), fine = student(), mentor = person("admin");
  auto svc = service();
  svc.update_preferences(never, {{{Category::review, MailPreference::never}}, std::nullopt, std::nullopt});
  svc.update_preferences(daily, {{{Category::review, MailPreference::daily}}, std::nullopt, std::nullopt});
  dbtest::pool().transaction([&](db::Tx& tx) { mail::repo::unsubscribe(tx, stopped.id, mail::Topic::school); });
  for (const auto* who : {&never, &daily, &stopped, &fine}) {
    const auto sub = s.reviews.submit(*who, 901, "https://github.com/x/page");
    s.reviews.review(mentor, sub.submission.id, {"合格です", "approved"});
  }
  dispatch();
  for (const auto* who : {&never, &daily, &stopped, &fine}) EXPECT_EQ(notifications_of(*who, "review.created"), 1);  // in the app always
  EXPECT_EQ(mails_to(never, "notification"), 0);
  EXPECT_EQ(mails_to(daily, "notification"), 0);
  EXPECT_EQ(mails_to(stopped, "notification"), 0);  // the school unsubscribe page stops it all
  EXPECT_EQ(mails_to(fine, "notification"), 1);

  // The daily one is in the next day's digest, once however often it runs.
  const auto today = school_date(std::chrono::system_clock::now());
  const Date tomorrow{std::chrono::sys_days(today) + std::chrono::days(1)};
  const auto first = run_digest(dbtest::pool(), context(), tomorrow);
  EXPECT_FALSE(first.already_ran);
  EXPECT_GE(first.mails, 1);
  EXPECT_TRUE(run_digest(dbtest::pool(), context(), tomorrow).already_ran);
  EXPECT_EQ(mails_to(daily, "notification_digest"), 1);
  EXPECT_EQ(mails_to(fine, "notification_digest"), 0);
  EXPECT_EQ(mails_to(never, "notification_digest"), 0);

  // The events unsubscribe page and the settings are one setting; settings turn it back on.
  dbtest::pool().transaction([&](db::Tx& tx) { mail::repo::unsubscribe(tx, fine.id, mail::Topic::events); });
  EXPECT_EQ(svc.preferences(fine).mail.at(Category::event), MailPreference::never);
  const auto back = svc.update_preferences(fine, {{{Category::event, MailPreference::immediately}}, std::nullopt, std::nullopt});
  EXPECT_EQ(back.mail.at(Category::event), MailPreference::immediately);
  EXPECT_TRUE(dbtest::pool().transaction([&](db::Tx& tx) { return mail::repo::wants(tx, fine.id, mail::Topic::events); }));
  EXPECT_FALSE(svc.preferences(stopped).school_mail);
  EXPECT_TRUE(svc.update_preferences(stopped, {{}, true, std::nullopt}).school_mail);
}

TEST(NotificationsDb, ReadOneACategoryOrAllAndOnlyOnesOwn) {
  questions::QuestionService q(dbtest::pool());
  const auto asker = student(), stranger = student();
  const auto question = q.ask(asker, {some_category(), "既読のテスト", "", std::nullopt});
  for (int i = 0; i < 3; ++i) q.answer(person("basic_mentor"), question.id, "回答");
  dispatch();
  auto svc = service();
  EXPECT_EQ(svc.unread(asker).total, 3);
  const auto items = svc.list(asker, {"question", true, 1, 20}).items;
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(code_of([&] { svc.mark_read(stranger, items[0].id); }), errc::not_found);  // another's: as if none
  EXPECT_EQ(code_of([&] { svc.mark_read(asker, 9'000'000'000'000'000'000); }), errc::not_found);
  EXPECT_EQ(svc.mark_read(asker, items[0].id).total, 2);
  EXPECT_EQ(svc.mark_read(asker, items[0].id).total, 2);  // again: no change
  EXPECT_EQ(code_of([&] { svc.mark_all_read(asker, "nonsense"); }), errc::invalid);
  EXPECT_EQ(svc.mark_all_read(asker, "review").total, 2);  // another tab
  EXPECT_EQ(svc.mark_all_read(asker, "question").by_category[1], 0);
  EXPECT_EQ(svc.unread(asker).total, 0);
  EXPECT_EQ(svc.list(asker, {"", true, 1, 20}).total, 0);
  EXPECT_EQ(svc.list(asker, {"", false, 1, 20}).total, 3);
}

TEST(NotificationsDb, AFailingDispatchIsRetriedAndBlocksNothing) {
  const auto admin = person("admin");
  dbtest::pool().transaction([&](db::Tx& tx) {
    // An actor that does not exist: the notification's foreign key refuses it.
    record_event(tx, kAnnouncementCreated, 999'999'999, {{"title", "壊れたお知らせ"}, {"roles", {"admin"}}});
    record_event(tx, kAnnouncementCreated, std::nullopt, {{"title", "メンテナンスのお知らせ"}, {"roles", {"admin"}}});
  });
  dispatch();
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notifications WHERE account_id = " + std::to_string(admin.id) +
                  " AND title = 'メンテナンスのお知らせ'"),
            1);
  EXPECT_EQ(dbtest::scalar("SELECT attempts FROM domain_events WHERE payload->>'title' = '壊れたお知らせ'"), 1);
  EXPECT_EQ(dispatch(), 0);  // not due again yet
  dbtest::pool().transaction([](db::Tx& tx) {
    tx.exec(db::Statement{"test.events_due", "UPDATE domain_events SET not_before = now() WHERE failed_at IS NULL"});
  });
  for (int i = 1; i < kMaxDispatchAttempts; ++i) {
    dispatch();
    dbtest::pool().transaction([](db::Tx& tx) {
      tx.exec(db::Statement{"test.events_due", "UPDATE domain_events SET not_before = now() WHERE failed_at IS NULL"});
    });
  }
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM domain_events WHERE payload->>'title' = '壊れたお知らせ' AND failed_at IS NOT NULL"), 1);
  EXPECT_EQ(dispatch(), 0);
  dbtest::pool().transaction([](db::Tx& tx) {
    tx.exec(db::Statement{"test.events_clear", "DELETE FROM domain_events WHERE payload->>'title' = '壊れたお知らせ'"});
  });
}

TEST(NotificationsDb, AnnouncementsAreCheckedLikeAForm) {
  auto svc = service();
  const auto ops = accounts::Account::system();
  // Only admins announce (the CLI's system actor is one); a mentor is refused before any check.
  EXPECT_EQ(code_of([&] { svc.announce(person("advanced_mentor"), {"お知らせ", "本文", {"student"}}, false); }),
            errc::forbidden);
  EXPECT_EQ(code_of([&] { svc.latest_of(person("student", "rails_4m"), 1, false, 10); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { svc.announce(ops, {"", "本文", {"student"}}, false); }), errc::invalid);
  EXPECT_EQ(code_of([&] { svc.announce(ops, {"一行目\n二行目", "本文", {"student"}}, false); }), errc::invalid);
  EXPECT_EQ(code_of([&] { svc.announce(ops, {std::string(101 * 3, 'a'), "本文", {"student"}}, false); }), errc::invalid);
  EXPECT_EQ(code_of([&] { svc.announce(ops, {"お知らせ", "\u3000 ", {"student"}}, false); }), errc::invalid);
  EXPECT_EQ(code_of([&] { svc.announce(ops, {"お知らせ", "本文", {}}, false); }), errc::invalid);
  EXPECT_EQ(code_of([&] { svc.announce(ops, {"お知らせ", "本文", {"nobody"}}, false); }), errc::invalid);
  const auto trial = person("trial");
  const auto dry = svc.announce(ops, {"体験の方へ", "本文", {"trial"}}, true);
  EXPECT_GE(dry.recipients, 1);
  dispatch();
  EXPECT_EQ(notifications_of(trial, "announcement.created"), 0);
  svc.announce(ops, {"体験の方へ", "ご利用ありがとうございます。\n詳しくはこちら", {"trial"}}, false);
  dispatch();
  EXPECT_EQ(notifications_of(trial, "announcement.created"), 1);
  EXPECT_EQ(mails_to(trial, "announcement"), 1);
  EXPECT_EQ(service().list(trial, {"announcement", false, 1, 20}).items.at(0).body, "ご利用ありがとうございます。");
}

TEST(NotificationsDb, OldNotificationsArePruned) {
  const auto a = student();
  service().announce(accounts::Account::system(), {"古いお知らせ", "本文", {"student"}}, false);
  dispatch();
  dbtest::pool().transaction([&](db::Tx& tx) {
    tx.exec(db::Statement{"test.notifications_age", "UPDATE notifications SET created_at = now() - interval '200 days' "
                                                    "WHERE account_id = $1"},
            a.id);
  });
  EXPECT_GE(service().prune(std::chrono::system_clock::now(), 180, 1000).notifications, 1);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM notifications WHERE account_id = " + std::to_string(a.id)), 0);
}
