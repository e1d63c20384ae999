// Events against PostgreSQL: seats under concurrency, the waitlist, capacity changes,
// notifications to the right people only, reminders once (lib/events/service.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

#include "accounts/password_resets.hpp"
#include "accounts/service.hpp"
#include "core/messages.hpp"
#include "accounts/sessions.hpp"
#include "environment.hpp"
#include "events/service.hpp"
#include "mail/outbox.hpp"
#include "mail/repo.hpp"
#include "notifications/dispatcher.hpp"

using namespace camp;
using namespace camp::events;
using camp::dbtest::code_of;

namespace {

// 2026-12-01 12:00 in Tokyo: the events below lie ahead.
FixedClock& school_clock() {
  static FixedClock c{TimePoint{std::chrono::seconds(1796094000)}};
  return c;
}

const mail::UnsubscribeLinks& links() {
  static const mail::UnsubscribeLinks l("test-secret-for-events", "https://camp.example.com");
  return l;
}

EventService service(db::Pool& pool = dbtest::pool()) { return EventService(pool, school_clock(), "https://camp.example.com"); }

accounts::Account person(const std::string& role, std::optional<std::string> course = std::nullopt) {
  static std::atomic<int> n{0};
  return accounts::AccountService(dbtest::pool())
      .create({"ev-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role, course,
               "イベント参加者" + std::to_string(n.load()), "pass-word-123"});
}

const accounts::Account& admin() {
  static const auto a = person("admin");
  return a;
}

Event published_event(int capacity, const std::string& date = "2026-12-05") {
  EventInput in;
  in.title = "Rails もくもく会";
  in.capacity = std::to_string(capacity);
  in.start_date = date;
  in.start_at = "19:00";
  in.end_at = "21:00";
  in.meeting_url = std::optional<std::string>("https://meet.example.com/rails");
  auto s = service();
  const auto e = s.create_event(admin(), in);
  return s.publish(admin(), e.id);
}

// Publishing, moving up and cancelling are domain events: their mails are queued once the
// dispatcher (every daemon runs one) has taken them.
std::vector<mail::Mail> mails_to(const std::string& address, const std::string& template_name) {
  notifications::dispatch_pending(dbtest::pool(), {links(), "https://camp.example.com"}, 100000);
  return dbtest::pool().transaction([&](db::Tx& tx) {
    std::vector<mail::Mail> out;
    for (auto& m : mail::list(tx, std::nullopt, 100000))
      if (m.to == address && m.template_name == template_name) out.push_back(std::move(m));
    return out;
  });
}

}  // namespace

TEST(EventsDb, FiftyConcurrentJoinsForTenSeats) {
  const auto e = published_event(10);
  std::vector<accounts::Account> students;
  for (int i = 0; i < 50; ++i) students.push_back(person("student", "rails_4m"));
  db::Pool wide(dbtest::database_url(), 50);
  auto s = service(wide);
  std::vector<JoinResult> results(50);
  std::vector<std::thread> threads;
  std::atomic<bool> go{false};
  for (int i = 0; i < 50; ++i)
    threads.emplace_back([&, i] {
      while (!go.load()) std::this_thread::yield();
      results[i] = s.join(students[i], e.id);
    });
  go = true;
  for (auto& t : threads) t.join();

  int participants = 0;
  std::set<int> positions;
  for (const auto& r : results) {
    EXPECT_TRUE(r.created);
    if (r.event.my_participation == "participant") ++participants;
    else positions.insert(r.event.waitlist_position.value_or(0));
  }
  EXPECT_EQ(participants, 10);
  EXPECT_EQ(positions.size(), 40u);
  EXPECT_EQ(*positions.begin(), 1);
  EXPECT_EQ(*positions.rbegin(), 40);

  const auto after = s.get(admin(), e.id);
  EXPECT_EQ(after.participants_count, 10);
  EXPECT_EQ(after.waitlist_count, 40);
  // The list is in arrival order: each waitlisted account's position is the one its join got.
  const auto rows = s.participants(admin(), e.id);
  ASSERT_EQ(rows.size(), 50u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].status, i < 10 ? "participant" : "waitlisted");
    EXPECT_EQ(rows[i].position, static_cast<int>(i < 10 ? i + 1 : i - 9));
    if (i > 0) {
      EXPECT_LE(rows[i - 1].joined_at, rows[i].joined_at);
    }
  }
  for (int i = 0; i < 50; ++i) {
    if (results[i].event.my_participation != "waitlisted") continue;
    for (const auto& r : rows) {
      if (r.account_id == students[i].id) {
        EXPECT_EQ(r.position, *results[i].event.waitlist_position);
      }
    }
  }
}

TEST(EventsDb, LeavingMovesExactlyOneUpAndTellsThem) {
  const auto e = published_event(2);
  const auto a = person("student", "rails_4m"), b = person("graduate", "rails_5m"), c = person("student", "rails_4m"),
             d = person("student", "rails_4m");
  auto s = service();
  for (const auto* who : {&a, &b, &c, &d}) s.join(*who, e.id);
  EXPECT_EQ(s.join(c, e.id).created, false);  // twice: the same answer
  EXPECT_EQ(s.get(c, e.id).waitlist_position, 1);
  EXPECT_EQ(s.get(d, e.id).waitlist_position, 2);
  EXPECT_FALSE(s.get(c, e.id).meeting_url);

  const auto left = s.leave(a, e.id);
  EXPECT_FALSE(left.my_participation);
  EXPECT_EQ(left.participants_count, 2);
  EXPECT_EQ(left.waitlist_count, 1);
  const auto moved = s.get(c, e.id);
  EXPECT_EQ(moved.my_participation, "participant");
  EXPECT_EQ(moved.meeting_url, "https://meet.example.com/rails");
  EXPECT_EQ(s.get(d, e.id).waitlist_position, 1);
  EXPECT_EQ(mails_to(c.email, "event_moved_up").size(), 1u);
  EXPECT_TRUE(mails_to(d.email, "event_moved_up").empty());

  // A waitlisted account leaving moves nobody.
  s.leave(d, e.id);
  const auto now = s.get(admin(), e.id);
  EXPECT_EQ(now.participants_count, 2);
  EXPECT_EQ(now.waitlist_count, 0);
}

TEST(EventsDb, CapacityBelowParticipantsIsRefused) {
  const auto e = published_event(3);
  auto s = service();
  for (int i = 0; i < 3; ++i) s.join(person("student", "rails_4m"), e.id);
  EventInput lower;
  lower.capacity = "2";
  try {
    s.update_event(admin(), e.id, lower);
    FAIL() << "no error";
  } catch (const Error& err) {
    EXPECT_EQ(err.code(), errc::invalid);
    EXPECT_EQ(err.fields().at("capacity"), std::vector<std::string>{"3名(現在の参加人数)以上で設定してください"});
  }
  lower.capacity = "3";
  EXPECT_EQ(s.update_event(admin(), e.id, lower).capacity, 3);
}

TEST(EventsDb, MoreSeatsMoveTheWaitlistUp) {
  const auto e = published_event(1);
  const auto a = person("student", "rails_4m"), b = person("student", "rails_4m"), c = person("student", "rails_4m");
  auto s = service();
  for (const auto* who : {&a, &b, &c}) s.join(*who, e.id);
  EventInput more;
  more.capacity = "2";
  const auto after = s.update_event(admin(), e.id, more);
  EXPECT_EQ(after.participants_count, 2);
  EXPECT_EQ(after.waitlist_count, 1);
  EXPECT_EQ(s.get(b, e.id).my_participation, "participant");
  EXPECT_EQ(s.get(c, e.id).waitlist_position, 1);
}

TEST(EventsDb, PublishQueuesMailOnlyForThoseWhoWantEvents) {
  // Other tests' events first: an audience is decided when its event is dispatched.
  notifications::dispatch_pending(dbtest::pool(), {links(), "https://camp.example.com"}, 100000);
  const auto wants = person("student", "rails_4m"), graduate = person("graduate", "rails_4m");
  const auto opted_out = person("student", "rails_5m"), u29 = person("student", "u29");
  const auto mentor = person("advanced_mentor"), trial = person("trial");
  dbtest::pool().transaction([&](db::Tx& tx) { mail::repo::unsubscribe(tx, opted_out.id, mail::Topic::events); });
  const auto e = published_event(5);
  ASSERT_EQ(mails_to(wants.email, "event_published").size(), 1u);
  const auto m = mails_to(wants.email, "event_published")[0];
  EXPECT_TRUE(m.bulk);
  EXPECT_EQ(m.unsubscribe_url, links().one_click_url(wants.id, mail::Topic::events));
  EXPECT_EQ(m.links.at("unsubscribe_url"), links().page_url(wants.id, mail::Topic::events));
  EXPECT_NE(m.text_body.find("https://camp.example.com/events"), std::string::npos);
  EXPECT_NE(m.text_body.find("12月5日(土) 19:00〜21:00"), std::string::npos);
  EXPECT_EQ(mails_to(graduate.email, "event_published").size(), 1u);
  for (const auto* nobody : {&opted_out, &u29, &mentor, &trial, &admin()})
    EXPECT_TRUE(mails_to(nobody->email, "event_published").empty()) << nobody->email;
  // Idempotent: publishing again queues nothing.
  service().publish(admin(), e.id);
  EXPECT_EQ(mails_to(wants.email, "event_published").size(), 2u - 1u);
}

// The publish confirmation's figure: exactly the people the publish then mails.
TEST(EventsDb, PublishAudienceIsWhoThePublishMails) {
  const auto opted_out = person("student", "rails_5m");
  person("student", "u29");
  dbtest::pool().transaction([&](db::Tx& tx) { mail::repo::unsubscribe(tx, opted_out.id, mail::Topic::events); });
  const auto count_mails = [] {
    notifications::dispatch_pending(dbtest::pool(), {links(), "https://camp.example.com"}, 100000);
    return dbtest::pool().transaction([](db::Tx& tx) {
      const auto all = mail::list(tx, std::nullopt, 1000000);
      return std::count_if(all.begin(), all.end(), [](const mail::Mail& m) { return m.template_name == "event_published"; });
    });
  };
  const auto audience = service().publish_audience(admin());
  const auto before = count_mails();
  published_event(5);
  EXPECT_EQ(static_cast<std::size_t>(count_mails() - before), audience);
  EXPECT_GE(audience, 1u);
  const auto student = person("student", "rails_4m");
  EXPECT_EQ(service().publish_audience(admin()), audience + 1);  // one more who wants the mail
  EXPECT_THROW(service().publish_audience(student), Error);        // students: 403
}

TEST(EventsDb, RemindersGoOnceEvenFromTwoDaemons) {
  const auto e = published_event(5, "2026-12-20");
  const auto a = person("student", "rails_4m"), w = person("student", "rails_4m");
  auto s = service();
  s.join(a, e.id);
  EventInput one;
  one.capacity = "1";
  s.update_event(admin(), e.id, one);
  s.join(w, e.id);  // waitlisted: no reminder
  const Date day{std::chrono::year(2026), std::chrono::month(12), std::chrono::day(19)};
  std::atomic<int> claimed{0};
  std::thread t1([&] { claimed += s.remind(day); }), t2([&] { claimed += service().remind(day); });
  t1.join();
  t2.join();
  EXPECT_GE(claimed.load(), 1);
  EXPECT_EQ(s.remind(day), 0);
  EXPECT_EQ(mails_to(a.email, "event_reminder").size(), 1u);
  EXPECT_TRUE(mails_to(w.email, "event_reminder").empty());
  // The day before that is not this event's day before.
  EXPECT_EQ(s.remind(Date{std::chrono::year(2026), std::chrono::month(12), std::chrono::day(18)}), 0);
}

// An event whose title cannot go into a subject (stored before titles were one line) fails its
// own mails, visibly, and nothing else: the other event of that day is reminded as usual.
TEST(EventsDb, AnUnrenderableReminderFailsAloneWhileTheOthersGoOut) {
  const auto good = published_event(5, "2026-12-23"), bad = published_event(5, "2026-12-23");
  const auto a = person("student", "rails_4m"), b = person("graduate", "rails_4m");
  auto s = service();
  for (const auto* who : {&a, &b}) {
    s.join(*who, good.id);
    s.join(*who, bad.id);
  }
  dbtest::pool().transaction([&](db::Tx& tx) {
    tx.exec(db::Statement{"test.events_legacy_title", "UPDATE events SET title = $2 WHERE id = $1"}, bad.id,
            std::string("二行の\nタイトル"));
  });
  const Date day{std::chrono::year(2026), std::chrono::month(12), std::chrono::day(22)};
  EXPECT_EQ(s.remind(day), 2);
  EXPECT_EQ(s.remind(day), 0);  // claimed once: the housekeeping timer does not fail again every 5 minutes
  for (const auto* who : {&a, &b}) {
    const auto mails = mails_to(who->email, "event_reminder");
    ASSERT_EQ(mails.size(), 2u) << who->email;
    int queued = 0, failed = 0;
    for (const auto& m : mails) {
      if (m.status == mail::Status::queued) {
        ++queued;
        EXPECT_NE(m.subject.find("Rails もくもく会"), std::string::npos) << m.subject;
      } else {
        ++failed;
        EXPECT_EQ(m.status, mail::Status::failed);
        EXPECT_EQ(m.last_error, msg::mail_subject_not_one_line("event_reminder", "{{title}}"));
      }
    }
    EXPECT_EQ(queued, 1) << who->email;
    EXPECT_EQ(failed, 1) << who->email;
  }
  // Cancelling it still works (no 422 with a template's English): its mails fail the same way.
  EXPECT_EQ(s.cancel_event(admin(), bad.id).status, "cancelled");
  const auto cancelled = mails_to(a.email, "event_cancelled");
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].status, mail::Status::failed);
  EXPECT_NE(cancelled[0].subject.find("二行の\nタイトル"), std::string::npos);  // shown as it was, for the operator
}

TEST(EventsDb, ATitleMustBeOneLine) {
  EventInput in;
  in.title = "勉強会\r\nBcc: someone@example.com";
  in.capacity = "5";
  in.start_date = "2026-12-05";
  in.start_at = "19:00";
  in.end_at = "21:00";
  try {
    service().create_event(admin(), in);
    ADD_FAILURE() << "created";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::invalid);
    EXPECT_EQ(e.fields().at("title"), std::vector<std::string>{std::string(msg::title_one_line)});
  }
}

TEST(EventsDb, ClosedToMentorsTrialAndU29) {
  const auto e = published_event(5);
  auto s = service();
  for (const auto& who : {person("basic_mentor"), person("trial"), person("student", "u29")}) {
    EXPECT_EQ(code_of([&] { s.get(who, e.id); }), errc::not_found);
    EXPECT_EQ(code_of([&] { s.join(who, e.id); }), errc::not_found);
    EXPECT_EQ(code_of([&] { s.unread_count(who); }), errc::not_found);
  }
}

TEST(EventsDb, UnreadCountFallsToZeroAfterTheList) {
  const auto student = person("student", "rails_4m");
  auto s = service();
  published_event(5);
  EXPECT_GE(s.unread_count(student), 1);
  s.list(student, {});
  EXPECT_EQ(s.unread_count(student), 0);
  published_event(5);
  EXPECT_EQ(s.unread_count(student), 1);
}

// A visit to the list once everything is seen takes no transaction id: the seen mark is not
// rewritten, and its row is not even locked (a lock is a write, flushed at commit).
TEST(EventsDb, AVisitWithNothingNewWritesNothing) {
  const auto student = person("student", "rails_4m");
  auto s = service();
  published_event(5);
  s.list(student, {});
  const auto row_version = [&] {
    return dbtest::pool().autocommit([&](db::Tx& tx) {
      return tx.exec(db::Statement{"test.read_mark", "SELECT xmin::text || '/' || xmax::text || '/' || seen_seq "
                                                     "FROM event_reads WHERE account_id = $1"},
                     student.id)[0][0].as<std::string>();
    });
  };
  const auto first = row_version();
  EXPECT_NE(first.find("/0/"), std::string::npos) << "xmin/xmax/seen_seq: " << first;
  s.list(student, {});
  s.list(student, {});
  EXPECT_EQ(row_version(), first) << "neither rewritten nor locked";
  published_event(5);
  s.list(student, {});
  EXPECT_NE(row_version(), first);
  EXPECT_EQ(s.unread_count(student), 0);
}

// docs/events.md "Calendar": whatever ends every session of an account (camp sessions revoke,
// an e-mail change, a password reset) drops its feed token in the same statement; the next
// feed URL asked for is a new one that works.
TEST(EventsDb, EndingEverySessionEndsTheFeed) {
  const auto a = person("student", "rails_4m");
  auto s = service();
  const auto token_of = [](const std::string& url) { return url.substr(url.rfind('/') + 1, 43); };
  const auto live = [&](const std::string& url) { return s.calendar(token_of(url)).has_value(); };

  const auto first = s.calendar_url(a);
  ASSERT_TRUE(live(first));
  accounts::SessionService sessions(dbtest::pool(), accounts::TokenSigner(std::string(40, 's')), RateLimits{}, 30);
  sessions.revoke_all(a.id);
  EXPECT_FALSE(live(first)) << "camp sessions revoke";

  const auto second = s.calendar_url(a);
  EXPECT_NE(second, first);
  ASSERT_TRUE(live(second));
  accounts::AccountService accounts(dbtest::pool());
  accounts::ProfilePatch patch;
  patch.email = "moved-" + a.email;
  patch.current_password = "pass-word-123";
  accounts.update_profile(admin(), a.id, patch, {[](const std::string&) {}, "an admin's own session"});
  EXPECT_FALSE(live(second)) << "an e-mail change by an admin";

  const auto third = s.calendar_url(a);
  ASSERT_TRUE(live(third));
  RateLimits roomy;
  roomy.password_resets_per_email = 100;
  roomy.password_resets_per_address = 1000;
  accounts::PasswordResetService resets(dbtest::pool(), school_clock(), roomy, "https://camp.example.com");
  resets.request({*patch.email, "192.0.2.90"});
  const auto link = dbtest::pool().autocommit([&](db::Tx& tx) {
    return tx.exec(db::Statement{"test.reset_link", "SELECT links->>'url' FROM mail_outbox WHERE to_address = $1 "
                                                    "AND template = 'password_reset' ORDER BY id DESC LIMIT 1"},
                   *patch.email)[0][0].as<std::string>();
  });
  const auto token = link.substr(link.find("/reset-password/") + 16, 43);
  resets.reset(token, {"new-pass-456", "new-pass-456"});
  EXPECT_FALSE(live(third)) << "a password reset";
  EXPECT_TRUE(live(s.calendar_url(a)));
}

TEST(EventsDb, CancelNotifiesAndFeedShowsIt) {
  const auto e = published_event(1);
  const auto a = person("student", "rails_4m"), w = person("student", "rails_4m");
  auto s = service();
  s.join(a, e.id);
  s.join(w, e.id);
  const auto url = s.calendar_url(a);
  EXPECT_EQ(s.calendar_url(a), url);
  EXPECT_EQ(s.cancel_event(admin(), e.id).status, "cancelled");
  EXPECT_EQ(mails_to(a.email, "event_cancelled").size(), 1u);
  EXPECT_EQ(mails_to(w.email, "event_cancelled").size(), 1u);
  const auto token = url.substr(url.rfind('/') + 1, 43);
  const auto ics = s.calendar(token);
  ASSERT_TRUE(ics);
  EXPECT_NE(ics->find("UID:event-" + std::to_string(e.id) + "@camp.example.com"), std::string::npos);
  EXPECT_NE(ics->find("STATUS:CANCELLED"), std::string::npos);
  const auto fresh = s.reset_calendar(a);
  EXPECT_NE(fresh, url);
  EXPECT_FALSE(s.calendar(token));
  EXPECT_FALSE(s.calendar("short"));
  EXPECT_EQ(code_of([&] { s.join(person("student", "rails_4m"), e.id); }), errc::invalid);
}
