#pragma once
#include <functional>
// Logging in and out, and turning a bearer token back into an account.
#include <chrono>
#include <string>

#include "accounts/model.hpp"
#include "accounts/session_cache.hpp"
#include "accounts/throttle.hpp"
#include "accounts/token.hpp"
#include "accounts/verified_tokens.hpp"
#include "core/config.hpp"
#include "db/pool.hpp"

namespace camp::accounts {

struct LoginRequest {
  std::string email;
  std::string password;
  std::string client_address;
  std::string user_agent;
  // Set: the per-e-mail slow-down is reported here for the caller to apply to its answer (the
  // daemon delays the answer on a timer, so a flood aimed at one e-mail cannot hold the login
  // thread); unset: this thread waits.
  int* answer_delay_ms = nullptr;
};

// What a right password gives: the session's JWT, or (two-factor login on) a challenge to send
// back with the code (TwoFactorService::complete_login). Exactly one is set.
struct LoginOutcome {
  std::string jwt;
  std::string challenge;
};

struct Principal {
  Account account;
  std::string session_id;
};

struct PruneResult {
  int throttles = 0;
  int sessions = 0;
};

class SessionService {
 public:
  SessionService(db::Pool& pool, TokenSigner signer, RateLimits limits, int ttl_days, SessionCache* cache = nullptr)
      : pool_(pool), signer_(std::move(signer)), throttle_(limits), ttl_days_(ttl_days), cache_(cache) {}

  // Checks the password. Unknown e-mail and wrong password get the same error and cost the
  // same time; failures are throttled (accounts/throttle.hpp). An account with two-factor login
  // gets a challenge (valid kTwoFactorChallengeSeconds) and no session yet, and its
  // (e-mail, address) failure count runs on until the code is right.
  LoginOutcome login_step(const LoginRequest& request);
  // login_step for accounts without two-factor login: the signed JWT (tests, tools).
  std::string login(const LoginRequest& request);
  // Called after each successful login with the account (the daemon records milestones here).
  std::function<void(const Account&)> on_login;
  // Proof that the person at `client_address` knows `who`'s password (before an e-mail change):
  // 422 on fields.current_password when it is missing or wrong, 429 past the login limits;
  // wrong guesses count like failed logins.
  void confirm_password(const Account& who, const std::string& password, const std::string& client_address);
  Principal authenticate(std::string_view bearer_token);
  // The principal when memory alone proves it: a token verified before and a session the cache
  // holds. Nothing otherwise (authenticate() on the pool decides, and words any refusal); never
  // a database round trip or a throw, for the I/O thread's memory lane.
  std::optional<Principal> authenticate_from_memory(std::string_view bearer_token);
  // A new session for `account` in the caller's transaction, without a password check (the
  // caller proved who it is: accepting an invitation logs the new account in): the signed JWT.
  std::string open_session(db::Tx& tx, const Account& account, const std::string& client_address,
                           const std::string& user_agent);
  // The signature and expiry only (no database): for cheap checks on an I/O thread.
  TokenClaims verify_token(std::string_view bearer_token) const { return signer_.verify(bearer_token); }
  void logout(const Principal& principal);
  // `camp sessions revoke`: every session and the calendar feed (session_repo::end_sessions).
  int revoke_all(std::int64_t account_id);
  // Deletes throttle rows whose window ended before `now` and sessions expired (or revoked a day
  // ago) by `now`, `batch` rows per statement and at most `max_batches` statements per table,
  // so a call is bounded however large the backlog. Call it periodically (the daemon: every
  // few minutes).
  PruneResult prune_expired(std::chrono::system_clock::time_point now, int batch = 1000, int max_batches = 10);

 private:
  db::Pool& pool_;
  TokenSigner signer_;
  LoginThrottle throttle_;
  int ttl_days_;
  SessionCache* cache_;  // the daemon's; none for the CLI
  VerifiedTokens verified_;
};

}  // namespace camp::accounts
