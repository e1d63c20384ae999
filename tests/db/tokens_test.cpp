// Personal access tokens (tokens/service.hpp) against PostgreSQL.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>

#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "accounts/two_factor.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "environment.hpp"
#include "tokens/scope.hpp"
#include "tokens/service.hpp"

using namespace camp;
using camp::dbtest::code_of;
using camp::dbtest::scalar;

namespace {

std::string unique_email(const std::string& tag) {
  static std::atomic<int> n{0};
  return "pat-" + tag + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
}

// The reason a call's Error carries ("" when none is thrown).
std::string reason_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.reason();
  }
  return "";
}

struct Fixture {
  Config config = [] {
    Config c;
    c.two_factor_required_roles = {"admin"};
    return c;
  }();
  questionnaires::Keyring keys = questionnaires::Keyring::in_memory(1, std::string(32, 'k'));
  accounts::AccountService accounts{dbtest::pool()};
  accounts::SessionService sessions{dbtest::pool(), accounts::TokenSigner(std::string(40, 's')), config.rate_limits, 30};
  accounts::TwoFactorService two_factor{dbtest::pool(), keys, sessions, config, nullptr, system_clock()};
  tokens::TokenService service{dbtest::pool(), two_factor, system_clock()};

  accounts::Account make(const std::string& role) {
    return accounts.create({unique_email(role),
                            role,
                            role == "student" ? std::optional<std::string>("rails_4m") : std::nullopt,
                            "トークン",
                            "pass-word-123"});
  }
  tokens::Created create(const accounts::Account& a, std::vector<std::string> scopes = {"read"}, int days = 30) {
    return service.create(a, a.id, {"CI", std::move(scopes), days});
  }
};

}  // namespace

TEST(Tokens, CreatedSecretAuthenticatesAsTheOwnerAndOnlyItsHashIsStored) {
  Fixture f;
  const auto mentor = f.make("basic_mentor");
  const auto created = f.create(mentor, {"questionnaires:export", "read", "read"});
  EXPECT_EQ(created.secret.rfind("camp_pat_", 0), 0u);
  EXPECT_EQ(created.secret.size(), 9u + 43u);
  EXPECT_EQ(created.token.scopes, (std::vector<std::string>{"read", "questionnaires:export"}));
  EXPECT_EQ(scalar("SELECT count(*) FROM personal_access_tokens WHERE id = " + std::to_string(created.token.id) +
                   " AND token_hash = sha256('" + created.secret + "'::bytea)"),
            1);
  const auto use = f.service.authenticate(created.secret);
  EXPECT_EQ(use.owner.id, mentor.id);
  EXPECT_EQ(use.owner.role, accounts::Role::basic_mentor);
  EXPECT_TRUE(use.token.allows(tokens::kRead));
  EXPECT_FALSE(use.token.allows(tokens::kEventsWrite));
  EXPECT_EQ(scalar("SELECT count(*) FROM audit_log WHERE action = 'access_token.create' AND subject = 'token " +
                   std::to_string(created.token.id) + "'"),
            1);
}

TEST(Tokens, LastUseIsWrittenAtMostOnceAMinute) {
  Fixture f;
  const auto created = f.create(f.make("student"));
  const auto id = std::to_string(created.token.id);
  EXPECT_EQ(scalar("SELECT count(*) FROM personal_access_tokens WHERE last_used_at IS NULL AND id = " + id), 1);
  f.service.authenticate(created.secret);
  dbtest::run_sql("UPDATE personal_access_tokens SET last_used_at = now() - interval '30 seconds' WHERE id = " + id);
  f.service.authenticate(created.secret);
  EXPECT_EQ(scalar("SELECT count(*) FROM personal_access_tokens WHERE last_used_at < now() - interval '20 seconds' "
                   "AND id = " + id),
            1);
  dbtest::run_sql("UPDATE personal_access_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = " + id);
  f.service.authenticate(created.secret);
  EXPECT_EQ(scalar("SELECT count(*) FROM personal_access_tokens WHERE last_used_at > now() - interval '20 seconds' "
                   "AND id = " + id),
            1);
}

TEST(Tokens, RevokedExpiredUnknownAndMalformedSecretsAreTold) {
  Fixture f;
  const auto owner = f.make("student");
  const auto revoked = f.create(owner);
  const auto expired = f.create(owner);
  f.service.revoke(owner, owner.id, revoked.token.id);
  dbtest::run_sql("UPDATE personal_access_tokens SET created_at = now() - interval '3 days', "
                  "expires_at = now() - interval '1 second' WHERE id = " + std::to_string(expired.token.id));
  EXPECT_EQ(reason_of([&] { f.service.authenticate(revoked.secret); }), "token_revoked");
  EXPECT_EQ(reason_of([&] { f.service.authenticate(expired.secret); }), "token_expired");
  EXPECT_EQ(reason_of([&] { f.service.authenticate("camp_pat_" + std::string(43, 'A')); }), "token_invalid");
  EXPECT_EQ(reason_of([&] { f.service.authenticate("camp_pat_short"); }), "token_invalid");
  EXPECT_EQ(code_of([&] { f.service.authenticate(revoked.secret); }), errc::unauthenticated);
  // Listed: the expired one (so its owner sees why a script stopped), not the revoked one.
  const auto listed = f.service.list(owner, owner.id);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].id, expired.token.id);
}

TEST(Tokens, AnOwnerManagesOnlyItsOwnAndTheSystemActorAny) {
  Fixture f;
  const auto a = f.make("student");
  const auto b = f.make("student");
  const auto token = f.create(a);
  EXPECT_EQ(code_of([&] { f.service.revoke(b, b.id, token.token.id); }), errc::not_found);
  EXPECT_EQ(code_of([&] { f.service.list(b, a.id); }), errc::not_found);
  EXPECT_EQ(code_of([&] { f.service.create(b, a.id, {"x", {"read"}, 7}); }), errc::not_found);
  EXPECT_EQ(f.service.list(accounts::Account::system(), a.id).size(), 1u);
  f.service.revoke(accounts::Account::system(), std::nullopt, token.token.id);
  EXPECT_EQ(code_of([&] { f.service.revoke(a, a.id, token.token.id); }), errc::not_found);
}

TEST(Tokens, BadRequestsAreFieldErrors) {
  Fixture f;
  const auto a = f.make("student");
  auto fields_of = [&](const tokens::NewToken& t) {
    try {
      f.service.create(a, a.id, t);
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), errc::invalid);
      return e.fields();
    }
    ADD_FAILURE() << "created";
    return FieldErrors{};
  };
  EXPECT_TRUE(fields_of({"  ", {"read"}, 7}).count("name"));
  EXPECT_TRUE(fields_of({std::string(101, 'x'), {"read"}, 7}).count("name"));
  EXPECT_TRUE(fields_of({"a\nb", {"read"}, 7}).count("name"));
  EXPECT_TRUE(fields_of({"\xff\xfe", {"read"}, 7}).count("name"));
  EXPECT_TRUE(fields_of({"ok", {}, 7}).count("scopes"));
  EXPECT_TRUE(fields_of({"ok", {"read", "admin"}, 7}).count("scopes"));
  EXPECT_TRUE(fields_of({"ok", {"read"}, 0}).count("expires_in_days"));
  EXPECT_TRUE(fields_of({"ok", {"read"}, 366}).count("expires_in_days"));
  EXPECT_EQ(f.service.create(a, a.id, {std::string(100, 'x'), {"read"}, 365}).token.name.size(), 100u);
}

TEST(Tokens, ARoleThatMustUseTwoFactorLoginNeedsItFirst) {
  Fixture f;
  const auto admin = f.make("admin");
  EXPECT_EQ(code_of([&] { f.create(admin); }), errc::forbidden);
}

TEST(Tokens, AtMostTheLimitOfLiveTokensPerAccount) {
  Fixture f;
  const auto a = f.make("student");
  for (int i = 0; i < limits::access_tokens_per_account_max; ++i) f.create(a);
  EXPECT_EQ(code_of([&] { f.create(a); }), errc::invalid);
  const auto listed = f.service.list(a, a.id);
  f.service.revoke(a, a.id, listed.front().id);
  f.create(a);
}

TEST(Tokens, AnAnonymisedOwnersTokensStopWorking) {
  Fixture f;
  const auto a = f.make("student");
  const auto created = f.create(a);
  dbtest::run_sql("UPDATE accounts SET anonymised_at = now() WHERE id = " + std::to_string(a.id));
  EXPECT_EQ(reason_of([&] { f.service.authenticate(created.secret); }), "token_invalid");
}

TEST(Tokens, EachPersonalDataUseIsAuditedByTokenIdNeverTheSecret) {
  Fixture f;
  const auto a = f.make("admin");
  // Enrolled (the sealed secret is never opened here).
  dbtest::run_sql("INSERT INTO account_two_factor (account_id, key_id, nonce, sealed, enabled_at) VALUES (" +
                  std::to_string(a.id) + ", 1, '\\x" + std::string(48, '0') + "', '\\x" + std::string(32, '0') +
                  "', now())");
  const auto created = f.create(a, {"questionnaires:export"});
  const auto use = f.service.authenticate(created.secret);
  f.service.record_use(use, tokens::kQuestionnairesExport, "GET /api/v1/audit_logs");
  const auto id = std::to_string(created.token.id);
  EXPECT_EQ(scalar("SELECT count(*) FROM audit_log WHERE action = 'access_token.use' AND actor_id = " +
                   std::to_string(a.id) + " AND (detail->>'token_id')::bigint = " + id),
            1);
  EXPECT_EQ(scalar("SELECT count(*) FROM audit_log WHERE strpos(detail::text || subject, '" + created.secret + "') > 0"),
            0);
}
