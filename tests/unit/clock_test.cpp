// The school day runs on Japanese time: 15:00 UTC is 00:00 the next day in Asia/Tokyo.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <string>

#include "core/clock.hpp"

using namespace std::chrono;
using camp::Date;
using camp::FixedClock;
using camp::TimePoint;

namespace {

TimePoint utc(year_month_day day, hours h, minutes m = minutes{0}, seconds s = seconds{0}) {
  return sys_days(day) + h + m + s;
}

}  // namespace

TEST(Clock, TokyoDayStartsAtFifteenUtc) {
  const Date march31 = 2026y / March / 31, april1 = 2026y / April / 1;
  EXPECT_EQ(camp::school_date(utc(march31, 14h, 59min, 59s)), march31);
  EXPECT_EQ(camp::school_date(utc(march31, 15h)), april1);
  EXPECT_EQ(camp::school_date(utc(march31, 15h) - 1ns), march31);
  EXPECT_EQ(camp::school_date(utc(april1, 0h)), april1);        // 09:00 JST
  EXPECT_EQ(camp::school_date(utc(april1, 14h, 59min)), april1);  // 23:59 JST
}

TEST(Clock, DayStartIsMidnightInTokyo) {
  EXPECT_EQ(camp::school_day_start(2026y / April / 1), utc(2026y / March / 31, 15h));
  EXPECT_EQ(camp::school_day_start(2027y / January / 1), utc(2026y / December / 31, 15h));
  EXPECT_EQ(camp::school_day_start(2028y / February / 29), utc(2028y / February / 28, 15h));
  for (const Date d : {2026y / April / 1, 2027y / January / 1, 2028y / February / 29})
    EXPECT_EQ(camp::school_date(camp::school_day_start(d)), d);
}

TEST(Clock, YearAndLeapDayBoundaries) {
  EXPECT_EQ(camp::school_date(utc(2026y / December / 31, 15h)), 2027y / January / 1);
  EXPECT_EQ(camp::school_date(utc(2028y / February / 28, 15h)), 2028y / February / 29);
  EXPECT_EQ(camp::school_date(utc(2028y / February / 29, 15h)), 2028y / March / 1);
}

TEST(Clock, IgnoresTheServersTimeZone) {
  const char* before = std::getenv("TZ");
  const std::string saved = before ? before : "";
  setenv("TZ", "America/Los_Angeles", 1);
  tzset();
  EXPECT_EQ(camp::school_date(utc(2026y / March / 31, 15h)), 2026y / April / 1);
  if (before) setenv("TZ", saved.c_str(), 1);
  else unsetenv("TZ");
  tzset();
}

TEST(Clock, FixedClockStandsStillUntilMoved) {
  FixedClock clock(utc(2026y / March / 31, 14h, 30min));
  EXPECT_EQ(clock.now(), clock.now());
  EXPECT_EQ(clock.today(), 2026y / March / 31);
  clock.advance(30min);
  EXPECT_EQ(clock.now(), utc(2026y / March / 31, 15h));
  EXPECT_EQ(clock.today(), 2026y / April / 1);
  clock.set(utc(2026y / January / 1, 0h));
  EXPECT_EQ(clock.today(), 2026y / January / 1);
  const camp::Clock& as_interface = clock;
  EXPECT_EQ(as_interface.today(), 2026y / January / 1);
}

TEST(Clock, SystemClockFollowsRealTime) {
  const auto before = system_clock::now();
  const auto now = camp::system_clock().now();
  EXPECT_GE(now, before);
  const auto today = camp::system_clock().today();
  const auto after = system_clock::now();
  EXPECT_LE(now, after);
  EXPECT_TRUE(today == camp::school_date(before) || today == camp::school_date(after));
}
