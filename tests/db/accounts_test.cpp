#include <gtest/gtest.h>

#include <atomic>

#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "core/error.hpp"
#include "environment.hpp"

using namespace camp;
using camp::dbtest::code_of;
using namespace camp::accounts;

namespace {

std::string unique_email(const std::string& tag) {
  static std::atomic<int> n{0};
  return tag + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
}

Account make(AccountService& s, const std::string& role, std::optional<std::string> course = std::nullopt) {
  return s.create({unique_email(role), role, course, "テスト", "pass-word-123"});
}


SessionService sessions(RateLimits limits = {}) {
  return SessionService(dbtest::pool(), TokenSigner(std::string(40, 's')), limits, 30);
}

}  // namespace

TEST(AccountsDb, CreateReadsBackWithCourse) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "student", "u29");
  EXPECT_EQ(a.role, Role::student);
  ASSERT_TRUE(a.course);
  EXPECT_EQ(a.course->name, "Railsキャリアコース（U29）");
  EXPECT_EQ(s.get(a.id).email, a.email);
}

TEST(AccountsDb, EmailIsUniqueCaseInsensitively) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "admin");
  std::string upper = a.email;
  for (auto& c : upper) c = static_cast<char>(std::toupper(c));
  EXPECT_EQ(code_of([&] { s.create({upper, "admin", std::nullopt, "", "pass-word-123"}); }), errc::conflict);
}

TEST(AccountsDb, UnknownCourseAndMissingCourseAreInvalid) {
  AccountService s(dbtest::pool());
  EXPECT_EQ(code_of([&] { make(s, "student", "cobol_12m"); }), errc::invalid);
  EXPECT_EQ(code_of([&] { make(s, "student"); }), errc::invalid);
  EXPECT_EQ(code_of([&] { make(s, "admin", "rails_4m"); }), errc::invalid);
}

TEST(AccountsDb, ProfileUpdateRules) {
  AccountService s(dbtest::pool());
  const auto me = make(s, "student", "rails_4m");
  const auto other = make(s, "student", "rails_5m");
  const auto admin = make(s, "admin");

  ProfilePatch patch;
  patch.nickname = "新しい名前";
  EXPECT_EQ(s.update_profile(me, me.id, patch).nickname, "新しい名前");
  EXPECT_EQ(code_of([&] { s.update_profile(me, other.id, patch); }), errc::forbidden);
  EXPECT_EQ(s.update_profile(admin, other.id, patch).nickname, "新しい名前");
  EXPECT_EQ(code_of([&] { s.update_profile(admin, 987654321, patch); }), errc::not_found);

  ProfilePatch taken;
  taken.email = other.email;
  EXPECT_EQ(code_of([&] { s.update_profile(me, me.id, taken); }), errc::conflict);

  ProfilePatch bad;
  bad.nickname = std::string(81, 'x');
  bad.email = "";
  try {
    s.update_profile(me, me.id, bad);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.fields().at("nickname__c").at(0), "ニックネームは80文字以内でご入力ください");
    EXPECT_EQ(e.fields().at("personemail").at(0), "メールアドレスは必須です");
  }
  EXPECT_EQ(s.get(me.id).nickname, "新しい名前");  // nothing changed by the refused update
}

TEST(SessionsDb, LoginAuthenticateLogout) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "trial");
  auto svc = sessions();
  const auto token = svc.login({a.email, "pass-word-123", "192.0.2.1", "test"});
  const auto principal = svc.authenticate(token);
  EXPECT_EQ(principal.account.id, a.id);
  svc.logout(principal);
  EXPECT_EQ(code_of([&] { svc.authenticate(token); }), errc::unauthenticated);
}

TEST(SessionsDb, WrongPasswordAndUnknownEmailLookTheSame) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "trial");
  auto svc = sessions();
  std::string wrong, unknown;
  try {
    svc.login({a.email, "not-the-password", "192.0.2.2", ""});
  } catch (const Error& e) {
    wrong = std::string(to_string(e.code())) + e.what();
  }
  try {
    svc.login({unique_email("nobody"), "not-the-password", "192.0.2.2", ""});
  } catch (const Error& e) {
    unknown = std::string(to_string(e.code())) + e.what();
  }
  EXPECT_FALSE(wrong.empty());
  EXPECT_EQ(wrong, unknown);
}

TEST(SessionsDb, FailuresAreThrottledPerEmailEvenWithTheRightPassword) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "trial");
  auto svc = sessions({3, 100, 600});
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(code_of([&] { svc.login({a.email, "wrong-password", "192.0.2.3", ""}); }), errc::unauthenticated);
  try {
    svc.login({a.email, "pass-word-123", "192.0.2.3", ""});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::too_many_requests);
    ASSERT_TRUE(e.retry_after_seconds());
    EXPECT_GT(*e.retry_after_seconds(), 500);
    EXPECT_LE(*e.retry_after_seconds(), 600);
  }
}

TEST(SessionsDb, FailuresAreThrottledPerAddress) {
  auto svc = sessions({100, 2, 600});
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(code_of([&] { svc.login({unique_email("x"), "wrong-password", "192.0.2.4", ""}); }), errc::unauthenticated);
  EXPECT_EQ(code_of([&] { svc.login({unique_email("x"), "wrong-password", "192.0.2.4", ""}); }), errc::too_many_requests);
  EXPECT_EQ(code_of([&] { svc.login({unique_email("x"), "wrong-password", "192.0.2.5", ""}); }), errc::unauthenticated);
}

TEST(SessionsDb, RevokeAllEndsEverySession) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "basic_mentor");
  auto svc = sessions();
  const auto t1 = svc.login({a.email, "pass-word-123", "192.0.2.6", ""});
  const auto t2 = svc.login({a.email, "pass-word-123", "192.0.2.6", ""});
  EXPECT_EQ(svc.revoke_all(a.id), 2);
  EXPECT_EQ(code_of([&] { svc.authenticate(t1); }), errc::unauthenticated);
  EXPECT_EQ(code_of([&] { svc.authenticate(t2); }), errc::unauthenticated);
}
