// What an Idempotency-Key record stores (db::IdempotencySeal, docs/design.md "Idempotency
// keys"): a keyed fingerprint of the request and the answer sealed to its account and key.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "db/idempotency.hpp"

namespace camp::db {
namespace {

const IdempotencySeal kSeal("unit-secret-for-idempotency-0123456789");
const IdempotencySeal kOther("another-secret-for-idempotency-98765");

TEST(IdempotencySeal, TheFingerprintIsKeyedAndTellsEveryPartApart) {
  const auto f = kSeal.fingerprint("POST", "/api/v1/x", R"({"a":1})");
  EXPECT_EQ(f, kSeal.fingerprint("POST", "/api/v1/x", R"({"a":1})"));
  EXPECT_EQ(f.size(), 64u);
  EXPECT_NE(f, kOther.fingerprint("POST", "/api/v1/x", R"({"a":1})")) << "a dump cannot test guesses";
  EXPECT_NE(f, kSeal.fingerprint("PATCH", "/api/v1/x", R"({"a":1})"));
  EXPECT_NE(f, kSeal.fingerprint("POST", "/api/v1/y", R"({"a":1})"));
  EXPECT_NE(f, kSeal.fingerprint("POST", "/api/v1/x", R"({"a":2})"));
  // A decoded path may hold a line break: it cannot move into the body.
  EXPECT_NE(kSeal.fingerprint("POST", "/a\nb", "c"), kSeal.fingerprint("POST", "/a", "b\nc"));
}

TEST(IdempotencySeal, AnAnswerOpensOnlyForItsAccountAndKeyUnderItsSecret) {
  const IdempotencyScope scope{7, "key-1", "f"};
  const std::string answer = R"({"url":"https://camp.example.com/calendar/secret-token.ics"})";
  const auto sealed = kSeal.seal(scope, answer);
  EXPECT_EQ(sealed.find("secret-token"), std::string::npos);
  EXPECT_NE(sealed, kSeal.seal(scope, answer)) << "a fresh nonce each time";
  EXPECT_EQ(kSeal.open(scope, sealed), answer);
  EXPECT_EQ(kSeal.open(scope, kSeal.seal(scope, "")), "");

  IdempotencyScope other_key = scope, other_account = scope;
  other_key.key = "key-2";
  other_account.account_id = 8;
  EXPECT_FALSE(kSeal.open(other_key, sealed));
  EXPECT_FALSE(kSeal.open(other_account, sealed));
  EXPECT_FALSE(kOther.open(scope, sealed)) << "jwt_secret rotated";
  auto tampered = sealed;
  tampered.back() = tampered.back() == '0' ? '1' : '0';
  EXPECT_FALSE(kSeal.open(scope, tampered));
  for (const auto& bad : std::initializer_list<std::string>{"", "zz", "00", std::string(200, 'f')})
    EXPECT_FALSE(kSeal.open(scope, bad)) << bad;
}

}  // namespace
}  // namespace camp::db
