#include "accounts/two_factor.hpp"

#include <sodium.h>

#include <chrono>

#include "accounts/password.hpp"
#include "accounts/repo.hpp"
#include "accounts/session_repo.hpp"
#include "accounts/totp.hpp"
#include "accounts/two_factor_repo.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "questionnaires/audit.hpp"

namespace camp::accounts {
namespace {

// Recovery codes: ten characters without look-alikes (0/o, 1/l/i), shown as xxxxx-xxxxx.
constexpr std::string_view kRecoveryAlphabet = "23456789abcdefghjkmnpqrstuvwxyz";
constexpr std::size_t kRecoveryLength = 10;

std::string new_recovery_code() {
  std::string code;
  for (std::size_t i = 0; i < kRecoveryLength; ++i)
    code += kRecoveryAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kRecoveryAlphabet.size()))];
  return code;
}

std::string shown(const std::string& code) { return code.substr(0, 5) + "-" + code.substr(5); }

Error code_error(std::string_view message) {
  return Error(errc::invalid, std::string(message), {{"code", {std::string(message)}}});
}

Error throttled(int retry_after) {
  return Error(errc::too_many_requests, std::string(msg::login_throttled)).with_retry_after(retry_after);
}

}  // namespace

std::string challenge_hash(std::string_view challenge) {
  std::string out(32, '\0');
  crypto_generichash(reinterpret_cast<unsigned char*>(out.data()), out.size(),
                     reinterpret_cast<const unsigned char*>(challenge.data()), challenge.size(), nullptr, 0);
  return out;
}

TwoFactorService::TwoFactorService(db::Pool& pool, const questionnaires::Keyring& keys, SessionService& sessions,
                                   const Config& config, SessionCache* cache, const Clock& clock)
    : pool_(pool), keys_(keys), sessions_(sessions), throttle_(config.rate_limits), cache_(cache), clock_(clock) {
  for (const auto& name : config.two_factor_required_roles)
    if (const auto role = parse_role(name)) required_roles_.push_back(*role);
}

bool TwoFactorService::required_for(Role role) const {
  for (const auto r : required_roles_)
    if (r == role) return true;
  return false;
}

std::string TwoFactorService::associated(std::int64_t account_id) const {
  return "two_factor:" + std::to_string(account_id);
}

void TwoFactorService::forget(std::int64_t account_id) {
  if (cache_) cache_->forget_account(account_id);  // at once here; others hear the NOTIFY
}

TwoFactorService::Code TwoFactorService::parse_code(const std::string& raw) {
  if (!text::valid_utf8(raw)) throw code_error(msg::two_factor_code_format);
  std::string compact;
  for (const char c : raw)
    if (c != ' ' && c != '-' && c != '\t') compact += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (compact.empty()) throw code_error(msg::two_factor_code_required);
  if (compact.size() == static_cast<std::size_t>(totp::kDigits) &&
      compact.find_first_not_of("0123456789") == std::string::npos)
    return {Kind::totp, compact};
  if (compact.size() == kRecoveryLength && compact.find_first_not_of(kRecoveryAlphabet) == std::string::npos)
    return {Kind::recovery, compact};
  throw code_error(msg::two_factor_code_format);
}

bool TwoFactorService::consume(db::Tx& tx, std::int64_t account_id, const Code& code) {
  const auto stored = two_factor_repo::find(tx, account_id, true);
  if (!stored || !stored->enabled) return false;
  if (code.kind == Kind::recovery) {
    for (const auto& candidate : two_factor_repo::unused_recovery_codes(tx, account_id))
      if (verify_password(candidate.hash, code.text)) return two_factor_repo::use_recovery_code(tx, candidate.id);
    return false;
  }
  const auto secret = keys_.open_sealed(stored->sealed, associated(account_id));
  const auto now = unix_seconds(clock_.now());
  const auto step = totp::matching_step(secret, code.text, now);
  // Each time step once: a code seen (or one older than a code seen) is refused.
  if (!step || (stored->last_step && *step <= *stored->last_step)) return false;
  two_factor_repo::set_last_step(tx, account_id, *step);
  return true;
}

TwoFactorStatus TwoFactorService::status(const Account& account) {
  return pool_.autocommit([&](db::Tx& tx) {
    TwoFactorStatus s;
    s.required = required_for(account.role);
    const auto stored = two_factor_repo::find(tx, account.id, false);
    s.enabled = stored && stored->enabled;
    if (s.enabled) s.recovery_codes_left = static_cast<int>(two_factor_repo::unused_recovery_codes(tx, account.id).size());
    return s;
  });
}

Enrolment TwoFactorService::begin(const Account& account) {
  const auto secret = totp::new_secret();
  const bool started = pool_.transaction([&](db::Tx& tx) {
    return two_factor_repo::put_pending(tx, account.id, keys_.seal(secret, associated(account.id)));
  });
  if (!started) throw Error(errc::conflict, std::string(msg::two_factor_already_enabled));
  return {totp::base32(secret), totp::otpauth_uri(secret, "camp", account.email)};
}

void TwoFactorService::hold_back(const ThrottleKeys& keys) {
  const auto verdict = pool_.autocommit([&](db::Tx& tx) { return throttle_.check(tx, keys); });
  if (verdict.retry_after_seconds) throw throttled(*verdict.retry_after_seconds);
  slow_down(verdict.slowdown_ms);
}

void TwoFactorService::wrong_code(const ThrottleKeys& keys) {
  pool_.autocommit([&](db::Tx& tx) { throttle_.record_failure(tx, keys); });
  throw code_error(msg::two_factor_code_wrong);
}

std::vector<std::string> TwoFactorService::confirm(const Account& account, const std::string& raw,
                                                   const std::string& client_address) {
  const auto code = parse_code(raw);
  if (code.kind != Kind::totp) throw code_error(msg::two_factor_code_format);
  const auto keys = throttle_keys(account.email, client_address);
  hold_back(keys);

  std::vector<std::string> codes, hashes;
  for (int i = 0; i < kRecoveryCodes; ++i) {
    codes.push_back(new_recovery_code());
    hashes.push_back(hash_password(codes.back()));
  }
  const auto now = unix_seconds(clock_.now());
  const bool ok = pool_.transaction([&](db::Tx& tx) {
    const auto stored = two_factor_repo::find(tx, account.id, true);
    if (!stored) throw Error(errc::conflict, std::string(msg::two_factor_not_started));
    if (stored->enabled) throw Error(errc::conflict, std::string(msg::two_factor_already_enabled));
    const auto step = totp::matching_step(keys_.open_sealed(stored->sealed, associated(account.id)), code.text, now);
    if (!step) return false;
    two_factor_repo::enable(tx, account.id, *step);
    two_factor_repo::replace_recovery_codes(tx, account.id, hashes);
    throttle_.record_success(tx, keys);
    return true;
  });
  if (!ok) wrong_code(keys);
  forget(account.id);
  for (auto& c : codes) c = shown(c);
  return codes;
}

void TwoFactorService::disable(const Account& account, const std::string& raw, const std::string& client_address) {
  if (required_for(account.role)) throw Error(errc::forbidden, std::string(msg::two_factor_required_for_role));
  const auto code = parse_code(raw);
  const auto keys = throttle_keys(account.email, client_address);
  hold_back(keys);
  const bool ok = pool_.transaction([&](db::Tx& tx) {
    const auto stored = two_factor_repo::find(tx, account.id, true);
    if (!stored || !stored->enabled) throw Error(errc::conflict, std::string(msg::two_factor_not_enabled));
    if (!consume(tx, account.id, code)) return false;
    two_factor_repo::remove(tx, account.id);
    throttle_.record_success(tx, keys);
    return true;
  });
  if (!ok) wrong_code(keys);
  forget(account.id);
}

std::string TwoFactorService::complete_login(const CodeLogin& request) {
  const auto code = parse_code(request.code);
  const auto hash = challenge_hash(request.challenge);
  const auto expired = [] { return Error(errc::unauthenticated, std::string(msg::two_factor_challenge_expired)); };
  const auto found = pool_.autocommit([&](db::Tx& tx) {
    auto pending = two_factor_repo::find_challenge(tx, hash);
    if (!pending) throw expired();
    const auto v = throttle_.check(tx, throttle_keys(pending->email, request.client_address));
    if (v.retry_after_seconds) throw throttled(*v.retry_after_seconds);
    return std::make_pair(std::move(*pending), v);
  });
  const auto& challenge = found.first;
  const auto& verdict = found.second;
  const auto keys = throttle_keys(challenge.email, request.client_address);
  if (request.answer_delay_ms) *request.answer_delay_ms = verdict.slowdown_ms;
  else slow_down(verdict.slowdown_ms);

  std::optional<Account> account;
  const auto jwt = pool_.transaction([&](db::Tx& tx) -> std::string {
    if (!two_factor_repo::find_challenge(tx, hash)) throw expired();  // used meanwhile
    if (!consume(tx, challenge.account_id, code)) return {};
    account = repo::find_by_id(tx, challenge.account_id);
    if (!account) throw expired();
    two_factor_repo::delete_challenge(tx, hash);
    throttle_.record_success(tx, keys);
    return sessions_.open_session(tx, *account, request.client_address, request.user_agent);
  });
  if (jwt.empty()) {
    pool_.autocommit([&](db::Tx& tx) { throttle_.record_failure(tx, keys); });
    throw Error(errc::unauthenticated, std::string(msg::two_factor_code_wrong));
  }
  if (sessions_.on_login) sessions_.on_login(*account);
  return jwt;
}

bool TwoFactorService::reset(const Account& actor, std::int64_t account_id) {
  const bool removed = pool_.transaction([&](db::Tx& tx) {
    if (!repo::lock(tx, account_id)) throw Error(errc::not_found, std::string(msg::not_found));
    if (!two_factor_repo::remove(tx, account_id)) return false;
    session_repo::end_sessions(tx, account_id);
    questionnaires::audit::record(tx, questionnaires::audit::actor_of(actor), "two_factor.reset",
                                  "account " + std::to_string(account_id), "二段階認証のリセット");
    return true;
  });
  if (removed) forget(account_id);
  return removed;
}

std::int64_t TwoFactorService::reseal_all() {
  std::int64_t done = 0;
  for (;;) {
    const auto n = pool_.transaction([&](db::Tx& tx) {
      const auto rows = two_factor_repo::lock_stale(tx, keys_.current_id(), 500);
      for (const auto& row : rows) {
        const auto ad = associated(row.account_id);
        two_factor_repo::reseal(tx, row.account_id, keys_.seal(keys_.open_sealed(row.sealed, ad), ad));
      }
      return static_cast<std::int64_t>(rows.size());
    });
    done += n;
    if (n == 0) return done;
  }
}

int TwoFactorService::prune_challenges(int batch) {
  return pool_.autocommit([&](db::Tx& tx) { return two_factor_repo::prune_challenges(tx, batch); });
}

}  // namespace camp::accounts
