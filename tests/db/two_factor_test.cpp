// Two-factor login (accounts/two_factor.hpp) against PostgreSQL. Every code is computed by
// Debian's oathtool, never by our own code.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <regex>

#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "accounts/two_factor.hpp"
#include "core/error.hpp"
#include "environment.hpp"

using namespace camp;
using namespace camp::accounts;
using camp::dbtest::code_of;

namespace {

std::string unique_email(const std::string& tag) {
  static std::atomic<int> n{0};
  return "tfa-" + tag + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
}

// A moment in the middle of a 30-second step, so ±1 step is exactly one step away.
const TimePoint kNow = TimePoint(std::chrono::seconds(1'800'000'015));

// oathtool --totp for `secret` (base32) at `at`.
std::string oathtool(const std::string& secret, TimePoint at) {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(at.time_since_epoch()).count();
  EXPECT_TRUE(std::regex_match(secret, std::regex("[A-Z2-7]+")));
  const auto command = "oathtool --totp -b -N @" + std::to_string(seconds) + " " + secret;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("oathtool did not start");
  char buffer[64] = {};
  const auto n = std::fread(buffer, 1, sizeof buffer - 1, pipe);
  EXPECT_EQ(::pclose(pipe), 0) << command;
  std::string code(buffer, n);
  while (!code.empty() && code.back() == '\n') code.pop_back();
  return code;
}

RateLimits limits() {
  return {.login_failures_per_email = 50,
          .login_failures_per_address = 50,
          .login_failures_per_email_and_address = 3,
          .login_slowdown_max_ms = 0,
          .window_seconds = 600};
}

// One set of services over the test database, with the admin role requiring two-factor login.
struct Fixture {
  Config config = [] {
    Config c;
    c.rate_limits = limits();
    c.two_factor_required_roles = {"admin"};
    return c;
  }();
  FixedClock clock{kNow};
  questionnaires::Keyring keys = questionnaires::Keyring::in_memory(1, std::string(32, 'k'));
  AccountService accounts{dbtest::pool()};
  SessionService sessions{dbtest::pool(), TokenSigner(std::string(40, 's')), config.rate_limits, 30};
  TwoFactorService two_factor{dbtest::pool(), keys, sessions, config, nullptr, clock};

  Account make(const std::string& role) {
    return accounts.create({unique_email(role), role, role == "student" ? std::optional<std::string>("rails_4m") : std::nullopt,
                            "二段階", "pass-word-123"});
  }
  // Enrols `a`: its secret (base32) and recovery codes.
  std::pair<std::string, std::vector<std::string>> enrol(const Account& a) {
    const auto e = two_factor.begin(a);
    return {e.secret, two_factor.confirm(a, oathtool(e.secret, clock.now()), "192.0.2.10")};
  }
  std::string challenge(const Account& a, const std::string& address = "192.0.2.20") {
    const auto outcome = sessions.login_step({a.email, "pass-word-123", address, "test"});
    EXPECT_TRUE(outcome.jwt.empty());
    return outcome.challenge;
  }
  std::string login_with(const Account& a, const std::string& code, const std::string& address = "192.0.2.20") {
    return two_factor.complete_login({challenge(a, address), code, address, "test"});
  }
};

}  // namespace

TEST(TwoFactorDb, EnrolmentShowsTenRecoveryCodesAndSealsTheSecret) {
  Fixture f;
  const auto a = f.make("student");
  const auto e = f.two_factor.begin(a);
  EXPECT_EQ(e.secret.size(), 32u);  // 160 bits in base32
  EXPECT_NE(e.otpauth_uri.find("otpauth://totp/camp:"), std::string::npos);
  EXPECT_NE(e.otpauth_uri.find("secret=" + e.secret), std::string::npos);
  EXPECT_FALSE(f.two_factor.status(a).enabled);  // pending until a code confirms it
  EXPECT_EQ(code_of([&] { f.two_factor.confirm(a, "000000x", "192.0.2.10"); }), errc::invalid);

  const auto codes = f.two_factor.confirm(a, oathtool(e.secret, f.clock.now()), "192.0.2.10");
  ASSERT_EQ(codes.size(), 10u);
  for (const auto& c : codes) EXPECT_TRUE(std::regex_match(c, std::regex("[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}"))) << c;
  const auto s = f.two_factor.status(a);
  EXPECT_TRUE(s.enabled);
  EXPECT_FALSE(s.required);
  EXPECT_EQ(s.recovery_codes_left, 10);
  EXPECT_TRUE(f.accounts.get(a.id).two_factor_enabled);
  // Neither the secret nor a recovery code is readable in the database.
  const auto id = std::to_string(a.id);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM account_two_factor WHERE account_id = " + id +
                           " AND position(convert_to('" + e.secret + "', 'UTF8') in sealed) = 0 AND key_id = 1"),
            1);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM account_recovery_codes WHERE account_id = " + id +
                           " AND code_hash LIKE '$argon2id$%' AND code_hash NOT LIKE '%" + codes[0].substr(0, 5) + "%'"),
            10);
  EXPECT_EQ(code_of([&] { f.two_factor.begin(a); }), errc::conflict);  // on already
}

TEST(TwoFactorDb, PasswordAloneGivesAChallengeThenTheCodeASession) {
  Fixture f;
  const auto a = f.make("student");
  const auto [secret, codes] = f.enrol(a);
  f.clock.advance(std::chrono::seconds(30));  // the enrolment's step is used up
  const auto outcome = f.sessions.login_step({a.email, "pass-word-123", "192.0.2.20", "test"});
  EXPECT_TRUE(outcome.jwt.empty());
  EXPECT_EQ(outcome.challenge.size(), 64u);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM sessions WHERE account_id = " + std::to_string(a.id)), 0);
  EXPECT_EQ(code_of([&] { f.sessions.login({a.email, "pass-word-123", "192.0.2.20", "test"}); }), errc::unauthenticated);

  const auto jwt = f.two_factor.complete_login({outcome.challenge, oathtool(secret, f.clock.now()), "192.0.2.20", "t"});
  EXPECT_EQ(f.sessions.authenticate(jwt).account.id, a.id);
  // The challenge was used up.
  EXPECT_EQ(code_of([&] { f.two_factor.complete_login({outcome.challenge, "123456", "192.0.2.20", "t"}); }),
            errc::unauthenticated);
  EXPECT_EQ(code_of([&] { f.two_factor.complete_login({"not-a-challenge", "123456", "192.0.2.20", "t"}); }),
            errc::unauthenticated);
}

TEST(TwoFactorDb, ACodeIsAcceptedOnceAndOnlyWithinOneStepEitherSide) {
  Fixture f;
  const auto a = f.make("trial");
  const auto [secret, codes] = f.enrol(a);
  f.clock.advance(std::chrono::minutes(5));
  const auto now = f.clock.now();
  // Two steps away either side: refused.
  EXPECT_EQ(code_of([&] { f.login_with(a, oathtool(secret, now - std::chrono::seconds(60))); }), errc::unauthenticated);
  EXPECT_EQ(code_of([&] { f.login_with(a, oathtool(secret, now + std::chrono::seconds(60))); }), errc::unauthenticated);
  // The previous step's code (a slow phone) is fine, once.
  const auto previous = oathtool(secret, now - std::chrono::seconds(30));
  EXPECT_FALSE(f.login_with(a, previous).empty());
  EXPECT_EQ(code_of([&] { f.login_with(a, previous); }), errc::unauthenticated);
  // The current code, once; then neither it nor the older one again (replay).
  const auto current = oathtool(secret, now);
  EXPECT_FALSE(f.login_with(a, current).empty());
  EXPECT_EQ(code_of([&] { f.login_with(a, current); }), errc::unauthenticated);
  EXPECT_EQ(code_of([&] { f.login_with(a, previous); }), errc::unauthenticated);
  // The next step's code (a fast phone) still works.
  EXPECT_FALSE(f.login_with(a, oathtool(secret, now + std::chrono::seconds(30))).empty());
}

TEST(TwoFactorDb, WrongCodesAreThrottledLikePasswords) {
  Fixture f;
  const auto a = f.make("student");
  const auto [secret, codes] = f.enrol(a);
  f.clock.advance(std::chrono::seconds(30));
  const auto address = "192.0.2.31";
  const auto right = oathtool(secret, f.clock.now());
  const auto wrong = right == "000000" ? std::string("111111") : std::string("000000");
  const auto challenge = f.challenge(a, address);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(code_of([&] { f.two_factor.complete_login({challenge, wrong, address, "t"}); }), errc::unauthenticated);
  // The pair's limit (3) is reached: even the right code waits, and the password step too.
  EXPECT_EQ(code_of([&] { f.two_factor.complete_login({challenge, right, address, "t"}); }), errc::too_many_requests);
  EXPECT_EQ(code_of([&] { f.sessions.login_step({a.email, "pass-word-123", address, "t"}); }), errc::too_many_requests);
  // A malformed code is a 422 on fields.code, not an attempt.
  try {
    f.two_factor.complete_login({challenge, "1234567", "192.0.2.32", "t"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::invalid);
    EXPECT_EQ(e.fields().at("code").at(0), "確認コードは6桁の数字、またはリカバリーコード（xxxxx-xxxxx）でご入力ください");
  }
}

TEST(TwoFactorDb, EachRecoveryCodeWorksOnce) {
  Fixture f;
  const auto a = f.make("student");
  const auto [secret, codes] = f.enrol(a);
  EXPECT_FALSE(f.login_with(a, codes[3]).empty());
  EXPECT_EQ(code_of([&] { f.login_with(a, codes[3]); }), errc::unauthenticated);
  // Typed in capitals without the hyphen: the same code.
  std::string typed = codes[7].substr(0, 5) + codes[7].substr(6);
  for (auto& c : typed) c = static_cast<char>(std::toupper(c));
  EXPECT_FALSE(f.login_with(a, typed).empty());
  EXPECT_EQ(f.two_factor.status(a).recovery_codes_left, 8);
}

TEST(TwoFactorDb, RequiredPerRoleAndNotToBeTurnedOffThere) {
  Fixture f;
  const auto admin = f.make("admin");
  const auto mentor = f.make("basic_mentor");
  EXPECT_TRUE(f.two_factor.must_enrol(f.accounts.get(admin.id)));
  EXPECT_FALSE(f.two_factor.must_enrol(f.accounts.get(mentor.id)));
  const auto [secret, codes] = f.enrol(admin);
  EXPECT_FALSE(f.two_factor.must_enrol(f.accounts.get(admin.id)));
  EXPECT_EQ(code_of([&] { f.two_factor.disable(admin, codes[0], "192.0.2.40"); }), errc::forbidden);

  const auto [mentor_secret, mentor_codes] = f.enrol(mentor);
  EXPECT_EQ(code_of([&] { f.two_factor.disable(mentor, "000000", "192.0.2.40"); }), errc::invalid);
  f.two_factor.disable(mentor, mentor_codes[0], "192.0.2.40");
  EXPECT_FALSE(f.two_factor.status(mentor).enabled);
  EXPECT_FALSE(f.sessions.login({mentor.email, "pass-word-123", "192.0.2.40", "t"}).empty());
}

TEST(TwoFactorDb, ResetRemovesItEndsSessionsAndIsAudited) {
  Fixture f;
  const auto a = f.make("admin");
  const auto [secret, codes] = f.enrol(a);
  const auto jwt = f.login_with(a, codes[0]);
  EXPECT_TRUE(f.two_factor.reset(Account::system(), a.id));
  EXPECT_EQ(code_of([&] { f.sessions.authenticate(jwt); }), errc::unauthenticated);
  EXPECT_FALSE(f.two_factor.status(a).enabled);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM account_recovery_codes WHERE account_id = " + std::to_string(a.id)), 0);
  EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM audit_log WHERE action = 'two_factor.reset' AND subject = 'account " +
                           std::to_string(a.id) + "'"),
            1);
  EXPECT_FALSE(f.two_factor.reset(Account::system(), a.id));  // nothing left to reset
  EXPECT_EQ(code_of([&] { f.two_factor.reset(Account::system(), 987654321); }), errc::not_found);
  // The password alone logs in again, and the admin is sent to enrolment.
  const auto again = f.sessions.login({a.email, "pass-word-123", "192.0.2.41", "t"});
  EXPECT_TRUE(f.two_factor.must_enrol(f.sessions.authenticate(again).account));
}

TEST(TwoFactorDb, KeyRotationReSealsTheSecrets) {
  Fixture f;
  const auto a = f.make("student");
  const auto [secret, codes] = f.enrol(a);
  const auto dir = dbtest::data_dir() + "/tfa-keys-" + std::to_string(getpid());
  auto ring = questionnaires::Keyring::open(dir);
  TwoFactorService on_file{dbtest::pool(), ring, f.sessions, f.config, nullptr, f.clock};
  // One keyring seals every secret of a school; the other tests here sealed theirs with the
  // in-memory key, which this file's ring does not hold: start from this ring's secrets only.
  dbtest::run_sql("DELETE FROM account_two_factor");
  const auto e = on_file.begin(a);
  on_file.confirm(a, oathtool(e.secret, f.clock.now()), "192.0.2.50");
  ring.add_key();
  EXPECT_GE(on_file.reseal_all(), 1);
  ring.drop_all_but_current();
  EXPECT_EQ(dbtest::scalar("SELECT key_id FROM account_two_factor WHERE account_id = " + std::to_string(a.id)),
            ring.current_id());
  f.clock.advance(std::chrono::seconds(30));
  const auto challenge = f.challenge(a, "192.0.2.51");
  EXPECT_FALSE(on_file.complete_login({challenge, oathtool(e.secret, f.clock.now()), "192.0.2.51", "t"}).empty());
}
