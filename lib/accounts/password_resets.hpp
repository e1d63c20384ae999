#pragma once
// Password reset by mail (docs/api.md "Password reset"): ask with an e-mail, get a link with a
// single-use id that works for one hour, set a new password through it; every session of the
// account ends. Asking answers the same whether the e-mail is registered or not.
#include <string>
#include <string_view>

#include "accounts/session_cache.hpp"
#include "core/clock.hpp"
#include "core/config.hpp"
#include "core/error.hpp"
#include "db/pool.hpp"

namespace camp::accounts {

inline constexpr std::chrono::hours kPasswordResetLifetime{1};

struct ResetRequest {
  std::string email;
  std::string client_address;
};

struct NewPassword {
  std::string password;
  std::string confirmation;
};

class PasswordResetService {
 public:
  // `public_url`: the base of the link in the mail (config public_url). `cache`: the daemon's
  // session cache, dropped at once for the account whose sessions a reset ends.
  PasswordResetService(db::Pool& pool, const Clock& clock, RateLimits limits, std::string public_url,
                       SessionCache* cache = nullptr)
      : pool_(pool), clock_(clock), limits_(limits), public_url_(std::move(public_url)), cache_(cache) {}

  // 422 for a missing or malformed e-mail; 429 (Retry-After) past the per-e-mail or
  // per-address limit; otherwise returns normally whether or not the e-mail is registered. For
  // a registered one a token is stored (hashed) and the mail queued in the same transaction.
  void request(const ResetRequest& request);
  // When the link of `token` expires; 404 (msg::password_reset_link_invalid) for a malformed,
  // unknown, used or expired one.
  TimePoint check(std::string_view token);
  // Sets the password (8-16 characters, confirmation equal: 422 on fields.password /
  // fields.password_confirmation), uses the token up (and every other open token of the
  // account), ends every session of the account. 404 as check() otherwise.
  void reset(std::string_view token, const NewPassword& input);

  // The link in the mail.
  std::string edit_url(std::string_view token) const;

 private:
  db::Pool& pool_;
  const Clock& clock_;
  RateLimits limits_;
  std::string public_url_;
  SessionCache* cache_;
};

// The password rules plus the confirmation (shared with invitations): fields `password` and
// `password_confirmation`.
void validate_new_password(const NewPassword& input, FieldErrors& errors);

}  // namespace camp::accounts
