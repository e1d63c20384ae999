#include "core/worker_loop.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>

namespace camp {

void WorkerSignal::wake() {
  {
    std::lock_guard lock(mutex_);
    ++wakes_;
  }
  cv_.notify_all();
}

void WorkerSignal::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
}

std::uint64_t WorkerSignal::wakes_seen() {
  std::lock_guard lock(mutex_);
  return wakes_;
}

void WorkerSignal::wait_for(std::chrono::milliseconds at_most, std::uint64_t seen) {
  std::unique_lock lock(mutex_);
  cv_.wait_for(lock, at_most, [&] { return stopping_.load() || wakes_ != seen; });
}

void run_worker_loop(WorkerSignal& signal, std::string_view name, const std::function<Turn()>& turn,
                     const std::function<void()>& after_failure) {
  constexpr std::chrono::milliseconds kFirstPause(200), kLongestPause(10000);
  auto pause = kFirstPause;
  while (!signal.stopping()) {
    const auto seen = signal.wakes_seen();  // before the turn: a wake-up during it is not lost
    try {
      const Turn result = turn();
      pause = kFirstPause;
      if (!result.worked) signal.wait_for(result.wait, seen);
    } catch (const std::exception& e) {
      if (signal.stopping()) break;
      spdlog::warn("{} paused {} ms: {}", name, pause.count(), e.what());
      if (after_failure) after_failure();
      signal.wait_for(pause, seen);
      pause = std::min(pause * 2, kLongestPause);
    }
  }
}

}  // namespace camp
