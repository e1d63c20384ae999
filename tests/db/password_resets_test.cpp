// Password reset against PostgreSQL (lib/accounts/password_resets.hpp): a token works once and
// for one hour on the service's clock, only its hash is stored, a reset ends every session,
// requests are counted per e-mail and per address, unknown e-mails look the same.
#include <gtest/gtest.h>

#include <atomic>
#include <regex>

#include "accounts/link_token.hpp"
#include "accounts/password_resets.hpp"
#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "environment.hpp"

namespace camp::accounts {
namespace {

using namespace std::chrono_literals;

std::string unique_email() {
  static std::atomic<int> n{0};
  return "reset-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
}

long long count(const std::string& query, const std::string& param) {
  return dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    return tx.exec_params(query, param)[0][0].as<long long>();
  });
}

// The token in the newest mail to `email` (what the person clicks).
std::string token_from_mail(const std::string& email) {
  const auto text = dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    const auto r = tx.exec_params("SELECT links->>'url' FROM mail_outbox WHERE to_address = $1 AND template = "
                                  "'password_reset' ORDER BY id DESC LIMIT 1",
                                  email);
    return r.empty() ? std::string() : r[0][0].as<std::string>();
  });
  std::smatch m;
  static const std::regex link(R"(https?://[^\s]+/reset-password/([A-Za-z0-9_-]{43})/edit)");
  if (!std::regex_search(text, m, link)) return {};
  return m[1];
}

RateLimits roomy() {
  RateLimits r;
  r.password_resets_per_email = 100;
  r.password_resets_per_address = 1000;
  return r;
}

struct Fixture {
  FixedClock clock{std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now())};
  PasswordResetService resets{dbtest::pool(), clock, roomy(), "https://camp.example.jp"};
  AccountService accounts{dbtest::pool()};
  SessionService sessions{dbtest::pool(), TokenSigner(std::string(40, 's')), RateLimits{}, 30};
  Account account = accounts.create({unique_email(), "student", "rails_4m", "再設定テスト", "old-pass-123"});

  std::string requested() {
    resets.request({account.email, "192.0.2.70"});
    return token_from_mail(account.email);
  }
};

TEST(PasswordResetsDb, TokenWorksOnceAndTheNewPasswordLogsIn) {
  Fixture f;
  const auto token = f.requested();
  ASSERT_EQ(token.size(), kLinkTokenChars);
  EXPECT_NO_THROW(f.resets.check(token));
  f.resets.reset(token, {"new-pass-456", "new-pass-456"});
  EXPECT_EQ(dbtest::code_of([&] { f.resets.check(token); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { f.resets.reset(token, {"other-pass-789", "other-pass-789"}); }), errc::not_found);
  EXPECT_NO_THROW(f.sessions.login({f.account.email, "new-pass-456", "192.0.2.71", "test"}));
  EXPECT_EQ(dbtest::code_of([&] { f.sessions.login({f.account.email, "old-pass-123", "192.0.2.71", "test"}); }),
            errc::unauthenticated);
}

TEST(PasswordResetsDb, TokenExpiresAfterAnHourOnTheServiceClock) {
  Fixture f;
  const auto token = f.requested();
  const auto expires = f.resets.check(token);
  EXPECT_EQ(std::chrono::duration_cast<std::chrono::seconds>(expires - f.clock.now()).count(), 3600);
  f.clock.advance(59min + 59s);
  EXPECT_NO_THROW(f.resets.check(token));
  f.clock.advance(1s);
  EXPECT_EQ(dbtest::code_of([&] { f.resets.check(token); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { f.resets.reset(token, {"new-pass-456", "new-pass-456"}); }), errc::not_found);
}

TEST(PasswordResetsDb, OnlyTheHashIsStored) {
  Fixture f;
  const auto token = f.requested();
  EXPECT_EQ(count("SELECT count(*) FROM password_resets WHERE position($1 IN row_to_json(password_resets)::text) > 0",
                  token),
            0);
  EXPECT_EQ(count("SELECT count(*) FROM password_resets WHERE token_hash = decode($1, 'hex')", link_token_hash(token)), 1);
}

TEST(PasswordResetsDb, ResetEndsEverySessionAndEveryOtherOpenToken) {
  Fixture f;
  const auto jwt1 = f.sessions.login({f.account.email, "old-pass-123", "192.0.2.72", "a"});
  const auto jwt2 = f.sessions.login({f.account.email, "old-pass-123", "192.0.2.72", "b"});
  const auto first = f.requested();
  const auto second = f.requested();
  ASSERT_NE(first, second);
  f.resets.reset(second, {"new-pass-456", "new-pass-456"});
  EXPECT_EQ(dbtest::code_of([&] { f.sessions.authenticate(jwt1); }), errc::unauthenticated);
  EXPECT_EQ(dbtest::code_of([&] { f.sessions.authenticate(jwt2); }), errc::unauthenticated);
  EXPECT_EQ(dbtest::code_of([&] { f.resets.check(first); }), errc::not_found);
}

TEST(PasswordResetsDb, PasswordRulesAndConfirmation) {
  Fixture f;
  const auto token = f.requested();
  auto fields = [&](const NewPassword& p) {
    try {
      f.resets.reset(token, p);
    } catch (const Error& e) {
      return e.fields();
    }
    return FieldErrors{};
  };
  EXPECT_EQ(fields({"", ""}).at("password"), std::vector<std::string>{"パスワードは必須です"});
  EXPECT_EQ(fields({"short", "short"}).at("password"), std::vector<std::string>{"パスワードは8文字以上でご入力ください"});
  EXPECT_EQ(fields({"seventeen-chars-x", "seventeen-chars-x"}).at("password"),
            std::vector<std::string>{"パスワードは16文字以下でご入力ください"});
  EXPECT_EQ(fields({"new-pass-456", "new-pass-457"}).at("password_confirmation"),
            std::vector<std::string>{"パスワードが一致しません"});
  EXPECT_NO_THROW(f.resets.check(token));  // refused input does not use the token up
}

TEST(PasswordResetsDb, UnknownEmailAnswersTheSameAndSendsNothing) {
  Fixture f;
  const auto nobody = unique_email();
  EXPECT_NO_THROW(f.resets.request({nobody, "192.0.2.73"}));
  EXPECT_EQ(count("SELECT count(*) FROM mail_outbox WHERE to_address = $1", nobody), 0);
  EXPECT_EQ(dbtest::code_of([&] { f.resets.request({"not-an-email", "192.0.2.73"}); }), errc::invalid);
}

TEST(PasswordResetsDb, MalformedTokensNeverReachTheDatabase) {
  Fixture f;
  for (const std::string& bad : {std::string(), std::string(43, '*'), std::string(44, 'A'), std::string(5000, 'A'),
                                std::string(42, 'A') + "'"})
    EXPECT_EQ(dbtest::code_of([&] { f.resets.check(bad); }), errc::not_found) << bad.substr(0, 50);
  EXPECT_EQ(dbtest::code_of([&] { f.resets.check(new_link_token()); }), errc::not_found);  // well formed, unknown
}

TEST(PasswordResetsDb, RequestsAreLimitedPerEmailAndPerAddress) {
  FixedClock clock{std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now())};
  RateLimits limits;
  limits.password_resets_per_email = 2;
  limits.password_resets_per_address = 3;
  PasswordResetService resets{dbtest::pool(), clock, limits, "https://camp.example.jp"};
  const auto email = unique_email();
  resets.request({email, "198.51.100.80"});
  resets.request({email, "198.51.100.81"});
  try {
    resets.request({email, "198.51.100.82"});
    ADD_FAILURE() << "third request for one e-mail accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::too_many_requests);
    ASSERT_TRUE(e.retry_after_seconds());
    EXPECT_GT(*e.retry_after_seconds(), 0);
  }
  resets.request({unique_email(), "198.51.100.90"});
  resets.request({unique_email(), "198.51.100.90"});
  resets.request({unique_email(), "198.51.100.90"});
  EXPECT_EQ(dbtest::code_of([&] { resets.request({unique_email(), "198.51.100.90"}); }), errc::too_many_requests);
}

}  // namespace
}  // namespace camp::accounts
