#pragma once
// The time, injectable: code that depends on "now" or on "today" takes a Clock, so tests can
// fix or move time. "Today" is the school's (core/school_time.hpp).
#include <chrono>
#include <mutex>

#include "core/school_time.hpp"

namespace camp {

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
