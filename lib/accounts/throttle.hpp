#pragma once
// Counting failed password checks (logins, and the current password asked for an e-mail
// change) so that guessing is slow but the owner is never locked out:
// - per client address and per (e-mail, address) pair: past the limit, 429 until the window ends;
// - per e-mail from anywhere: never refused, only slowed down (bounded), because an attacker
//   can fail for any e-mail from as many addresses as they like.
#include <optional>
#include <string>
#include <string_view>

#include "core/address_group.hpp"
#include "core/config.hpp"
#include "db/pool.hpp"

namespace camp::accounts {


// The slow-down for an e-mail with `failures` failed attempts in the window: none up to
// login_failures_per_email, then 250 ms doubling per further failure, at most login_slowdown_max_ms.
int slowdown_ms(int failures, const RateLimits& limits);
// Waits that long. It holds the calling thread (the daemon's login lane), which is why the
// slow-down is bounded and only starts once the address and pair limits let the attempt through.
void slow_down(int ms);

struct ThrottleKeys {
  std::string email;    // "email:<lower-case e-mail>"
  std::string address;  // "address:<group>"
  std::string pair;     // "pair:<group> <lower-case e-mail>"
};
ThrottleKeys throttle_keys(std::string_view email, const std::string& client_address);

struct ThrottleVerdict {
  std::optional<int> retry_after_seconds;  // set: refuse (address or pair limit reached)
  int slowdown_ms = 0;                     // otherwise: wait this long before checking
};

class LoginThrottle {
 public:
  explicit LoginThrottle(RateLimits limits) : limits_(limits) {}
  ThrottleVerdict check(db::Tx& tx, const ThrottleKeys& keys) const;
  void record_failure(db::Tx& tx, const ThrottleKeys& keys) const;
  // The right password ends the pair's count; the e-mail's and the address's run on, so an
  // attacker gains nothing when the owner logs in.
  void record_success(db::Tx& tx, const ThrottleKeys& keys) const;
  const RateLimits& limits() const { return limits_; }

 private:
  RateLimits limits_;
};

}  // namespace camp::accounts
