// Students against PostgreSQL (lib/students): the record follows the account, due_on follows
// submissions (behind schedule in SQL), the mentor in charge and its history, mentoring
// records, who sees what, the dashboard and my page, and the CSV import (all or nothing,
// 10,000 rows, Shift_JIS).
#include <gtest/gtest.h>
#include <iconv.h>

#include <atomic>
#include <functional>

#include "accounts/invitations.hpp"
#include "accounts/service.hpp"
#include "core/text.hpp"
#include "environment.hpp"
#include "milestones/service.hpp"
#include "reviews/service.hpp"
#include "students/dashboard.hpp"
#include "students/import.hpp"
#include "students/service.hpp"

namespace camp::students {
namespace {

using accounts::Account;

std::string unique(const std::string& what) {
  static std::atomic<int> n{0};
  return "st-" + what + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
}

long long scalar(const std::string& sql, const std::string& param = "") {
  return dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    const auto r = param.empty() ? tx.exec(sql) : tx.exec_params(sql, param);
    return r[0][0].is_null() ? -1LL : r[0][0].as<long long>();
  });
}

void exec(const std::string& sql) {
  dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    tx.exec(sql);
  });
}

// The tasks the plans name (the curriculum import is not part of these tests).
void ensure_tasks() {
  exec("INSERT INTO curriculums (name, title, position) VALUES ('st-plan', '計画の課題', 99) ON CONFLICT DO NOTHING");
  exec("INSERT INTO tasks (id, curriculum_name, title, position, review_level) "
       "SELECT i, 'st-plan', '課題' || i, i, 'basic' FROM unnest(ARRAY[3,9,10,13,14,18,19,20,21,22]) i "
       "ON CONFLICT DO NOTHING");
}

struct Fixture : ::testing::Test {
  // 2026-12-01 12:00 Tokyo.
  FixedClock clock{TimePoint{std::chrono::seconds(1796094000)}};
  accounts::AccountService accounts{dbtest::pool()};
  StudentService service{dbtest::pool(), clock};
  DashboardService dashboards{dbtest::pool(), clock};
  accounts::InvitationService invitations{dbtest::pool(), clock, "https://camp.example.jp"};
  StudentImport importer{dbtest::pool(), invitations};

  static void SetUpTestSuite() {
    ensure_tasks();
    StudentService(dbtest::pool(), system_clock()).sync_plans();
  }

  Account person(const std::string& role, std::optional<std::string> course = std::nullopt) {
    return accounts.create({unique(role), role, course, "受講 太郎", "pass-word-123"});
  }
  const Account& admin() {
    static const Account a = person("admin");
    return a;
  }
  const Account& mentor() {
    static const Account a = person("advanced_mentor");
    return a;
  }
  Student record_of(const Account& a) {
    return service.find(admin(), a.email).student;
  }
  void submit(const Account& a, int task, const std::string& status, const std::string& at) {
    exec("INSERT INTO submissions (task_id, account_id, repository_url, status, created_at, reviewed_at) VALUES (" +
         std::to_string(task) + ", " + std::to_string(a.id) + ", 'https://github.com/x/y', '" + status + "', '" + at +
         "+09', " + (status == "waiting" ? std::string("NULL") : "'" + at + "+09'") + ")");
  }
};

TEST_F(Fixture, AStudentAccountGetsARecordAndDueOnFollowsSubmissions) {
  const auto a = person("student", "u29");
  exec("UPDATE students SET start_date = '2026-11-01' WHERE account_id = " + std::to_string(a.id));
  auto s = record_of(a);
  EXPECT_EQ(s.course.code, "u29");
  EXPECT_EQ(s.status, "active");
  EXPECT_EQ(format_date(*s.due_on), "2026-11-12");  // task 3 over days 1-12
  EXPECT_TRUE(is_behind(s, clock.today()));

  // A submission waiting for review: an approval period is still open.
  submit(a, 3, "waiting", "2026-11-05 10:00");
  EXPECT_EQ(format_date(*record_of(a).due_on), "2026-11-12");
  // Approved: the next period (task 9, days 13-24) decides.
  exec("UPDATE submissions SET status = 'approved', reviewed_at = '2026-11-06 10:00+09' WHERE account_id = " +
       std::to_string(a.id));
  s = record_of(a);
  EXPECT_EQ(format_date(*s.due_on), "2026-11-24");
  EXPECT_TRUE(is_behind(s, clock.today()));  // 2026-12-01 > 11-24

  // The Gantt chart agrees with the SQL.
  const auto g = service.gantt(admin(), s.id);
  EXPECT_TRUE(behind(g.periods));
  EXPECT_EQ(g.periods[0].state, PeriodState::done);
  EXPECT_EQ(g.periods[1].state, PeriodState::behind);
  EXPECT_EQ(g.task_titles.at(3), "課題3");

  // On leave: never behind, not in the behind list.
  service.update(admin(), s.id, {std::nullopt, std::nullopt, std::nullopt, std::string("on_leave")});
  ListParams p;
  p.behind = true;
  p.per = 100;
  p.q = a.email;
  EXPECT_EQ(service.list(admin(), p).total, 0);
  p.behind = false;
  EXPECT_EQ(service.list(admin(), p).total, 1);
  EXPECT_FALSE(behind(service.gantt(admin(), s.id).periods));
}

// due_on depends on a submission's status, task and owner; a claim for review or a comment's
// count changes none of them and must leave the student's row as it is (no rewrite of every
// index of students on the mentors' busiest write), while a move to another owner recomputes both.
TEST_F(Fixture, OnlyWritesThatCanMoveDueOnRewriteTheStudent) {
  const auto a = person("student", "u29");
  const auto b = person("student", "u29");
  for (const auto& who : {a, b})
    exec("UPDATE students SET start_date = '2026-11-01' WHERE account_id = " + std::to_string(who.id));
  submit(a, 3, "waiting", "2026-11-05 10:00");
  const auto row_version = [](const Account& who) {
    return scalar("SELECT xmin::text::bigint FROM students WHERE account_id = $1", std::to_string(who.id));
  };
  const auto before = row_version(a);
  exec("UPDATE submissions SET claimed_by = " + std::to_string(mentor().id) + ", claimed_at = now() WHERE account_id = " +
       std::to_string(a.id));
  EXPECT_EQ(row_version(a), before) << "a claim rewrote the student's row";
  // A status that does not move due_on (still waiting for an approval of task 3) leaves it too.
  exec("UPDATE submissions SET status = 'changes_requested', reviewed_at = now() WHERE account_id = " + std::to_string(a.id));
  EXPECT_EQ(format_date(*record_of(a).due_on), "2026-11-12");
  EXPECT_EQ(row_version(a), before);

  // Approved: due_on moves on to the next period.
  exec("UPDATE submissions SET status = 'approved' WHERE account_id = " + std::to_string(a.id));
  EXPECT_EQ(format_date(*record_of(a).due_on), "2026-11-24");
  // The approved submission moves to b: a's period is open again, b's is done.
  exec("UPDATE submissions SET account_id = " + std::to_string(b.id) + " WHERE account_id = " + std::to_string(a.id));
  EXPECT_EQ(format_date(*record_of(a).due_on), "2026-11-12");
  EXPECT_EQ(format_date(*record_of(b).due_on), "2026-11-24");
}

TEST_F(Fixture, EverySortKeyAndDirectionPagesInOrderWithTheTotal) {
  // Five students of one mentor of their own; start dates with a tie, so the id decides there.
  const auto m = person("basic_mentor");
  std::vector<Student> five;
  const char* starts[] = {"2026-04-01", "2026-02-01", "2026-04-01", "2026-01-15", "2026-03-01"};
  const char* names[] = {"い", "あ", "お", "え", "う"};
  for (int i = 0; i < 5; ++i) {
    const auto a = person("student", "rails_4m");
    exec("UPDATE students SET mentor_id = " + std::to_string(m.id) + ", start_date = '" + starts[i] + "', name = '" +
         names[i] + "' WHERE account_id = " + std::to_string(a.id));
    five.push_back(record_of(a));
  }
  const std::vector<std::pair<std::string, std::function<std::string(const Student&)>>> keys{
      {"start_date", [](const Student& s) { return format_date(s.start_date); }},
      {"name", [](const Student& s) { return s.name; }},
      {"email", [](const Student& s) { return text::lower_ascii(s.email); }},
      {"due_on", [](const Student& s) { return s.due_on ? format_date(*s.due_on) : std::string(); }},
      {"created_at", [](const Student& s) { return std::to_string(s.created_at.time_since_epoch().count()); }}};
  for (const auto& [key, value] : keys)
    for (const std::string order : {"asc", "desc"}) {
      auto expected = five;
      std::stable_sort(expected.begin(), expected.end(), [&](const Student& x, const Student& y) {
        const auto vx = value(x), vy = value(y);
        if (vx.empty() != vy.empty()) return vy.empty();  // no due date: last either way (NULLS LAST)
        if (vx != vy) return order == "asc" ? vx < vy : vx > vy;
        return order == "asc" ? x.id < y.id : x.id > y.id;
      });
      std::vector<std::int64_t> want, got;
      for (const auto& s : expected) want.push_back(s.id);
      for (int page = 1; page <= 3; ++page) {
        ListParams p;
        p.mentor_id = m.id;
        p.sort = key;
        p.order = order;
        p.per = 2;
        p.page = page;
        const auto result = service.list(admin(), p);
        EXPECT_EQ(result.total, 5) << key << " " << order << " page " << page;
        for (const auto& s : result.items) got.push_back(s.id);
      }
      EXPECT_EQ(got, want) << key << " " << order;
    }
  ListParams beyond;  // a page past the end is empty and still knows the total
  beyond.mentor_id = m.id;
  beyond.page = 9;
  const auto empty = service.list(admin(), beyond);
  EXPECT_TRUE(empty.items.empty());
  EXPECT_EQ(empty.total, 5);
}

TEST_F(Fixture, APeriodEndingTodayIsNotBehindInSqlEither) {
  const auto a = person("student", "rails_4m");
  // Task 13 over days 1-14: started 13 days before today, the period ends today.
  exec("UPDATE students SET start_date = '2026-11-18' WHERE account_id = " + std::to_string(a.id));
  ListParams p;
  p.q = a.email;
  p.behind = true;
  EXPECT_EQ(service.list(admin(), p).total, 0);
  clock.advance(std::chrono::hours(24));
  EXPECT_EQ(service.list(admin(), p).total, 1);
}

TEST_F(Fixture, MentorInChargeIsTheAdminsWithHistory) {
  const auto a = person("student", "rails_5m");
  const auto id = record_of(a).id;
  try {
    service.assign_mentor(admin(), id, std::nullopt);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::invalid);
    EXPECT_EQ(e.fields().at("mentor_id").at(0), "担当は必須です");
  }
  EXPECT_EQ(dbtest::code_of([&] { service.assign_mentor(admin(), id, a.id); }), errc::invalid);  // a student
  EXPECT_EQ(dbtest::code_of([&] { service.assign_mentor(mentor(), id, mentor().id); }), errc::forbidden);
  EXPECT_EQ(dbtest::code_of([&] { service.assign_mentor(a, id, mentor().id); }), errc::not_found);
  auto d = service.assign_mentor(admin(), id, mentor().id);
  EXPECT_EQ(d.student.mentor->id, mentor().id);
  d = service.assign_mentor(admin(), id, admin().id);
  ASSERT_EQ(d.history.size(), 2u);
  EXPECT_EQ(d.history[0].mentor->id, admin().id);  // newest first
  EXPECT_EQ(d.history[0].changed_by->id, admin().id);
  EXPECT_EQ(d.history[1].mentor->id, mentor().id);
  // The same mentor again changes nothing.
  EXPECT_EQ(service.assign_mentor(admin(), id, admin().id).history.size(), 2u);
  // The CLI: by e-mail, as the system actor (recorded as no one).
  d = service.assign_mentor(Account::system(), a.email, mentor().email);
  EXPECT_EQ(d.student.mentor->id, mentor().id);
  EXPECT_FALSE(d.history[0].changed_by.has_value());
}

TEST_F(Fixture, WhoSeesWhat) {
  const auto a = person("student", "rails_4m");
  const auto b = person("student", "rails_4m");
  const auto id = record_of(a).id;
  EXPECT_EQ(service.get(a, id).student.id, id);           // themself
  EXPECT_EQ(service.get(mentor(), id).student.id, id);    // mentors
  EXPECT_EQ(dbtest::code_of([&] { service.get(b, id); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { service.list(a, {}); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { service.mentorings(a, id); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { service.get(person("graduate", "rails_4m"), id); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { service.get(person("trial"), id); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { dashboards.dashboard(mentor()); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { dashboards.mypage(mentor()); }), errc::not_found);
}

TEST_F(Fixture, MentoringRecords) {
  const auto a = person("student", "rails_4m");
  const auto id = record_of(a).id;
  try {
    service.add_mentoring(mentor(), id, {std::string("2026-11"), std::string(" ")});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.fields().at("held_at").at(0), "メンタリング日時が不正なフォーマットです");
    EXPECT_EQ(e.fields().at("body").at(0), "内容は必須です");
  }
  const auto first = service.add_mentoring(mentor(), id, {std::string("2026-11-20 19:00"), std::string("転職活動の相談")});
  const auto second = service.add_mentoring(admin(), id, {std::string("2026-11-27 19:00"), std::string("課題の進め方")});
  auto list = service.mentorings(mentor(), id);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].id, second.id);  // newest held_at first
  EXPECT_EQ(iso_school(list[1].held_at), "2026-11-20T19:00:00+09:00");
  // The author or an admin edits; another mentor may not.
  const auto other = person("basic_mentor");
  EXPECT_EQ(dbtest::code_of([&] { service.edit_mentoring(other, id, first.id, {std::nullopt, std::string("x")}); }),
            errc::forbidden);
  EXPECT_EQ(service.edit_mentoring(mentor(), id, first.id, {std::nullopt, std::string("書き直し")}).body, "書き直し");
  EXPECT_EQ(dbtest::code_of([&] { service.delete_mentoring(other, id, second.id); }), errc::forbidden);
  service.delete_mentoring(admin(), id, second.id);
  EXPECT_EQ(service.mentorings(admin(), id).size(), 1u);
  // Another student's record does not hold this mentoring.
  const auto b = record_of(person("student", "rails_4m")).id;
  EXPECT_EQ(dbtest::code_of([&] { service.delete_mentoring(admin(), b, first.id); }), errc::not_found);
}

TEST_F(Fixture, DashboardAndMyPage) {
  const auto a = person("student", "rails_5m");
  exec("UPDATE students SET start_date = '2026-11-10' WHERE account_id = " + std::to_string(a.id));
  submit(a, 3, "waiting", "2026-11-30 10:00");
  const auto d = dashboards.dashboard(admin());
  EXPECT_EQ(d["today"], "2026-12-01");
  EXPECT_GE(d["waiting_submissions"]["count"].get<int>(), 1);
  EXPECT_GE(d["waiting_submissions"]["buckets"][1]["count"].get<int>(), 1);  // within 3 days
  EXPECT_EQ(d["active_by_course"].size(), 3u);
  EXPECT_EQ(d["new_students_this_month"]["link"], "/students?started_from=2026-12-01&started_to=2026-12-31");
  const auto m = dashboards.mypage(a);
  EXPECT_EQ(m["student"]["email"], a.email);
  EXPECT_EQ(m["gantt"]["periods"].size(), 13u);
  EXPECT_EQ(m["next_task"]["task_id"], 3);
  EXPECT_EQ(m["next_task"]["state"], "behind");  // days 1-14 from 11-10 ended on 11-23, not approved
}

TEST_F(Fixture, EachWaitingAgeBucketIsTheQueueItsLinkOpens) {
  // Waiting submissions 0 h, 23 h, 25 h, 71 h, 73 h, 167 h, 169 h and 40 days old (the fixture's clock).
  const auto a = person("student", "rails_4m");
  for (const auto& [task, at] : std::vector<std::pair<int, std::string>>{{13, "2026-12-01 12:00"},
                                                                         {14, "2026-11-30 13:00"},
                                                                         {18, "2026-11-30 11:00"},
                                                                         {19, "2026-11-28 13:00"},
                                                                         {20, "2026-11-28 11:00"},
                                                                         {21, "2026-11-24 13:00"},
                                                                         {22, "2026-11-24 11:00"},
                                                                         {3, "2026-10-22 12:00"}})
    submit(a, task, "waiting", at);
  milestones::MilestoneService milestones{dbtest::pool()};
  reviews::ReviewService reviews{dbtest::pool(), milestones, clock};
  const auto d = dashboards.dashboard(admin());
  std::int64_t sum = 0;
  for (const auto& b : d["waiting_submissions"]["buckets"]) {
    // The link's query is the queue's: age -> older_than_days, age_below -> newer_than_days.
    const std::string link = b["link"];
    reviews::QueueParams q;
    const auto number_after = [&](const std::string& key) -> std::optional<std::int64_t> {
      const auto at = link.find(key + "=");
      if (at == std::string::npos) return std::nullopt;
      return std::stoll(link.substr(at + key.size() + 1));
    };
    q.older_than_days = number_after("?age");
    q.newer_than_days = number_after("age_below");
    EXPECT_EQ(q.older_than_days.value_or(0), b["from_days"].get<int>()) << link;
    EXPECT_EQ(reviews.queue(admin(), q).total, b["count"].get<std::int64_t>()) << link;
    sum += b["count"].get<std::int64_t>();
  }
  EXPECT_EQ(sum, d["waiting_submissions"]["count"].get<std::int64_t>());
  EXPECT_EQ(d["waiting_submissions"]["buckets"][1]["link"], "/reviews?age=1&age_below=3");
  EXPECT_EQ(d["waiting_submissions"]["buckets"][3]["link"], "/reviews?age=7");
}

// A submission and, when reviewed, its review (by the admin), at school times.
void work(const Account& student, const Account& reviewer, int task, const std::string& at,
          const std::string& status = "waiting", const std::string& reviewed_at = "") {
  exec("WITH s AS (INSERT INTO submissions (task_id, account_id, repository_url, status, created_at, reviewed_at) "
       "VALUES (" + std::to_string(task) + ", " + std::to_string(student.id) + ", 'https://github.com/x/y', '" + status +
       "', '" + at + "+09', " + (reviewed_at.empty() ? std::string("NULL") : "'" + reviewed_at + "+09'") +
       ") RETURNING id, status, reviewed_at) "
       "INSERT INTO reviews (submission_id, account_id, status, comment, created_at) "
       "SELECT s.id, " + std::to_string(reviewer.id) + ", s.status, 'ok', s.reviewed_at FROM s WHERE s.reviewed_at IS NOT NULL");
}

TEST_F(Fixture, WeeklyTrendsOnACraftedSchool) {
  // Wednesday 2030-03-13 12:00 Tokyo: four weeks from Monday 02-18; nothing else in the
  // database happened then. Weeks end (for "behind") on 02-24, 03-03, 03-10 and today 03-13.
  FixedClock later{TimePoint{std::chrono::seconds(1899601200)}};
  ASSERT_EQ(iso_school(later.now()), "2030-03-13T12:00:00+09:00");
  DashboardService trends_of{dbtest::pool(), later};
  const auto before = trends_of.trends(admin(), 4)["data"];
  const auto start = [&](const Account& s, const char* day, const char* status = "active") {
    exec("UPDATE students SET start_date = '" + std::string(day) + "', status = '" + status + "' WHERE account_id = " +
         std::to_string(s.id));
  };
  const auto& r = admin();
  // A (u29, from 02-01; task 3 due 02-12, task 9 due 02-24): task 3 approved late, on 02-27 (a
  // 168-hour wait); task 9 never. Behind every week.
  const auto a = person("student", "u29");
  start(a, "2030-02-01");
  work(a, r, 3, "2030-02-20 10:00", "approved", "2030-02-27 10:00");
  // B (u29, from 02-01): task 3 on time; task 9 approved on 03-04 (6 h), after its end (02-24):
  // behind at 03-03; task 10 (due 03-08) sent back (2 h) and resubmitted: behind from 03-09.
  const auto b = person("student", "u29");
  start(b, "2030-02-01");
  work(b, r, 3, "2030-02-05 10:00", "approved", "2030-02-06 10:00");
  work(b, r, 9, "2030-03-04 10:00", "approved", "2030-03-04 16:00");
  work(b, r, 10, "2030-03-05 09:00", "changes_requested", "2030-03-05 11:00");
  work(b, r, 10, "2030-03-12 10:00");
  // C (rails_4m, from 2029-12-20; first submission of task 20 due 03-02, its approval due 03-09):
  // the first submission came on 03-05: behind at 03-03, and from 03-10 on for the approval.
  const auto c = person("student", "rails_4m");
  start(c, "2029-12-20");
  for (const int task : {13, 14, 18, 19}) work(c, r, task, "2030-01-10 10:00", "approved", "2030-01-10 12:00");
  work(c, r, 20, "2030-03-05 10:00");
  // D (on leave, never behind): submissions either side of the first Monday's midnight in
  // Tokyo (both on Sunday 02-17 in UTC): only the second is in the first week.
  const auto d = person("student", "u29");
  start(d, "2030-02-01", "on_leave");
  work(d, r, 3, "2030-02-17 23:30");
  work(d, r, 9, "2030-02-18 00:30");

  const auto after = trends_of.trends(admin(), 4);
  EXPECT_EQ(after["today"], "2030-03-13");
  const auto& weeks = after["data"];
  ASSERT_EQ(weeks.size(), 4u);
  std::vector<std::string> mondays;
  std::vector<std::int64_t> submissions, reviewed, behind;
  std::vector<nlohmann::json> medians;
  for (std::size_t i = 0; i < weeks.size(); ++i) {
    mondays.push_back(weeks[i]["week_start"]);
    submissions.push_back(weeks[i]["submissions"].get<std::int64_t>() - before[i]["submissions"].get<std::int64_t>());
    reviewed.push_back(weeks[i]["reviews"].get<std::int64_t>() - before[i]["reviews"].get<std::int64_t>());
    medians.push_back(weeks[i]["median_review_wait_hours"]);
    behind.push_back(weeks[i]["behind"].get<std::int64_t>() - before[i]["behind"].get<std::int64_t>());
  }
  EXPECT_EQ(mondays, (std::vector<std::string>{"2030-02-18", "2030-02-25", "2030-03-04", "2030-03-11"}));
  EXPECT_EQ(submissions, (std::vector<std::int64_t>{2, 0, 3, 1}));
  EXPECT_EQ(reviewed, (std::vector<std::int64_t>{0, 1, 2, 0}));
  EXPECT_EQ(medians, (std::vector<nlohmann::json>{nullptr, 168.0, 4.0, nullptr}));
  EXPECT_EQ(behind, (std::vector<std::int64_t>{1, 3, 3, 3}));
  // This week's behind is the dashboard's figure (and its list's).
  EXPECT_EQ(weeks[3]["behind"], DashboardService(dbtest::pool(), later).dashboard(admin())["behind"]["count"]);

  EXPECT_EQ(trends_of.trends(admin(), 52)["data"].size(), 52u);
  for (const int bad : {0, -1, 53}) EXPECT_EQ(dbtest::code_of([&] { trends_of.trends(admin(), bad); }), errc::invalid);
  EXPECT_EQ(dbtest::code_of([&] { trends_of.trends(mentor(), 4); }), errc::not_found);
}

// A CSV of n new students (line k+1 holds student k).
std::string import_csv(const std::string& tag, int n) {
  std::string out = "email,name,course,start_date,status,mentor_email\n";
  const char* courses[] = {"rails_4m", "rails_5m", "u29"};
  for (int i = 1; i <= n; ++i)
    out += "imp-" + tag + "-" + std::to_string(i) + "@example.com,取込 " + std::to_string(i) + "号," + courses[i % 3] +
           ",2026-10-" + std::to_string(10 + i % 18) + ",,\n";
  return out;
}

std::string replace_line(const std::string& csv, int line, const std::string& text) {
  std::size_t at = 0;
  for (int l = 1; l < line; ++l) at = csv.find('\n', at) + 1;
  return csv.substr(0, at) + text + csv.substr(csv.find('\n', at));
}

TEST_F(Fixture, TenThousandRowsWithThreeBadOnesChangeNothingThenImportWholeThenNothingTwice) {
  const std::string tag = std::to_string(getpid());
  const auto good = import_csv(tag, 10000);
  auto bad = replace_line(good, 101, "broken-address,名前,rails_4m,2026-10-10,,");
  bad = replace_line(bad, 5002, "imp-" + tag + "-5001@example.com,取込,java,2026-10-10,,");
  bad = replace_line(bad, 9999, "imp-" + tag + "-9998@example.com,取込,u29,2026-02-30,,");
  const auto students_before = scalar("SELECT count(*) FROM students");
  const auto mails_before = scalar("SELECT count(*) FROM mail_outbox WHERE template = 'invitation'");
  const auto rejected = importer.run(admin(), bad, {});
  ASSERT_EQ(rejected.errors.size(), 3u);
  EXPECT_EQ(rejected.errors[0].line, 101);
  EXPECT_EQ(rejected.errors[0].message, "不正なメールアドレスです");
  EXPECT_EQ(rejected.errors[1].line, 5002);
  EXPECT_EQ(rejected.errors[1].message, "存在しないコースです");
  EXPECT_EQ(rejected.errors[2].line, 9999);
  EXPECT_EQ(rejected.errors[2].message, "開始日が不正なフォーマットです");
  EXPECT_FALSE(rejected.applied);
  EXPECT_EQ(scalar("SELECT count(*) FROM students"), students_before);
  EXPECT_EQ(scalar("SELECT count(*) FROM mail_outbox WHERE template = 'invitation'"), mails_before);

  std::size_t calls = 0;
  const auto applied = importer.run(admin(), good, {.progress = [&](std::size_t, std::size_t) { ++calls; }});
  EXPECT_TRUE(applied.applied);
  EXPECT_EQ(applied.created, 10000u);
  EXPECT_GT(calls, 0u);
  EXPECT_EQ(scalar("SELECT count(*) FROM students"), students_before + 10000);
  EXPECT_EQ(scalar("SELECT count(*) FROM mail_outbox WHERE template = 'invitation'"), mails_before + 10000);
  EXPECT_EQ(scalar("SELECT count(*) FROM invitations WHERE email LIKE $1", "imp-" + tag + "-%"), 10000);
  // The plan rows are there: a student who started in October is behind on its first period.
  EXPECT_GT(scalar("SELECT count(*) FROM students WHERE email LIKE $1 AND due_on IS NOT NULL", "imp-" + tag + "-%"), 9000);

  const auto again = importer.run(admin(), good, {});
  EXPECT_EQ(again.unchanged, 10000u);
  EXPECT_EQ(again.created + again.updated, 0u);
  EXPECT_EQ(scalar("SELECT count(*) FROM mail_outbox WHERE template = 'invitation'"), mails_before + 10000);
  // Accepting the invitation links the account to the record.
  const auto joined = accounts.create({"imp-" + tag + "-7@example.com", "student", "rails_5m", "取込 7号", "pass-word-123"});
  EXPECT_EQ(*service.find(admin(), "imp-" + tag + "-7@example.com").student.account_id, joined.id);
  EXPECT_EQ(scalar("SELECT count(*) FROM students WHERE email LIKE $1", "imp-" + tag + "-%"), 10000);
}

std::string to_cp932(const std::string& utf8) {
  const iconv_t cd = iconv_open("CP932", "UTF-8");
  std::string out(utf8.size() * 2 + 16, '\0');
  char* in = const_cast<char*>(utf8.data());
  std::size_t in_left = utf8.size(), out_left = out.size();
  char* to = out.data();
  iconv(cd, &in, &in_left, &to, &out_left);
  iconv_close(cd);
  out.resize(out.size() - out_left);
  return out;
}

TEST_F(Fixture, ShiftJisFilesAreConvertedOtherBytesRefused) {
  const std::string email = unique("sjis");
  const auto sjis = to_cp932("メールアドレス,氏名,コース,開始日,担当メンター\r\n" + email + ",渡辺 ｹﾝﾀ,rails_4m,2026/11/01," + mentor().email + "\r\n");
  ASSERT_FALSE(sjis.empty());
  const auto dry = importer.run(admin(), sjis, {.dry_run = true});
  EXPECT_EQ(dry.encoding, "shift_jis");
  EXPECT_EQ(dry.created, 1u);
  EXPECT_THROW(service.find(admin(), email), Error);  // a dry run writes nothing
  const auto r = importer.run(admin(), sjis, {});
  ASSERT_TRUE(r.errors.empty());
  const auto d = service.find(admin(), email);
  EXPECT_EQ(d.student.name, "渡辺 ｹﾝﾀ");
  EXPECT_EQ(format_date(d.student.start_date), "2026-11-01");
  EXPECT_EQ(d.student.mentor->id, mentor().id);
  EXPECT_EQ(d.history.size(), 1u);
  // With a BOM it is UTF-8.
  EXPECT_EQ(importer.run(admin(), "\xEF\xBB\xBF" "email,name,course,start_date\n" + email + ",渡辺 ｹﾝﾀ,rails_4m,2026-11-01\n", {}).unchanged, 1u);
  try {
    importer.run(admin(), std::string("\x81\x20\xFF\xFE", 4), {});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.fields().at("file").at(0), "CSVファイルの文字コードを判別できません。UTF-8 または Shift_JIS で保存してください");
  }
  EXPECT_EQ(dbtest::code_of([&] { importer.run(mentor(), sjis, {}); }), errc::not_found);
}

TEST_F(Fixture, ImportRefusesMentorsThatAreNotAndNonStudentAccounts) {
  const auto a = unique("row");
  const auto r = importer.run(admin(), "email,name,course,start_date,mentor_email\n" + a + ",名前,u29,2026-11-01," +
                                           unique("nobody") + "\n" + mentor().email + ",メンター,u29,2026-11-01,\n" + a +
                                           ",二度目,u29,2026-11-01,\n\"" + unique("q") + "\",\"引用, 符\"\"付き\",u29,2026-11-01,\n",
                              {});
  ASSERT_EQ(r.errors.size(), 3u);
  EXPECT_EQ(r.errors[0].line, 2);
  EXPECT_EQ(r.errors[0].message, "このメールアドレスのメンターまたは管理者がいません");
  EXPECT_EQ(r.errors[1].line, 3);
  EXPECT_EQ(r.errors[1].message, "このメールアドレスは受講生以外のアカウントで使われています");
  EXPECT_EQ(r.errors[2].line, 4);
  EXPECT_EQ(r.errors[2].message, "このメールアドレスは2行目と重複しています");
  EXPECT_FALSE(r.applied);
  EXPECT_THROW(service.find(admin(), a), Error);
}

}  // namespace
}  // namespace camp::students
