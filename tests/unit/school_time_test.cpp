// The one school-time module (core/school_time.hpp): dates as text, instants as text on the UTC
// and the school's clock, around the midnights that differ (00:00 Tokyo is 15:00 UTC).
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "core/school_time.hpp"

using namespace std::chrono;
using namespace camp;

namespace {

TimePoint utc(year_month_day day, hours h, minutes m = minutes{0}, seconds s = seconds{0}) { return sys_days(day) + h + m + s; }

}  // namespace

TEST(SchoolTime, ParsesOneDateRule) {
  EXPECT_EQ(parse_date("2026-11-25"), 2026y / November / 25);
  EXPECT_EQ(parse_date("2028-02-29"), 2028y / February / 29);
  EXPECT_EQ(parse_date("1900-01-01"), 1900y / January / 1);
  EXPECT_EQ(parse_date("2999-12-31"), 2999y / December / 31);
  for (const char* bad : {"2026-02-29", "2026-13-01", "2026-00-10", "2026-11-31", "2026-1-5", "26-11-25", "2026/11/25",
                          "2026-11-2x", "２０２６-12-05", " 2026-11-25", "2026-11-25 ", "2026-11-25T00:00", "+026-11-25",
                          "1899-12-31", "3000-01-01", ""})
    EXPECT_FALSE(parse_date(bad)) << bad;
}

TEST(SchoolTime, FormatsDatesAndReadsThemBack) {
  EXPECT_EQ(format_date(2026y / November / 5), "2026-11-05");
  for (const Date d : {1900y / January / 1, 2028y / February / 29, 2999y / December / 31})
    EXPECT_EQ(parse_date(format_date(d)), d);
}

TEST(SchoolTime, WritesInstantsOnBothClocksAroundMidnight) {
  const auto before = utc(2026y / November / 24, 14h, 59min, 59s);  // 23:59:59 in Tokyo
  const auto midnight = utc(2026y / November / 24, 15h);            // 00:00 the next day in Tokyo
  EXPECT_EQ(iso_utc(before), "2026-11-24T14:59:59Z");
  EXPECT_EQ(iso_school(before), "2026-11-24T23:59:59+09:00");
  EXPECT_EQ(iso_utc(midnight), "2026-11-24T15:00:00Z");
  EXPECT_EQ(iso_school(midnight), "2026-11-25T00:00:00+09:00");
  EXPECT_EQ(format_date(school_date(before)), "2026-11-24");
  EXPECT_EQ(format_date(school_date(midnight)), "2026-11-25");
  // Midnight UTC is 09:00 in Tokyo, the same day.
  EXPECT_EQ(iso_school(utc(2026y / November / 25, 0h)), "2026-11-25T09:00:00+09:00");
  // New year and a leap day in Tokyo while UTC is still on the day before.
  EXPECT_EQ(iso_school(utc(2026y / December / 31, 15h)), "2027-01-01T00:00:00+09:00");
  EXPECT_EQ(iso_school(utc(2028y / February / 28, 15h, 30min)), "2028-02-29T00:30:00+09:00");
  // Fractions of a second are dropped, never rounded into the next second.
  EXPECT_EQ(iso_utc(midnight - 1ms), "2026-11-24T14:59:59Z");
}

TEST(SchoolTime, FormatsWithTheZonesOwnOffsetAndCNames) {
  const auto t = utc(2026y / November / 24, 0h, 30min);
  EXPECT_EQ(format_school(t, "%a, %d %b %Y %T %z"), "Tue, 24 Nov 2026 09:30:00 +0900");
  EXPECT_EQ(format_school(t, "%H:%M"), "09:30");
  EXPECT_EQ(format_utc(t, "%Y%m%dT%H%M%SZ"), "20261124T003000Z");
  EXPECT_EQ(unix_time(0), TimePoint{});
  EXPECT_EQ(iso_utc(unix_time(1795000000)), "2026-11-18T11:06:40Z");
}

// iso_utc, iso_school and format_date write their digits by hand; the library's formats are
// the reference, across leap days, year ends and the whole range a school's data spans.
TEST(SchoolTime, HandWrittenIsoFormsMatchTheLibrary) {
  std::mt19937_64 random(20261128);
  std::uniform_int_distribution<std::int64_t> seconds(-2208988800, 32503680000);  // 1900 .. 3000
  for (int i = 0; i < 20000; ++i) {
    const auto t = unix_time(seconds(random)) + std::chrono::milliseconds(i % 1000);
    ASSERT_EQ(iso_utc(t), format_utc(t, "%FT%TZ"));
    ASSERT_EQ(iso_school(t), format_school(t, "%FT%T%Ez"));
    ASSERT_EQ(format_date(school_date(t)), format_school(t, "%F"));
  }
  EXPECT_EQ(iso_utc(unix_time(0)), "1970-01-01T00:00:00Z");
  EXPECT_EQ(iso_school(unix_time(-1)), "1970-01-01T08:59:59+09:00");
  EXPECT_EQ(format_date(2024y / February / 29), "2024-02-29");
}

TEST(SchoolTime, WeeksStartOnMonday) {
  const auto day = [](const char* text) { return *parse_date(text); };
  EXPECT_EQ(format_date(week_start(day("2026-11-26"))), "2026-11-23");  // Thursday
  EXPECT_EQ(format_date(week_start(day("2026-11-23"))), "2026-11-23");  // Monday itself
  EXPECT_EQ(format_date(week_start(day("2026-11-29"))), "2026-11-23");  // Sunday ends the week
  EXPECT_EQ(format_date(week_start(day("2027-01-02"))), "2026-12-28");  // across the new year
  // A Monday 00:30 in Tokyo is Sunday in UTC: the school's week has begun.
  EXPECT_EQ(format_date(week_start(school_date(utc(2026y / November / 22, 15h, 30min)))), "2026-11-23");
}
