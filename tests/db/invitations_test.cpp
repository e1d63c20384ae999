// Invitations against PostgreSQL (lib/accounts/invitations.hpp): the link works once, expires
// on the service's clock, a tampered id names nothing, an e-mail with an account is a 409, and
// inviting again replaces the pending invitation.
#include <gtest/gtest.h>

#include <atomic>
#include <regex>

#include "accounts/invitations.hpp"
#include "accounts/link_token.hpp"
#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "environment.hpp"

namespace camp::accounts {
namespace {

using namespace std::chrono_literals;

std::string unique_email() {
  static std::atomic<int> n{0};
  return "invite-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
}

long long count(const std::string& query, const std::string& param) {
  return dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    return tx.exec_params(query, param)[0][0].as<long long>();
  });
}

std::string id_from_mail(const std::string& email) {
  const auto text = dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    const auto r = tx.exec_params(
        "SELECT links->>'url' FROM mail_outbox WHERE to_address = $1 AND template = 'invitation' ORDER BY id DESC LIMIT 1",
        email);
    return r.empty() ? std::string() : r[0][0].as<std::string>();
  });
  std::smatch m;
  static const std::regex link(R"(https?://[^\s]+/account/new/([A-Za-z0-9_-]{43}))");
  if (!std::regex_search(text, m, link)) return {};
  return m[1];
}

struct Fixture {
  FixedClock clock{std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now())};
  InvitationService invitations{dbtest::pool(), clock, "https://camp.example.jp"};
  AccountService accounts{dbtest::pool()};
  SessionService sessions{dbtest::pool(), TokenSigner(std::string(40, 's')), RateLimits{}, 30};
  Account admin = accounts.create({unique_email(), "admin", std::nullopt, "招待した管理者", "admin-pass-123"});

  std::string invited(const std::string& email, const std::string& role = "student",
                      std::optional<std::string> course = "rails_4m") {
    invitations.invite(admin, {email, role, course, "招待 花子"});
    return id_from_mail(email);
  }
};

const Acceptance kAcceptance{"新しい 花子", {"hanako-pass-1", "hanako-pass-1"}};

TEST(InvitationsDb, AcceptCreatesTheAccountOnceAndLogsIn) {
  Fixture f;
  const auto email = unique_email();
  const auto id = f.invited(email);
  ASSERT_EQ(id.size(), kLinkTokenChars);
  const auto view = f.invitations.check(id);
  EXPECT_EQ(view.invitation.email, email);
  EXPECT_FALSE(view.expired);
  ASSERT_TRUE(view.contact);
  EXPECT_EQ(view.contact->email, f.admin.email);
  std::string jwt;
  const auto account = f.invitations.accept(id, kAcceptance, [&](db::Tx& tx, const Account& a) {
    jwt = f.sessions.open_session(tx, a, "192.0.2.60", "test");
  });
  EXPECT_EQ(account.email, email);
  EXPECT_EQ(account.role, Role::student);
  EXPECT_EQ(account.nickname, "新しい 花子");
  ASSERT_TRUE(account.course);
  EXPECT_EQ(account.course->code, "rails_4m");
  EXPECT_EQ(f.sessions.authenticate(jwt).account.id, account.id);
  EXPECT_NO_THROW(f.sessions.login({email, "hanako-pass-1", "192.0.2.61", "test"}));
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.check(id); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.accept(id, kAcceptance); }), errc::not_found);
  EXPECT_EQ(count("SELECT count(*) FROM invitations WHERE position($1 IN row_to_json(invitations)::text) > 0", id), 0);
}

TEST(InvitationsDb, ExpiresAfterSevenDaysAndSaysWhoToAsk) {
  Fixture f;
  const auto email = unique_email();
  const auto id = f.invited(email);
  f.clock.advance(kInvitationLifetime - 1s);
  EXPECT_FALSE(f.invitations.check(id).expired);
  f.clock.advance(1s);
  const auto view = f.invitations.check(id);
  EXPECT_TRUE(view.expired);
  ASSERT_TRUE(view.contact);
  EXPECT_EQ(view.contact->display_name, "招待した管理者");
  try {
    f.invitations.accept(id, kAcceptance);
    ADD_FAILURE() << "an expired invitation was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::not_found);
    EXPECT_STREQ(e.what(), "この招待リンクは有効期限が切れています。");
  }
  EXPECT_EQ(count("SELECT count(*) FROM accounts WHERE email = $1", email), 0);
}

TEST(InvitationsDb, TamperedOrMalformedIdsNameNothing) {
  Fixture f;
  const auto id = f.invited(unique_email());
  auto tampered = id;
  tampered[10] = tampered[10] == 'A' ? 'B' : 'A';
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.check(tampered); }), errc::not_found);
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.accept(tampered, kAcceptance); }), errc::not_found);
  for (const std::string& bad : {id.substr(0, 42), id + "A", std::string(10000, 'A'), id.substr(0, 42) + "."})
    EXPECT_EQ(dbtest::code_of([&] { f.invitations.check(bad); }), errc::not_found);
  EXPECT_NO_THROW(f.invitations.check(id));
}

TEST(InvitationsDb, AnEmailWithAnAccountIsAConflict) {
  Fixture f;
  try {
    f.invitations.invite(f.admin, {f.admin.email, "student", "rails_4m", ""});
    ADD_FAILURE() << "invited an existing account";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::conflict);
    EXPECT_EQ(e.fields().at("email"), std::vector<std::string>{"このメールアドレスは既に使われています"});
  }
  // Created meanwhile (another route): accepting is the conflict then, and nothing changes.
  const auto email = unique_email();
  const auto id = f.invited(email);
  f.accounts.create({email, "trial", std::nullopt, "", "trial-pass-123"});
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.accept(id, kAcceptance); }), errc::conflict);
  EXPECT_NO_THROW(f.invitations.check(id));
}

TEST(InvitationsDb, InvitingAgainReplacesThePendingInvitation) {
  Fixture f;
  const auto email = unique_email();
  const auto first = f.invited(email);
  const auto second = f.invited(email, "trial", std::nullopt);
  ASSERT_NE(first, second);
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.check(first); }), errc::not_found);
  EXPECT_EQ(f.invitations.check(second).invitation.role, Role::trial);
  EXPECT_EQ(count("SELECT count(*) FROM invitations WHERE lower(email) = lower($1)", email), 1);
}

TEST(InvitationsDb, OnlyAdminsInviteAndFieldsAreChecked) {
  Fixture f;
  const auto mentor = f.accounts.create({unique_email(), "basic_mentor", std::nullopt, "", "mentor-pass-12"});
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.invite(mentor, {unique_email(), "trial", std::nullopt, ""}); }),
            errc::forbidden);
  try {
    f.invitations.invite(f.admin, {"bad", "wizard", std::nullopt, std::string(81, 'x')});
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::invalid);
    EXPECT_EQ(e.fields().at("email"), std::vector<std::string>{"不正なメールアドレスです"});
    EXPECT_EQ(e.fields().at("role"), std::vector<std::string>{"不正なロールです"});
    EXPECT_EQ(e.fields().at("nickname"), std::vector<std::string>{"ニックネームは80文字以内でご入力ください"});
  }
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.invite(f.admin, {unique_email(), "student", std::nullopt, ""}); }),
            errc::invalid);
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.invite(f.admin, {unique_email(), "student", "nosuch", ""}); }),
            errc::invalid);
}

TEST(InvitationsDb, InviteRunsInTheCallersTransaction) {
  Fixture f;
  const auto email = unique_email();
  EXPECT_THROW(dbtest::pool().transaction([&](db::Tx& tx) {
    f.invitations.invite(tx, {email, "trial", std::nullopt, ""}, f.admin.id);
    throw Error(errc::invalid, "the caller's use case fails later");
  }),
               Error);
  EXPECT_EQ(count("SELECT count(*) FROM invitations WHERE email = $1", email), 0);
  EXPECT_EQ(count("SELECT count(*) FROM mail_outbox WHERE to_address = $1", email), 0);
}

TEST(InvitationsDb, ManyAtOnceAreEachALinkThatWorks) {
  Fixture f;
  const auto a = unique_email(), b = unique_email(), pending = unique_email();
  const auto replaced = f.invited(pending);  // a pending invitation is replaced, as by invite()
  const auto invited = dbtest::pool().transaction([&](db::Tx& tx) {
    return f.invitations.invite_many(tx,
                                     {{a, "student", "rails_4m", "一括 一郎"},
                                      {" " + b + "\t", "trial", std::nullopt, ""},
                                      {pending, "student", "rails_4m", "差し替え"},
                                      {a, "student", "rails_4m", "一括 二郎"}},  // the same e-mail again: the last wins
                                     f.admin.id);
  });
  EXPECT_EQ(invited, 3u);
  EXPECT_EQ(count("SELECT count(*) FROM invitations WHERE lower(email) = lower($1)", a), 1);
  EXPECT_EQ(count("SELECT count(*) FROM mail_outbox WHERE to_address = $1", a), 1);
  EXPECT_EQ(dbtest::code_of([&] { f.invitations.check(replaced); }), errc::not_found);
  const auto view = f.invitations.check(id_from_mail(a));
  EXPECT_EQ(view.invitation.nickname, "一括 二郎");
  ASSERT_TRUE(view.invitation.course);
  EXPECT_EQ(view.invitation.course->code, "rails_4m");
  ASSERT_TRUE(view.contact);
  EXPECT_EQ(view.contact->email, f.admin.email);
  EXPECT_EQ(f.invitations.check(id_from_mail(b)).invitation.role, Role::trial);
  const auto account = f.invitations.accept(id_from_mail(pending), kAcceptance);
  EXPECT_EQ(account.email, pending);
  EXPECT_EQ(account.role, Role::student);
}

TEST(InvitationsDb, ManyAtOnceKeepNothingWhenOneFails) {
  Fixture f;
  const auto fresh = unique_email();
  const auto taken = dbtest::code_of([&] {
    dbtest::pool().transaction([&](db::Tx& tx) {
      f.invitations.invite_many(tx, {{fresh, "trial", std::nullopt, ""}, {f.admin.email, "trial", std::nullopt, ""}},
                                f.admin.id);
    });
  });
  EXPECT_EQ(taken, errc::conflict);
  const auto invalid = dbtest::code_of([&] {
    dbtest::pool().transaction([&](db::Tx& tx) {
      f.invitations.invite_many(tx, {{fresh, "trial", std::nullopt, ""}, {unique_email(), "student", "nosuch", ""}},
                                f.admin.id);
    });
  });
  EXPECT_EQ(invalid, errc::invalid);
  EXPECT_EQ(count("SELECT count(*) FROM invitations WHERE email = $1", fresh), 0);
  EXPECT_EQ(count("SELECT count(*) FROM mail_outbox WHERE to_address = $1", fresh), 0);
}

}  // namespace
}  // namespace camp::accounts
