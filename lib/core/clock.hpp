#pragma once
// The time, injectable: code that depends on "now" or on "today" takes a Clock, so tests can
// fix or move time. The school runs on Japanese time: a school day starts at 00:00 Asia/Tokyo
// (15:00 UTC the day before), whatever the server's own time zone.
#include <chrono>
#include <mutex>
#include <string_view>

namespace camp {

inline constexpr std::string_view kSchoolTimeZone = "Asia/Tokyo";

using TimePoint = std::chrono::system_clock::time_point;  // UTC (system_clock is Unix time)
using Date = std::chrono::year_month_day;

// The calendar day in the school's time zone at the instant `t`.
Date school_date(TimePoint t);
// The instant a school day begins (its 00:00 in Asia/Tokyo).
TimePoint school_day_start(Date day);

class Clock {
 public:
  virtual ~Clock() = default;
  virtual TimePoint now() const = 0;
  // Today in the school's time zone.
  Date today() const { return school_date(now()); }
};

// The real time.
class SystemClock final : public Clock {
 public:
  TimePoint now() const override { return std::chrono::system_clock::now(); }
};

// The process's real clock, for code that was not handed one.
const Clock& system_clock();

// A clock that stands still until told otherwise (tests). Safe to read and move from
// several threads.
class FixedClock final : public Clock {
 public:
  explicit FixedClock(TimePoint at) : at_(at) {}
  TimePoint now() const override;
  void set(TimePoint at);
  void advance(std::chrono::system_clock::duration by);

 private:
  mutable std::mutex mutex_;
  TimePoint at_;
};

}  // namespace camp
