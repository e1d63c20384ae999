#include "core/clock.hpp"

// GCC 12's libstdc++ has the C++20 calendar but not its time zones (std::chrono::zoned_time
// arrived in GCC 14), so the zone rules come from Howard Hinnant's date library (the design
// that was standardised), reading the system's tzdata.
#include <date/tz.h>

namespace camp {
namespace {

const date::time_zone* school_zone() {
  static const date::time_zone* zone = date::locate_zone(kSchoolTimeZone);
  return zone;
}

}  // namespace

Date school_date(TimePoint t) {
  const auto local = school_zone()->to_local(t);
  const auto day = date::floor<date::days>(local).time_since_epoch();
  return Date(std::chrono::sys_days(day));
}

TimePoint school_day_start(Date day) {
  const auto local_midnight = date::local_days(std::chrono::sys_days(day).time_since_epoch());
  // Tokyo has no daylight saving time today; `earliest` still gives a defined answer if a
  // midnight were ever skipped or repeated.
  return school_zone()->to_sys(local_midnight, date::choose::earliest);
}

const Clock& system_clock() {
  static const SystemClock clock;
  return clock;
}

TimePoint FixedClock::now() const {
  std::lock_guard lock(mutex_);
  return at_;
}

void FixedClock::set(TimePoint at) {
  std::lock_guard lock(mutex_);
  at_ = at;
}

void FixedClock::advance(std::chrono::system_clock::duration by) {
  std::lock_guard lock(mutex_);
  at_ += by;
}

}  // namespace camp
