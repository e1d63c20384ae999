// The course plans and the Gantt chart (lib/students/plan.hpp): pure functions.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "students/plan.hpp"
#include "students/validation.hpp"

using namespace camp;
using namespace camp::students;

namespace {

Date day(const char* text) { return *parse_date(text); }

std::vector<int> task_ids(const CoursePlan& p) {
  std::vector<int> out;
  for (const auto& period : p.periods) out.push_back(period.task_id);
  return out;
}

// Periods lie back to back from day 1 to the plan's last day.
void expect_contiguous(const CoursePlan& p) {
  int next = 1;
  for (const auto& period : p.periods) {
    EXPECT_EQ(period.start_day, next) << p.course;
    EXPECT_GE(period.end_day, period.start_day);
    next = period.end_day + 1;
  }
  EXPECT_EQ(next - 1, p.days) << p.course;
}

}  // namespace

TEST(CoursePlans, FourMonthCourseHasTenPeriodsOverDays1To112) {
  const auto* p = plan_for("rails_4m");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->days, 112);
  EXPECT_EQ(task_ids(*p), (std::vector<int>{13, 14, 18, 19, 20, 20, 21, 21, 22, 22}));
  expect_contiguous(*p);
  // Final tasks 2-4: a first-submission period, then a revision (approval) period.
  for (std::size_t i : {4u, 6u, 8u}) {
    EXPECT_EQ(p->periods[i].kind, PeriodKind::first_submission);
    EXPECT_EQ(p->periods[i + 1].kind, PeriodKind::approval);
  }
}

TEST(CoursePlans, FiveMonthCourseHasThirteenPeriodsStartingWithHtmlCss) {
  const auto* p = plan_for("rails_5m");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->days, 140);
  EXPECT_EQ(task_ids(*p), (std::vector<int>{3, 9, 10, 13, 14, 18, 19, 20, 20, 21, 21, 22, 22}));
  expect_contiguous(*p);
}

TEST(CoursePlans, U29CourseHasSevenPeriodsOverDays1To88) {
  const auto* p = plan_for("u29");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->days, 88);
  EXPECT_EQ(task_ids(*p), (std::vector<int>{3, 9, 10, 13, 14, 18, 19}));
  expect_contiguous(*p);
  EXPECT_EQ(plan_for("unknown"), nullptr);
}

TEST(CoursePlans, BadPlansAreRefused) {
  EXPECT_THROW(parse_plan("course: x\ndays: 10\nperiods:\n  - {task_id: 1, kind: approval, start_day: 1, end_day: 11}\n"), Error);
  EXPECT_THROW(parse_plan("course: x\ndays: 10\nperiods:\n  - {task_id: 1, kind: maybe, start_day: 1, end_day: 2}\n"), Error);
  EXPECT_THROW(parse_plan("course: x\ndays: 10\nperiods:\n  - {task_id: 1, kind: approval, start_day: 5, end_day: 4}\n"), Error);
  EXPECT_THROW(parse_plan("course: x\ndays: 10\nperiods: []\n"), Error);
  EXPECT_THROW(parse_plan("{{{"), Error);
}

TEST(Gantt, DatesCountFromTheStartDateAsDayOne) {
  const auto g = gantt(*plan_for("u29"), day("2026-11-01"), "active", day("2026-10-01"), {});
  ASSERT_EQ(g.size(), 7u);
  EXPECT_EQ(format_date(g[0].starts_on), "2026-11-01");
  EXPECT_EQ(format_date(g[0].ends_on), "2026-11-12");
  EXPECT_EQ(format_date(g[6].ends_on), "2027-01-27");  // day 88
  for (const auto& p : g) EXPECT_EQ(p.state, PeriodState::upcoming);
  EXPECT_FALSE(behind(g));
}

TEST(Gantt, APeriodEndingTodayIsNotBehindYet) {
  const auto plan = *plan_for("rails_4m");  // task 13 over days 1-14
  const auto start = day("2026-11-01");
  auto g = gantt(plan, start, "active", day("2026-11-14"), {});
  EXPECT_EQ(g[0].state, PeriodState::in_progress);
  EXPECT_FALSE(behind(g));
  g = gantt(plan, start, "active", day("2026-11-15"), {});
  EXPECT_EQ(g[0].state, PeriodState::behind);
  EXPECT_EQ(g[1].state, PeriodState::in_progress);
  EXPECT_TRUE(behind(g));
  EXPECT_EQ(format_date(*due_on(g)), "2026-11-14");
}

TEST(Gantt, AResubmissionDoesNotSatisfyTheApprovalPeriod) {
  const auto plan = *plan_for("rails_4m");
  const auto start = day("2026-01-01");
  // Task 13 submitted on day 10 (changes requested), resubmitted, not approved yet.
  std::map<int, TaskProgress> progress{{13, {day("2026-01-10"), std::nullopt}}};
  auto g = gantt(plan, start, "active", day("2026-01-20"), progress);
  EXPECT_EQ(*g[0].submitted_on, day("2026-01-10"));
  EXPECT_EQ(g[0].state, PeriodState::behind);
  // Approved late: done, marked late, no longer behind.
  progress[13].approved = day("2026-01-18");
  g = gantt(plan, start, "active", day("2026-01-20"), progress);
  EXPECT_EQ(g[0].state, PeriodState::done);
  EXPECT_TRUE(g[0].late);
  EXPECT_FALSE(behind(g));
}

TEST(Gantt, FirstSubmissionPeriodsNeedOnlyASubmission) {
  const auto plan = *plan_for("rails_4m");
  const auto start = day("2026-01-01");
  std::map<int, TaskProgress> progress;
  for (int t : {13, 14, 18, 19}) progress[t] = {day("2026-01-02"), day("2026-01-03")};
  progress[20] = {plan_day(start, 70), std::nullopt};  // submitted in its first period, not approved
  // Day 76: the first-submission period of task 20 (days 64-73) is done; its revision period runs.
  auto g = gantt(plan, start, "active", plan_day(start, 76), progress);
  EXPECT_EQ(g[4].state, PeriodState::done);
  EXPECT_FALSE(g[4].late);
  EXPECT_EQ(g[5].state, PeriodState::in_progress);
  EXPECT_FALSE(behind(g));
  // Day 81: the revision period ended without approval.
  g = gantt(plan, start, "active", plan_day(start, 81), progress);
  EXPECT_EQ(g[5].state, PeriodState::behind);
  EXPECT_TRUE(behind(g));
}

TEST(Gantt, AStudentOnLeaveOrGraduatedIsNeverBehind) {
  const auto plan = *plan_for("rails_5m");
  for (const char* status : {"on_leave", "graduated"}) {
    const auto g = gantt(plan, day("2026-01-01"), status, day("2026-06-01"), {});
    EXPECT_FALSE(behind(g)) << status;
    EXPECT_EQ(g[0].state, PeriodState::paused) << status;
    EXPECT_TRUE(due_on(g).has_value());  // the record still knows what is open
  }
}

TEST(Gantt, AllDoneHasNoDueDate) {
  const auto plan = *plan_for("u29");
  std::map<int, TaskProgress> progress;
  for (const auto& p : plan.periods) progress[p.task_id] = {day("2026-01-02"), day("2026-01-03")};
  const auto g = gantt(plan, day("2026-01-01"), "active", day("2026-12-01"), progress);
  EXPECT_FALSE(due_on(g).has_value());
  EXPECT_FALSE(behind(g));
}

TEST(StudentValidation, MentoringHeldAt) {
  auto message = [](const char* text) {
    const auto r = parse_held_at(text);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : std::string("ok");
  };
  EXPECT_EQ(message(""), "メンタリング日時は必須です");
  EXPECT_EQ(message("   "), "メンタリング日時は必須です");
  EXPECT_EQ(message("2026-11-20"), "メンタリング日時が不正なフォーマットです");      // 10 characters
  EXPECT_EQ(message("2026-11-20 9:0"), "メンタリング日時が不正なフォーマットです");  // 14, not a time
  EXPECT_EQ(message("2026-02-30 10:00"), "メンタリング日時が不正なフォーマットです");
  EXPECT_EQ(message("2026-11-20 24:00"), "メンタリング日時が不正なフォーマットです");
  EXPECT_EQ(message("2026-11-20 10:00+25:00"), "メンタリング日時が不正なフォーマットです");
  EXPECT_EQ(message("あいうえおかきくけこさしすせそ"), "メンタリング日時が不正なフォーマットです");
  EXPECT_EQ(message("2026-11-20 19:00"), "ok");
  EXPECT_EQ(message("2026/11/20 19:00:30"), "ok");
  EXPECT_EQ(message("2026-11-20T10:00:00Z"), "ok");
  // School time unless an offset says otherwise: 19:00 in Tokyo is 10:00 UTC.
  EXPECT_EQ(std::get<TimePoint>(parse_held_at("2026-11-20 19:00")), std::get<TimePoint>(parse_held_at("2026-11-20T10:00Z")));
  EXPECT_EQ(std::get<TimePoint>(parse_held_at("2026-11-20T19:00+09:00")), std::get<TimePoint>(parse_held_at("2026-11-20 19:00")));
}

TEST(StudentValidation, MentoringBodyAndName) {
  EXPECT_EQ(*mentoring_body(""), "内容は必須です");
  EXPECT_EQ(*mentoring_body(" \n\t "), "内容は必須です");
  std::string long_body;
  for (int i = 0; i < 500; ++i) long_body += "あ";
  EXPECT_FALSE(mentoring_body(long_body).has_value());  // 500 characters (1,500 bytes)
  long_body += "あ";
  EXPECT_EQ(*mentoring_body(long_body), "内容は500文字以内でご入力ください");
  EXPECT_EQ(*student_name(""), "氏名は必須です");
  EXPECT_FALSE(student_name("山田 太郎").has_value());
  EXPECT_FALSE(parse_day("2026-02-29").has_value());
  EXPECT_TRUE(parse_day("2026/03/01").has_value());
}
