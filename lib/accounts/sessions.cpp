#include "accounts/sessions.hpp"

#include <chrono>

#include "accounts/password.hpp"
#include "accounts/repo.hpp"
#include "accounts/session_repo.hpp"
#include "accounts/two_factor.hpp"
#include "accounts/two_factor_repo.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/random.hpp"
#include "core/validation.hpp"

namespace camp::accounts {
namespace {

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Error login_failed() { return Error(errc::unauthenticated, std::string(msg::login_failed)); }

Error current_password_error(std::string_view message) {
  return Error(errc::invalid, std::string(message), {{"current_password", {std::string(message)}}});
}

}  // namespace

std::string SessionService::login(const LoginRequest& request) {
  auto outcome = login_step(request);
  if (outcome.jwt.empty()) throw Error(errc::unauthenticated, std::string(msg::two_factor_code_required));
  return std::move(outcome.jwt);
}

LoginOutcome SessionService::login_step(const LoginRequest& raw) {
  LoginRequest req = raw;
  // Pasted addresses often carry a stray space.
  const auto first = req.email.find_first_not_of(" \t");
  req.email = first == std::string::npos ? "" : req.email.substr(first, req.email.find_last_not_of(" \t") - first + 1);
  FieldErrors errors;
  if (auto m = validate::email(req.email)) errors["email"].push_back(*m);
  if (req.password.empty()) errors["password"].push_back(std::string(msg::password_required));
  throw_if_invalid(errors);

  const auto keys = throttle_keys(req.email, req.client_address);
  auto [verdict, found] = pool_.autocommit([&](db::Tx& tx) {
    const auto v = throttle_.check(tx, keys);
    if (v.retry_after_seconds)
      throw Error(errc::too_many_requests, std::string(msg::login_throttled)).with_retry_after(*v.retry_after_seconds);
    return std::make_pair(v, repo::find_login(tx, req.email));
  });

  // The slow parts run without holding a connection, the same for known and unknown e-mails.
  if (req.answer_delay_ms) *req.answer_delay_ms = verdict.slowdown_ms;
  else slow_down(verdict.slowdown_ms);
  bool ok = false;
  if (found) ok = verify_password(found->password_hash, req.password);
  else burn_password_check(req.password);

  if (!ok) {
    pool_.autocommit([&](db::Tx& tx) { throttle_.record_failure(tx, keys); });
    throw login_failed();
  }

  TokenClaims claims;
  claims.account_id = found->id;
  claims.jti = random_hex(16);
  claims.issued_at = now_seconds();
  claims.expires_at = claims.issued_at + std::int64_t{ttl_days_} * 86400;
  std::string challenge;
  auto account = pool_.transaction([&](db::Tx& tx) {
    auto a = repo::find_by_id(tx, claims.account_id);
    if (!a) throw login_failed();  // deleted between the two steps
    if (a->two_factor_enabled) {
      // No success recorded yet: wrong codes add to the pair's count as wrong passwords do.
      challenge = random_hex(32);
      two_factor_repo::insert_challenge(tx, challenge_hash(challenge), a->id, kTwoFactorChallengeSeconds,
                                        req.client_address, req.user_agent);
      return std::move(*a);
    }
    throttle_.record_success(tx, keys);
    session_repo::insert(tx, claims.jti, claims.account_id, claims.expires_at, req.client_address, req.user_agent);
    return std::move(*a);
  });
  if (!challenge.empty()) return {"", std::move(challenge)};
  if (on_login) on_login(account);
  claims.role = std::string(to_string(account.role));
  return {signer_.sign(claims), ""};
}

void SessionService::confirm_password(const Account& who, const std::string& password,
                                      const std::string& client_address) {
  if (password.empty()) throw current_password_error(msg::password_required);
  const auto keys = throttle_keys(who.email, client_address);
  auto [verdict, found] = pool_.autocommit([&](db::Tx& tx) {
    const auto v = throttle_.check(tx, keys);
    if (v.retry_after_seconds)
      throw Error(errc::too_many_requests, std::string(msg::password_attempts_throttled))
          .with_retry_after(*v.retry_after_seconds);
    return std::make_pair(v, repo::find_login(tx, who.email));
  });
  slow_down(verdict.slowdown_ms);
  const bool ok = found && found->id == who.id && verify_password(found->password_hash, password);
  pool_.autocommit([&](db::Tx& tx) {
    if (ok) throttle_.record_success(tx, keys);
    else throttle_.record_failure(tx, keys);
  });
  if (!ok) throw current_password_error(msg::current_password_wrong);
}

std::string SessionService::open_session(db::Tx& tx, const Account& account, const std::string& client_address,
                                         const std::string& user_agent) {
  TokenClaims claims;
  claims.account_id = account.id;
  claims.jti = random_hex(16);
  claims.issued_at = now_seconds();
  claims.expires_at = claims.issued_at + std::int64_t{ttl_days_} * 86400;
  claims.role = std::string(to_string(account.role));
  session_repo::insert(tx, claims.jti, claims.account_id, claims.expires_at, client_address, user_agent);
  return signer_.sign(claims);
}

Principal SessionService::authenticate(std::string_view bearer_token) {
  auto known = verified_.find(bearer_token, now_seconds());
  const auto claims = known ? std::move(*known) : signer_.verify(bearer_token);
  if (!known) verified_.put(bearer_token, claims);
  if (cache_)
    if (auto cached = cache_->find(claims.jti, claims.account_id)) return {std::move(*cached), claims.jti};
  const auto epoch = cache_ ? cache_->epoch() : 0;
  auto account =
      pool_.autocommit([&](db::Tx& tx) { return repo::find_by_session(tx, claims.jti, claims.account_id); });
  if (!account) throw Error(errc::unauthenticated, std::string(msg::login_required)).with_detail("session ended");
  if (cache_) cache_->put(claims.jti, *account, epoch);
  return {std::move(*account), claims.jti};
}

std::optional<Principal> SessionService::authenticate_from_memory(std::string_view bearer_token) {
  if (!cache_) return std::nullopt;
  auto claims = verified_.find(bearer_token, now_seconds());
  if (!claims) return std::nullopt;
  auto cached = cache_->find(claims->jti, claims->account_id);
  if (!cached) return std::nullopt;
  return Principal{std::move(*cached), std::move(claims->jti)};
}

void SessionService::logout(const Principal& principal) {
  pool_.autocommit([&](db::Tx& tx) { session_repo::revoke(tx, principal.session_id); });
  if (cache_) cache_->forget_account(principal.account.id);  // at once here; others hear the NOTIFY
}

int SessionService::revoke_all(std::int64_t account_id) {
  return pool_.autocommit([&](db::Tx& tx) { return session_repo::end_sessions(tx, account_id); });
}

PruneResult SessionService::prune_expired(std::chrono::system_clock::time_point now, int batch, int max_batches) {
  const auto epoch = unix_seconds(now);
  PruneResult result;
  // One statement per pool use, so the connection goes back between batches.
  for (int i = 0; i < max_batches; ++i) {
    const int n = pool_.autocommit([&](db::Tx& tx) {
      return session_repo::prune_throttles(tx, epoch, throttle_.limits().window_seconds, batch);
    });
    result.throttles += n;
    if (n < batch) break;
  }
  for (int i = 0; i < max_batches; ++i) {
    const int n = pool_.autocommit([&](db::Tx& tx) { return session_repo::prune_sessions(tx, epoch, batch); });
    result.sessions += n;
    if (n < batch) break;
  }
  return result;
}

}  // namespace camp::accounts
