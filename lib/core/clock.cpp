#include "core/clock.hpp"

namespace camp {

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
