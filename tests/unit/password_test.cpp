#include <gtest/gtest.h>

#include "accounts/password.hpp"
#include "accounts/throttle.hpp"

using namespace camp::accounts;
using camp::address_group;

TEST(Password, HashIsArgon2idAndVerifies) {
  const auto hash = hash_password("correct-horse");
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u) << hash;
  EXPECT_TRUE(verify_password(hash, "correct-horse"));
  EXPECT_FALSE(verify_password(hash, "correct-horsf"));
  EXPECT_FALSE(verify_password(hash, ""));
}

TEST(Password, InteractiveLimitsByDefaultMinimumOnlyWhenAskedAndBothVerify) {
  const auto interactive = hash_password("correct-horse");
  EXPECT_NE(interactive.find("$m=65536,t=2,"), std::string::npos) << interactive;
  use_minimum_password_hashing(true);
  const auto minimum = hash_password("correct-horse");
  use_minimum_password_hashing(false);
  EXPECT_NE(minimum.find("$m=8,t=1,"), std::string::npos) << minimum;
  EXPECT_TRUE(verify_password(minimum, "correct-horse"));
  EXPECT_FALSE(verify_password(minimum, "correct-horsf"));
  EXPECT_TRUE(verify_password(interactive, "correct-horse"));
  EXPECT_NE(hash_password("correct-horse").find("$m=65536,t=2,"), std::string::npos);
}

TEST(Password, SamePasswordGetsDifferentSalts) {
  EXPECT_NE(hash_password("same-password"), hash_password("same-password"));
}

// Login throttling's pure parts (accounts/throttle.hpp).
TEST(LoginThrottle, IPv6AddressesAreGroupedPerSlash64) {
  EXPECT_EQ(address_group("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  EXPECT_EQ(address_group("2001:db8:1:2::ffff"), address_group("2001:db8:1:2:aaaa::1"));
  EXPECT_NE(address_group("2001:db8:1:2::1"), address_group("2001:db8:1:3::1"));
  EXPECT_EQ(address_group("::ffff:192.0.2.7"), "192.0.2.7");  // IPv4-mapped is IPv4
  EXPECT_EQ(address_group("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(address_group("not-an-address"), "not-an-address");
}

TEST(LoginThrottle, KeysSeparateEmailAddressAndPair) {
  const auto k = throttle_keys("Owner@Example.com", "2001:db8::9");
  EXPECT_EQ(k.email, "email:owner@example.com");
  EXPECT_EQ(k.address, "address:2001:db8::/64");
  EXPECT_EQ(k.pair, "pair:2001:db8::/64 owner@example.com");
}

TEST(LoginThrottle, PerEmailSlowDownGrowsAndIsBounded) {
  camp::RateLimits limits;
  limits.login_failures_per_email = 5;
  limits.login_slowdown_max_ms = 2000;
  EXPECT_EQ(slowdown_ms(0, limits), 0);
  EXPECT_EQ(slowdown_ms(4, limits), 0);
  EXPECT_EQ(slowdown_ms(5, limits), 250);
  EXPECT_EQ(slowdown_ms(6, limits), 500);
  EXPECT_EQ(slowdown_ms(7, limits), 1000);
  EXPECT_EQ(slowdown_ms(8, limits), 2000);
  EXPECT_EQ(slowdown_ms(100000, limits), 2000);
  limits.login_slowdown_max_ms = 0;
  EXPECT_EQ(slowdown_ms(100, limits), 0);
}
