#pragma once
// A bounded queue from one producer thread to one consumer thread, so that two stages of a
// long job overlap (the questionnaire export reads the next page from PostgreSQL while the
// last one is decrypted and written). Either side can end it early:
//   producer: push() until done, then close();   consumer: pop() until it returns nothing.
//   A failing consumer calls stop(): push() returns false and the producer stops.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace camp {

template <class T>
class Handoff {
 public:
  explicit Handoff(std::size_t capacity) : capacity_(capacity) {}

  // Waits while the queue is full. False once the consumer has stopped (the item is dropped).
  bool push(T item) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return items_.size() < capacity_ || stopped_; });
    if (stopped_) return false;
    items_.push_back(std::move(item));
    changed_.notify_all();
    return true;
  }

  // The next item; nothing once the producer has closed and every item was taken, or on stop().
  std::optional<T> pop() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !items_.empty() || closed_ || stopped_; });
    if (stopped_ || items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    changed_.notify_all();
    return item;
  }

  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    changed_.notify_all();
  }

  void stop() {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    changed_.notify_all();
  }

 private:
  const std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<T> items_;
  bool closed_ = false, stopped_ = false;
};

}  // namespace camp
