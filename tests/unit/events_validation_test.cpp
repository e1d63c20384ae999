// lib/events/validation: capacity, dates and times, the spec's messages word for word.
#include <gtest/gtest.h>

#include "events/model.hpp"
#include "events/validation.hpp"

using namespace camp::events;

namespace {

EventInput valid() {
  EventInput in;
  in.title = "Rails もくもく会";
  in.capacity = "20";
  in.start_date = "2026-12-05";
  in.start_at = "19:00";
  in.end_at = "21:00";
  return in;
}

std::vector<std::string> messages(const EventInput& in, bool creating, const std::string& field) {
  const auto errors = validate(in, creating);
  const auto it = errors.find(field);
  return it == errors.end() ? std::vector<std::string>{} : it->second;
}

using V = std::vector<std::string>;

}  // namespace

TEST(EventsValidation, Capacity) {
  EXPECT_EQ(check_capacity("").error, "定員は必須です");
  EXPECT_EQ(check_capacity("１０").error, "半角数字のみ入力してください");
  EXPECT_EQ(check_capacity("-1").error, "半角数字のみ入力してください");
  EXPECT_EQ(check_capacity(" 10").error, "半角数字のみ入力してください");
  EXPECT_EQ(check_capacity("1.5").error, "半角数字のみ入力してください");
  EXPECT_EQ(check_capacity("0").error, "1名以上で設定してください");
  EXPECT_EQ(check_capacity("000").error, "1名以上で設定してください");
  EXPECT_EQ(check_capacity("1001").error, "1000名以下で設定してください");
  EXPECT_EQ(check_capacity("99999999999999999999999999").error, "1000名以下で設定してください");
  EXPECT_EQ(check_capacity("1").value, 1);
  EXPECT_EQ(check_capacity("1000").value, 1000);
  EXPECT_EQ(check_capacity("0020").value, 20);
}

TEST(EventsValidation, Clocks) {  // dates: the school's one rule (school_time_test.cpp)
  EXPECT_EQ(parse_clock("00:00"), 0);
  EXPECT_EQ(parse_clock("23:59"), 23 * 60 + 59);
  EXPECT_FALSE(parse_clock("24:00"));
  EXPECT_FALSE(parse_clock("9:00"));
  EXPECT_FALSE(parse_clock("19:60"));
}

TEST(EventsValidation, RequiredOnCreateOnlyWhenPresentOnUpdate) {
  EXPECT_TRUE(validate(valid(), true).empty());
  const EventInput empty;
  EXPECT_EQ(messages(empty, true, "title"), V{"タイトルは必須です"});
  EXPECT_EQ(messages(empty, true, "capacity"), V{"定員は必須です"});
  EXPECT_EQ(messages(empty, true, "start_date"), V{"開催日は必須です"});
  EXPECT_EQ(messages(empty, true, "start_at"), V{"開始時刻は必須です"});
  EXPECT_EQ(messages(empty, true, "end_at"), V{"終了時刻は必須です"});
  EXPECT_TRUE(validate(empty, false).empty());
  EventInput blank;
  blank.title = "  \t ";
  EXPECT_EQ(messages(blank, false, "title"), V{"タイトルは必須です"});
}

TEST(EventsValidation, LengthsUrlsAndOrder) {
  auto in = valid();
  in.title = std::string(101, 'x');
  EXPECT_EQ(messages(in, true, "title"), V{"タイトルは100文字以内でご入力ください"});
  std::string hundred;
  for (int i = 0; i < 100; ++i) hundred += "会";
  in.title = hundred;
  EXPECT_TRUE(messages(in, true, "title").empty());
  in = valid();
  in.end_at = "19:00";
  EXPECT_EQ(messages(in, true, "end_at"), V{"終了時刻は開始時刻より後に設定してください"});
  in = valid();
  in.start_date = "2026-02-30";
  EXPECT_EQ(messages(in, true, "start_date"), V{"開催日が不正です"});
  in = valid();
  in.meeting_url = std::optional<std::string>("javascript:alert(1)");
  EXPECT_EQ(messages(in, true, "meeting_url"), V{"不正なURLです"});
  in.meeting_url = std::optional<std::string>("https://");
  EXPECT_EQ(messages(in, true, "meeting_url"), V{"不正なURLです"});
  in.meeting_url = std::optional<std::string>("https://meet.example.com/abc-defg");
  EXPECT_TRUE(messages(in, true, "meeting_url").empty());
  in.image_url = std::optional<std::string>("https://evil.example.com/a.png");
  EXPECT_FALSE(messages(in, true, "image_url").empty());
  in.image_url = std::optional<std::string>("/uploads/event/0123456789abcdef0123456789abcdef.png");
  EXPECT_TRUE(messages(in, true, "image_url").empty());
  in.description = std::string(10001, 'd');
  EXPECT_EQ(messages(in, true, "description"), V{"説明は10000文字以内でご入力ください"});
}

TEST(EventsValidation, ScheduleIsTheSchoolsTime) {
  const auto s = schedule("2026-12-05", "19:00", "21:00");
  EXPECT_EQ(s.starts_at, 1796464800);  // 10:00 UTC
  EXPECT_EQ(s.ends_at, 1796472000);
  const auto t = school_time(s.starts_at);
  EXPECT_EQ(t.date, "2026-12-05");
  EXPECT_EQ(t.clock, "19:00");
  EXPECT_EQ(t.iso, "2026-12-05T19:00:00+09:00");
  // Just after midnight in Tokyo is still the previous day in UTC.
  const auto early = schedule("2026-12-06", "00:30", "01:00");
  EXPECT_EQ(school_time(early.starts_at).date, "2026-12-06");
  EXPECT_EQ(early.starts_at, 1796484600);
}

TEST(EventsValidation, TheTitleIsOneLineForTheMailSubjects) {
  for (const char* title : {"一行目\n二行目", "件名\r\nBcc: x@example.com", "タブ\tあり", "a\u2028b", "a\u0085b"}) {
    auto in = valid();
    in.title = title;
    EXPECT_EQ(messages(in, true, "title"), V{"タイトルに改行や制御文字は使用できません"}) << title;
  }
  auto in = valid();
  in.title = "\n前後の改行は取り除かれる\n";
  EXPECT_TRUE(validate(in, true).empty());
}
