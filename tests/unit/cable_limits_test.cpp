#include <gtest/gtest.h>

#include "cable/command_budget.hpp"
#include "cable/question_channel.hpp"
#include "http/connection_limiter.hpp"

using namespace std::chrono_literals;

TEST(CommandBudget, AllowsTheBudgetThenRefillsEvenly) {
  const auto t0 = camp::cable::CommandBudget::Clock::now();
  camp::cable::CommandBudget budget(10, t0);
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(budget.take(t0)) << i;
  EXPECT_FALSE(budget.take(t0));
  EXPECT_FALSE(budget.take(t0 + 500ms));  // half a token
  EXPECT_TRUE(budget.take(t0 + 1100ms));  // one token per second at 10 per 10 s
  EXPECT_FALSE(budget.take(t0 + 1100ms));
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(budget.take(t0 + 60s)) << i;  // never more than the capacity
  EXPECT_FALSE(budget.take(t0 + 60s));
}

TEST(ConnectionLimiter, CapsEachAddressAndReleases) {
  camp::http::ConnectionLimiter limiter(2, {"10.0.0.9"});
  EXPECT_TRUE(limiter.admit("192.0.2.1"));
  EXPECT_TRUE(limiter.admit("192.0.2.1"));
  EXPECT_FALSE(limiter.admit("192.0.2.1"));
  EXPECT_TRUE(limiter.admit("192.0.2.2"));  // another client is not affected
  limiter.release("192.0.2.1");
  EXPECT_TRUE(limiter.admit("192.0.2.1"));
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(limiter.admit("10.0.0.9"));  // a trusted proxy is not limited
}

TEST(ConnectionLimiter, Ipv6CountsPerSlash64) {
  EXPECT_EQ(camp::http::ConnectionLimiter::key("2001:db8:1:2:aaaa::1"), camp::http::ConnectionLimiter::key("2001:db8:1:2:bbbb::2"));
  EXPECT_NE(camp::http::ConnectionLimiter::key("2001:db8:1:2::1"), camp::http::ConnectionLimiter::key("2001:db8:1:3::1"));
  EXPECT_EQ(camp::http::ConnectionLimiter::key("::ffff:192.0.2.7"), "192.0.2.7");
  camp::http::ConnectionLimiter limiter(1, {});
  EXPECT_TRUE(limiter.admit("2001:db8:1:2::1"));
  EXPECT_FALSE(limiter.admit("2001:db8:1:2::ffff"));
}

TEST(QuestionChannel, IdParamIsAPositive64BitNumber) {
  using camp::cable::question_id_param;
  EXPECT_EQ(question_id_param({{"id", 3}}), 3);
  EXPECT_EQ(question_id_param({{"id", "42"}}), 42);
  EXPECT_EQ(question_id_param({{"id", "922337203685477580"}}), 922337203685477580);
  for (const auto& bad : {nlohmann::json{{"id", -1}}, {{"id", 0}}, {{"id", "1e3"}}, {{"id", "-5"}}, {{"id", ""}},
                          {{"id", "99999999999999999999"}}, {{"id", 1.5}}, {{"id", nullptr}}, {{"x", 1}},
                          {{"id", 18446744073709551615ull}}})
    EXPECT_EQ(question_id_param(bad), 0) << bad.dump();
}
