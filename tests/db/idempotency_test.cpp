// Idempotency keys (lib/db/idempotency.hpp): recorded by the first writing transaction of a
// request, in that transaction, and only then; a second request under the key is refused.
#include <gtest/gtest.h>

#include <unistd.h>

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "db/idempotency.hpp"
#include "environment.hpp"

using namespace camp;

namespace {

constexpr db::Statement kTouch{"idem_test.touch", "UPDATE accounts SET nickname = nickname WHERE id = $1"};
constexpr db::Statement kRead{"idem_test.read", "SELECT 1 FROM accounts WHERE id = $1"};
constexpr db::Statement kRaw{"idem_test.raw",
                            "SELECT fingerprint, encode(sealed_body, 'escape') FROM idempotency_keys "
                            "WHERE account_id = $1 AND key = $2"};
const db::IdempotencySeal kSeal("test-secret-for-idempotency-0123456789");

std::int64_t make_account() {
  static int n = 0;
  accounts::AccountService s(dbtest::pool());
  const auto email = "idem-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
  return s.create({email, "student", std::optional<std::string>("rails_4m"), "", "pass-word-123"}).id;
}

}  // namespace

TEST(Idempotency, TheFirstWritingTransactionRecordsTheKeyAndTheAnswerIsStored) {
  const auto id = make_account();
  db::IdempotencyScope scope{id, "key-1", kSeal.fingerprint("POST", "/api/v1/x", "{}")};
  {
    db::IdempotencyScope::Active active(scope);
    dbtest::pool().transaction([&](db::Tx& tx) { tx.exec(kRead, id); });
    EXPECT_FALSE(scope.recorded) << "a read-only transaction records nothing";
    EXPECT_FALSE(db::find_idempotency(dbtest::pool(), id, "key-1"));
    dbtest::pool().transaction([&](db::Tx& tx) { tx.exec(kTouch, id); });
    EXPECT_TRUE(scope.recorded);
  }
  const auto found = db::find_idempotency(dbtest::pool(), id, "key-1");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->fingerprint, scope.fingerprint);
  EXPECT_FALSE(found->status) << "applied, answer not stored yet";
  db::store_idempotent_response(dbtest::pool(), scope, 201, kSeal.seal(scope, R"({"id":1})"));
  const auto stored = db::find_idempotency(dbtest::pool(), id, "key-1");
  ASSERT_TRUE(stored && stored->status && stored->sealed_body);
  EXPECT_EQ(*stored->status, 201);
  EXPECT_EQ(kSeal.open(scope, *stored->sealed_body), R"({"id":1})");
}

// What a dump shows of a record: an HMAC, not a digest anyone can test guesses against, and a
// sealed answer that opens for its own account and key only, under the secret it was sealed with.
TEST(Idempotency, ARecordHoldsNothingReadable) {
  const auto id = make_account();
  const std::string answer = R"({"invitation":{"id":"live-invitation-link-0123456789"}})";
  db::IdempotencyScope scope{id, "key-secret", kSeal.fingerprint("POST", "/api/v1/invitations", "password=hunter2")};
  {
    db::IdempotencyScope::Active active(scope);
    dbtest::pool().transaction([&](db::Tx& tx) { tx.exec(kTouch, id); });
  }
  db::store_idempotent_response(dbtest::pool(), scope, 201, kSeal.seal(scope, answer));
  const auto raw = dbtest::pool().autocommit([&](db::Tx& tx) { return tx.exec(kRaw, id, std::string("key-secret")); });
  ASSERT_EQ(raw.size(), 1u);
  EXPECT_EQ(raw[0][1].as<std::string>().find("live-invitation-link"), std::string::npos);
  EXPECT_NE(raw[0][0].as<std::string>(), kSeal.fingerprint("POST", "/api/v1/invitations", "password=hunter3"));
  EXPECT_NE(raw[0][0].as<std::string>(),
            db::IdempotencySeal("another-secret-0123456789").fingerprint("POST", "/api/v1/invitations", "password=hunter2"));

  const auto stored = *db::find_idempotency(dbtest::pool(), id, "key-secret");
  EXPECT_EQ(kSeal.open(scope, *stored.sealed_body), answer);
  db::IdempotencyScope other_key = scope, other_account = scope;
  other_key.key = "key-other";
  other_account.account_id = id + 1;
  EXPECT_FALSE(kSeal.open(other_key, *stored.sealed_body));
  EXPECT_FALSE(kSeal.open(other_account, *stored.sealed_body));
  EXPECT_FALSE(db::IdempotencySeal("another-secret-0123456789").open(scope, *stored.sealed_body));
  EXPECT_FALSE(kSeal.open(scope, "zz"));

  // A route that rebuilds its answer stores none.
  db::store_idempotent_response(dbtest::pool(), scope, 201, std::nullopt);
  EXPECT_FALSE(db::find_idempotency(dbtest::pool(), id, "key-secret")->sealed_body);
}

TEST(Idempotency, AWriteThatRollsBackLeavesNoKeyAndASecondRequestUnderTheKeyIsRefused) {
  const auto id = make_account();
  db::IdempotencyScope first{id, "key-2", "f"};
  {
    db::IdempotencyScope::Active active(first);
    EXPECT_THROW(dbtest::pool().transaction([&](db::Tx& tx) {
      tx.exec(kTouch, id);
      throw Error(errc::invalid, "rolled back");
    }), Error);
    EXPECT_FALSE(first.recorded);
    dbtest::pool().transaction([&](db::Tx& tx) { tx.exec(kTouch, id); });
    EXPECT_TRUE(first.recorded);
  }
  db::IdempotencyScope second{id, "key-2", "f"};
  db::IdempotencyScope::Active active(second);
  EXPECT_EQ(dbtest::code_of([&] { dbtest::pool().transaction([&](db::Tx& tx) { tx.exec(kTouch, id); }); }),
            errc::conflict);
  EXPECT_FALSE(second.recorded);
}

TEST(Idempotency, KeysArePerAccountAndChecked) {
  const auto a = make_account();
  const auto b = make_account();
  for (const auto account : {a, b}) {
    db::IdempotencyScope scope{account, "shared", "f"};
    db::IdempotencyScope::Active active(scope);
    dbtest::pool().transaction([&](db::Tx& tx) { tx.exec(kTouch, account); });
    EXPECT_TRUE(scope.recorded);
  }
  EXPECT_TRUE(db::valid_idempotency_key("3f0c2a9e-8d1b-4c7e-9a55-0b1e2d3c4f5a"));
  EXPECT_FALSE(db::valid_idempotency_key(""));
  EXPECT_FALSE(db::valid_idempotency_key("with space"));
  EXPECT_FALSE(db::valid_idempotency_key(std::string(256, 'k')));
  EXPECT_FALSE(db::valid_idempotency_key("キー"));
  EXPECT_NE(kSeal.fingerprint("POST", "/a", "b"), kSeal.fingerprint("POST", "/a", "c"));
  EXPECT_EQ(kSeal.fingerprint("POST", "/a", "b"), kSeal.fingerprint("POST", "/a", "b"));
}
