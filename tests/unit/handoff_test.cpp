// core/handoff.hpp: one producer, one consumer, in order; a bounded queue; either side ends it.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "core/handoff.hpp"

using camp::Handoff;

TEST(Handoff, EveryItemArrivesInOrderThenNothing) {
  Handoff<int> queue(2);
  std::vector<int> got;
  std::thread consumer([&] {
    while (auto item = queue.pop()) got.push_back(*item);
  });
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(queue.push(i));
  queue.close();
  consumer.join();
  ASSERT_EQ(got.size(), 1000u);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(got[static_cast<std::size_t>(i)], i);
}

TEST(Handoff, AStoppedConsumerReleasesAWaitingProducer) {
  Handoff<int> queue(1);
  ASSERT_TRUE(queue.push(1));  // full now: the next push waits
  std::thread consumer([&] { queue.stop(); });
  EXPECT_FALSE(queue.push(2));
  consumer.join();
  EXPECT_FALSE(queue.pop());
}

TEST(Handoff, ItemsPushedBeforeCloseAreStillTaken) {
  Handoff<int> queue(4);
  queue.push(7);
  queue.push(8);
  queue.close();
  EXPECT_EQ(queue.pop(), 7);
  EXPECT_EQ(queue.pop(), 8);
  EXPECT_FALSE(queue.pop());
}
