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

std::int64_t make_account() {
  static int n = 0;
  accounts::AccountService s(dbtest::pool());
  const auto email = "idem-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
  return s.create({email, "student", std::optional<std::string>("rails_4m"), "", "pass-word-123"}).id;
}

}  // namespace

TEST(Idempotency, TheFirstWritingTransactionRecordsTheKeyAndTheAnswerIsStored) {
  const auto id = make_account();
  db::IdempotencyScope scope{id, "key-1", db::idempotency_fingerprint("POST", "/api/v1/x", "{}")};
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
  db::store_idempotent_response(dbtest::pool(), scope, 201, R"({"id":1})");
  const auto stored = db::find_idempotency(dbtest::pool(), id, "key-1");
  ASSERT_TRUE(stored && stored->status);
  EXPECT_EQ(*stored->status, 201);
  EXPECT_EQ(stored->body, R"({"id":1})");
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
  EXPECT_NE(db::idempotency_fingerprint("POST", "/a", "b"), db::idempotency_fingerprint("POST", "/a", "c"));
}
