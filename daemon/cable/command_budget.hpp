#pragma once
// How many commands a connection may send: a token bucket holding `per_10_seconds` tokens,
// refilled evenly over ten seconds. A client over it has its commands ignored, not dropped.
#include <algorithm>
#include <chrono>

namespace camp::cable {

class CommandBudget {
 public:
  using Clock = std::chrono::steady_clock;
  explicit CommandBudget(int per_10_seconds, Clock::time_point now = Clock::now())
      : capacity_(per_10_seconds), tokens_(per_10_seconds), last_(now) {}

  // Takes one token; false when none is left.
  bool take(Clock::time_point now = Clock::now()) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    tokens_ = std::min<double>(capacity_, tokens_ + elapsed * capacity_ / 10.0);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  int capacity_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace camp::cable
