#pragma once
// The loop every background worker of the daemon runs (mail delivery, notification dispatch,
// the "my data" exports): take one piece of work while there is some; otherwise sleep until
// woken (the worker's NOTIFY), the turn's own wait has passed, or stop(); after a failure,
// log it, let the worker drop what it holds (a connection) and wait 200 ms, doubling to 10 s.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string_view>

namespace camp {

// What one turn found: work done (go again at once), or nothing due for `wait`.
struct Turn {
  bool worked = false;
  std::chrono::milliseconds wait{0};
  static Turn again() { return {true, {}}; }
  static Turn idle_for(std::chrono::milliseconds wait) { return {false, wait}; }
};

// Wake-ups and the stop flag that the worker's threads share.
class WorkerSignal {
 public:
  void wake();  // work may be waiting (a NOTIFY)
  void stop();  // every loop on this signal returns after its current turn
  bool stopping() const { return stopping_.load(); }
  // For work that checks it in the middle of a turn (a mail transfer aborts on stop).
  const std::atomic<bool>* stop_flag() const { return &stopping_; }

  // The count of wake-ups so far, then a sleep that ends early when it has moved on (also
  // before the sleep began) or on stop().
  std::uint64_t wakes_seen();
  void wait_for(std::chrono::milliseconds at_most, std::uint64_t seen);

 private:
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::condition_variable cv_;
  std::uint64_t wakes_ = 0;
};

// Runs `turn` until signal.stop(). `name` prefixes the log line of a failure ("mail: delivery
// worker 0"); `after_failure` drops what the failed turn may have left broken.
void run_worker_loop(WorkerSignal& signal, std::string_view name, const std::function<Turn()>& turn,
                     const std::function<void()>& after_failure = {});

}  // namespace camp
