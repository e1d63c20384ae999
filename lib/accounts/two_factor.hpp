#pragma once
// Two-factor login (TOTP, RFC 6238; docs/privacy.md "Two-factor login"). Any account may turn it
// on; the roles in two_factor.required_roles must. The secret is sealed at rest with the
// questionnaire keyring (questionnaires/keyring.hpp); ten recovery codes are shown once and kept
// as argon2id hashes, each usable once. A right password for an account with it gives a
// challenge (SessionService::login_step), which this service turns into a session with a code:
// codes of the current time step or one either side, each step accepted once per account, and
// wrong codes counted like wrong passwords (accounts/throttle.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/model.hpp"
#include "accounts/session_cache.hpp"
#include "accounts/sessions.hpp"
#include "core/clock.hpp"
#include "core/config.hpp"
#include "db/pool.hpp"
#include "questionnaires/keyring.hpp"

namespace camp::accounts {

// How long a challenge waits for its code.
constexpr int kTwoFactorChallengeSeconds = 300;
constexpr int kRecoveryCodes = 10;

// The BLAKE2b hash a challenge is stored and found by (the database never holds the challenge).
std::string challenge_hash(std::string_view challenge);

struct TwoFactorStatus {
  bool enabled = false;
  bool required = false;  // the account's role must use it
  int recovery_codes_left = 0;
};

struct Enrolment {
  std::string secret;       // base32, for typing into an authenticator app
  std::string otpauth_uri;  // the same, for the QR code
};

struct CodeLogin {
  std::string challenge;
  std::string code;  // six digits, or a recovery code
  std::string client_address;
  std::string user_agent;
  int* answer_delay_ms = nullptr;  // as LoginRequest's
};

class TwoFactorService {
 public:
  TwoFactorService(db::Pool& pool, const questionnaires::Keyring& keys, SessionService& sessions, const Config& config,
                   SessionCache* cache, const Clock& clock);

  bool required_for(Role role) const;
  // A required role without two-factor login yet: the API answers it only what enrolment needs.
  bool must_enrol(const Account& account) const { return required_for(account.role) && !account.two_factor_enabled; }

  TwoFactorStatus status(const Account& account);
  // A new secret, pending until confirm(); 409 when two-factor login is on already.
  Enrolment begin(const Account& account);
  // The code of the pending secret turns it on: the ten recovery codes, shown this once. A wrong
  // code is 422 on fields.code and counts like a wrong password.
  std::vector<std::string> confirm(const Account& account, const std::string& code, const std::string& client_address);
  // Turns it off with a code or a recovery code (422 on fields.code when wrong, counted); 403
  // for a role that requires it.
  void disable(const Account& account, const std::string& code, const std::string& client_address);
  // The second step of a login: the session's JWT. An unknown or expired challenge is 401
  // (two_factor_challenge_expired), a wrong code 401 (two_factor_code_wrong), 429 past the
  // login limits.
  std::string complete_login(const CodeLogin& request);
  // `camp accounts reset-2fa`: removes the secret and recovery codes and ends every session, with
  // an audit row. False when the account had none.
  bool reset(const Account& actor, std::int64_t account_id);
  // Key rotation (QuestionnaireService::rotate_key): every secret sealed with the current key.
  std::int64_t reseal_all();
  int prune_challenges(int batch = 1000);

 private:
  enum class Kind { totp, recovery };
  struct Code {
    Kind kind;
    std::string text;  // six digits, or the recovery code normalised (lower case, no hyphen)
  };
  // 422 on fields.code for an empty or malformed code.
  static Code parse_code(const std::string& raw);
  // Whether `code` is good for the account, consuming it (the time step or the recovery code) in
  // `tx`. Needs the row locked.
  bool consume(db::Tx& tx, std::int64_t account_id, const Code& code);
  std::string associated(std::int64_t account_id) const;
  void forget(std::int64_t account_id);
  // A logged-in account's code is throttled like a password: refused while the pair is locked
  // out, else slowed down; a wrong one counts as a failure and answers 422 on fields.code.
  void hold_back(const ThrottleKeys& keys);
  [[noreturn]] void wrong_code(const ThrottleKeys& keys);

  db::Pool& pool_;
  const questionnaires::Keyring& keys_;
  SessionService& sessions_;
  std::vector<Role> required_roles_;
  LoginThrottle throttle_;
  SessionCache* cache_;
  const Clock& clock_;
};

}  // namespace camp::accounts
