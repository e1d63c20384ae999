#include <gtest/gtest.h>

#include "accounts/verified_tokens.hpp"

using camp::accounts::TokenClaims;
using camp::accounts::VerifiedTokens;

TEST(VerifiedTokens, OnlyTheSameTokenBeforeItsExpiry) {
  VerifiedTokens known;
  TokenClaims claims;
  claims.account_id = 7;
  claims.jti = "abc";
  claims.expires_at = 1000;
  const std::string token = "header.payload.signature";
  EXPECT_FALSE(known.find(token, 10));
  known.put(token, claims);
  ASSERT_TRUE(known.find(token, 10));
  EXPECT_EQ(known.find(token, 10)->jti, "abc");
  EXPECT_FALSE(known.find("header.payload.signaturX", 10));  // same length, one byte off
  EXPECT_FALSE(known.find("header.payload.signature.", 10));
  EXPECT_FALSE(known.find(token, 1000));  // expired: gone, and stays gone
  EXPECT_FALSE(known.find(token, 10));
}
