#include "accounts/throttle.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <thread>

#include "accounts/session_repo.hpp"
#include "core/text.hpp"

namespace camp::accounts {

int slowdown_ms(int failures, const RateLimits& limits) {
  const int beyond = failures - limits.login_failures_per_email;
  if (beyond < 0 || limits.login_slowdown_max_ms <= 0) return 0;
  const long long delay = 250LL << std::min(beyond, 20);
  return static_cast<int>(std::min<long long>(delay, limits.login_slowdown_max_ms));
}

void slow_down(int ms) {
  if (ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

ThrottleKeys throttle_keys(std::string_view email, const std::string& client_address) {
  const auto mail = text::lower_ascii(email);
  const auto group = address_group(client_address);
  return {"email:" + mail, "address:" + group, "pair:" + group + " " + mail};
}

ThrottleVerdict LoginThrottle::check(db::Tx& tx, const ThrottleKeys& keys) const {
  ThrottleVerdict verdict;
  for (const auto& count : session_repo::live_failures(tx, {keys.email, keys.address, keys.pair}, limits_.window_seconds)) {
    const bool over = (count.key == keys.address && count.failures >= limits_.login_failures_per_address) ||
                      (count.key == keys.pair && count.failures >= limits_.login_failures_per_email_and_address);
    if (over) verdict.retry_after_seconds = std::max(verdict.retry_after_seconds.value_or(1), count.seconds_left);
    if (count.key == keys.email) verdict.slowdown_ms = slowdown_ms(count.failures, limits_);
  }
  if (verdict.retry_after_seconds) verdict.slowdown_ms = 0;
  return verdict;
}

void LoginThrottle::record_failure(db::Tx& tx, const ThrottleKeys& keys) const {
  session_repo::record_failures(tx, {keys.email, keys.address, keys.pair}, limits_.window_seconds);
}

void LoginThrottle::record_success(db::Tx& tx, const ThrottleKeys& keys) const {
  session_repo::clear_failures(tx, keys.pair);
}

}  // namespace camp::accounts
