#pragma once
// Combines calls on one key into batches (flat combining). The thread that finds no batch of
// its key running becomes the runner: it hands everything queued for the key to `run`, again
// and again, until the queue is empty; every other thread only queues its item and returns.
// So N callers that contend for one row (the seats of one event) cost a few transactions,
// not N, and nobody waits on a lock: items are completed by `run` itself (a callback inside
// the item), on the runner's thread, in the order they were queued.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace camp {

template <class Item>
class KeyedBatcher {
 public:
  // `run` must complete every item of the batch and must not throw.
  using Run = std::function<void(std::int64_t key, std::vector<Item>& batch)>;

  KeyedBatcher(Run run, std::size_t max_batch) : run_(std::move(run)), max_batch_(max_batch) {}

  void submit(std::int64_t key, Item item) {
    std::unique_lock lock(mutex_);
    auto& queue = queues_[key];  // a node: stays put when the map grows
    queue.items.push_back(std::move(item));
    if (queue.running) return;
    queue.running = true;
    for (;;) {
      std::vector<Item> batch;
      while (!queue.items.empty() && batch.size() < max_batch_) {
        batch.push_back(std::move(queue.items.front()));
        queue.items.pop_front();
      }
      if (batch.empty()) {
        queues_.erase(key);
        return;
      }
      lock.unlock();
      run_(key, batch);
      lock.lock();
    }
  }

 private:
  struct Queue {
    std::deque<Item> items;
    bool running = false;
  };
  Run run_;
  std::size_t max_batch_;
  std::mutex mutex_;
  std::unordered_map<std::int64_t, Queue> queues_;
};

}  // namespace camp
