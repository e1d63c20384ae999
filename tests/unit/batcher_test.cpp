// KeyedBatcher (lib/core/batcher.hpp) and http::Later (daemon/http/later.hpp): the two halves
// of the batched event joins.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "core/batcher.hpp"
#include "http/later.hpp"

namespace camp {
namespace {

// While the first batch of a key runs, items of that key queue up and go to the runner's next
// batch together, in arrival order; the other submitters return without running anything.
TEST(KeyedBatcher, ItemsArrivingDuringARunFormTheNextBatchInOrder) {
  std::mutex m;
  std::condition_variable cv;
  bool release = false;
  std::vector<std::vector<int>> batches;
  std::atomic<bool> first_running{false};
  KeyedBatcher<int> batcher(
      [&](std::int64_t, std::vector<int>& batch) {
        first_running = true;
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return release; });
        batches.push_back(batch);
      },
      100);
  std::thread runner([&] { batcher.submit(7, 0); });
  while (!first_running) std::this_thread::yield();
  for (int i = 1; i <= 5; ++i) batcher.submit(7, i);  // return at once: a run is in progress
  {
    std::lock_guard lock(m);
    release = true;
  }
  cv.notify_all();
  runner.join();
  ASSERT_EQ(batches.size(), 2u);
  EXPECT_EQ(batches[0], std::vector<int>({0}));
  EXPECT_EQ(batches[1], std::vector<int>({1, 2, 3, 4, 5}));
}

TEST(KeyedBatcher, BatchesStopAtTheLimitAndKeysAreIndependent) {
  std::vector<std::pair<std::int64_t, std::size_t>> runs;
  KeyedBatcher<int>* self = nullptr;
  KeyedBatcher<int> batcher(
      [&](std::int64_t key, std::vector<int>& batch) {
        runs.emplace_back(key, batch.size());
        if (runs.size() > 1) return;
        for (int i = 0; i < 5; ++i) self->submit(1, i);  // key 1 is running: these queue
        self->submit(2, 0);  // key 2 is not: it runs at once, here
      },
      3);
  self = &batcher;
  batcher.submit(1, 0);
  const std::vector<std::pair<std::int64_t, std::size_t>> expected{{1, 1}, {2, 1}, {1, 3}, {1, 2}};
  EXPECT_EQ(runs, expected);
}

TEST(Later, SendsOnceWhicheverArrivesFirst) {
  for (const bool resolve_first : {true, false}) {
    http::Later later;
    int sent = 0;
    std::vector<std::string> seen;
    later.finish_with([&](http::Response& r) { r.header("X-Finished", "yes"); });
    auto answer = [&] { later.resolve(http::Response::json(201, {{"ok", true}})); };
    if (resolve_first) answer();
    later.then([&](http::Response&& r) {
      ++sent;
      EXPECT_EQ(r.status, 201);
      EXPECT_EQ(r.find_header("X-Finished").value_or(""), "yes");
    });
    if (!resolve_first) answer();
    EXPECT_EQ(sent, 1) << (resolve_first ? "resolved first" : "sender first");
  }
}

}  // namespace
}  // namespace camp
