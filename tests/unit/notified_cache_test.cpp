// core/notified_cache.hpp: the protocol both NOTIFY-invalidated caches (sessions, question list
// pages) rely on, with a clock the test moves.
#include <gtest/gtest.h>

#include <string>

#include "core/notified_cache.hpp"

namespace {

struct TestClock {
  using time_point = std::chrono::steady_clock::time_point;
  static inline time_point now_{};
  static time_point now() { return now_; }
};

using Cache = camp::NotifiedCache<std::string, int, TestClock>;

}  // namespace

TEST(NotifiedCache, KeepsNothingUntilTheListenerIsConnected) {
  Cache cache(std::chrono::seconds(30), 100);
  cache.put("a", 1, cache.epoch());
  EXPECT_FALSE(cache.find("a"));
  cache.set_enabled(true);
  cache.put("a", 1, cache.epoch());
  EXPECT_EQ(cache.find("a"), 1);
}

TEST(NotifiedCache, ARaceWithAnyForgetIsNotKept) {
  Cache cache(std::chrono::seconds(30), 100);
  cache.set_enabled(true);
  auto before = cache.epoch();
  cache.forget_all();  // a change was announced while the value was being read
  cache.put("a", 1, before);
  EXPECT_FALSE(cache.find("a"));

  before = cache.epoch();
  cache.forget_if([](const std::string& key, int) { return key == "unrelated"; });  // any forget counts
  cache.put("a", 1, before);
  EXPECT_FALSE(cache.find("a"));

  before = cache.epoch();
  cache.set_enabled(true);  // a reconnection too: notifications may have been missed before it
  cache.put("a", 1, before);
  EXPECT_FALSE(cache.find("a"));
}

TEST(NotifiedCache, ForgetsWhatTheNotificationNames) {
  Cache cache(std::chrono::seconds(30), 100);
  cache.set_enabled(true);
  cache.put("a", 1, cache.epoch());
  cache.put("b", 2, cache.epoch());
  cache.put("c", 1, cache.epoch());
  cache.forget_if([](const std::string&, int value) { return value == 1; });
  EXPECT_FALSE(cache.find("a"));
  EXPECT_EQ(cache.find("b"), 2);
  EXPECT_FALSE(cache.find("c"));
  cache.forget_all();
  EXPECT_FALSE(cache.find("b"));
}

TEST(NotifiedCache, DisconnectingEmptiesIt) {
  Cache cache(std::chrono::seconds(30), 100);
  cache.set_enabled(true);
  cache.put("a", 1, cache.epoch());
  cache.set_enabled(false);
  EXPECT_FALSE(cache.find("a"));
  cache.put("a", 1, cache.epoch());
  EXPECT_FALSE(cache.find("a"));
}

TEST(NotifiedCache, EntriesExpireAndTheSizeIsBounded) {
  Cache cache(std::chrono::seconds(30), 2);
  cache.set_enabled(true);
  cache.put("a", 1, cache.epoch());
  TestClock::now_ += std::chrono::seconds(30);
  EXPECT_EQ(cache.find("a"), 1);  // good until its last second
  TestClock::now_ += std::chrono::seconds(1);
  EXPECT_FALSE(cache.find("a"));
  cache.put("a", 1, cache.epoch());
  cache.put("b", 2, cache.epoch());
  cache.put("c", 3, cache.epoch());  // full: starts over
  EXPECT_FALSE(cache.find("a"));
  EXPECT_FALSE(cache.find("b"));
  EXPECT_EQ(cache.find("c"), 3);
}
