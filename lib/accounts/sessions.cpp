#include "accounts/sessions.hpp"

#include <algorithm>
#include <chrono>

#include "accounts/password.hpp"
#include "accounts/repo.hpp"
#include "accounts/session_repo.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/random.hpp"
#include "core/validation.hpp"

namespace camp::accounts {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Error login_failed() { return Error(errc::unauthenticated, std::string(msg::login_failed)); }

}  // namespace

std::string SessionService::login(const LoginRequest& raw) {
  LoginRequest req = raw;
  // Pasted addresses often carry a stray space.
  const auto first = req.email.find_first_not_of(" \t");
  req.email = first == std::string::npos ? "" : req.email.substr(first, req.email.find_last_not_of(" \t") - first + 1);
  FieldErrors errors;
  if (auto m = validate::email(req.email)) errors["email"].push_back(*m);
  if (req.password.empty()) errors["password"].push_back(std::string(msg::password_required));
  throw_if_invalid(errors);

  const std::string email_key = "email:" + lower(req.email);
  const std::string address_key = "address:" + req.client_address;
  auto found = pool_.run([&](db::Connection& c) {
    if (auto wait = session_repo::throttled_for(c, email_key, limits_.login_failures_per_email, address_key,
                                                limits_.login_failures_per_address, limits_.window_seconds))
      throw Error(errc::too_many_requests, std::string(msg::login_throttled)).with_retry_after(*wait);
    return repo::find_login(c, req.email);
  });

  // The slow part runs without holding a connection.
  bool ok = false;
  if (found) ok = verify_password(found->password_hash, req.password);
  else burn_password_check(req.password);

  if (!ok) {
    pool_.run([&](db::Connection& c) {
      session_repo::record_failure(c, email_key, limits_.window_seconds);
      session_repo::record_failure(c, address_key, limits_.window_seconds);
      return 0;
    });
    throw login_failed();
  }

  TokenClaims claims;
  claims.account_id = found->id;
  claims.jti = random_hex(16);
  claims.issued_at = now_seconds();
  claims.expires_at = claims.issued_at + std::int64_t{ttl_days_} * 86400;
  auto account = pool_.run([&](db::Connection& c) {
    session_repo::clear_failures(c, email_key);
    session_repo::insert(c, claims.jti, claims.account_id, claims.expires_at, req.client_address, req.user_agent);
    return repo::find_by_id(c, claims.account_id);
  });
  if (!account) throw login_failed();  // deleted between the two steps
  claims.role = std::string(to_string(account->role));
  return signer_.sign(claims);
}

Principal SessionService::authenticate(std::string_view bearer_token) {
  const auto claims = signer_.verify(bearer_token);
  if (cache_)
    if (auto cached = cache_->find(claims.jti, claims.account_id)) return {std::move(*cached), claims.jti};
  const auto epoch = cache_ ? cache_->epoch() : 0;
  auto account = pool_.run(
      [&](db::Connection& c) { return repo::find_by_session(c, claims.jti, claims.account_id); });
  if (!account) throw Error(errc::unauthenticated, std::string(msg::login_required)).with_detail("session ended");
  if (cache_) cache_->put(claims.jti, *account, epoch);
  return {std::move(*account), claims.jti};
}

void SessionService::logout(const Principal& principal) {
  pool_.run([&](db::Connection& c) { return session_repo::revoke(c, principal.session_id); });
  if (cache_) cache_->forget_account(principal.account.id);  // at once here; others hear the NOTIFY
}

int SessionService::revoke_all(std::int64_t account_id) {
  return pool_.run([&](db::Connection& c) { return session_repo::revoke_all(c, account_id); });
}

}  // namespace camp::accounts
