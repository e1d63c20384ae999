#include <gtest/gtest.h>

#include "accounts/password.hpp"

using namespace camp::accounts;

TEST(Password, HashIsArgon2idAndVerifies) {
  const auto hash = hash_password("correct-horse");
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u) << hash;
  EXPECT_TRUE(verify_password(hash, "correct-horse"));
  EXPECT_FALSE(verify_password(hash, "correct-horsf"));
  EXPECT_FALSE(verify_password(hash, ""));
}

TEST(Password, SamePasswordGetsDifferentSalts) {
  EXPECT_NE(hash_password("same-password"), hash_password("same-password"));
}
