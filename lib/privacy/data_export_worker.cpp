#include "privacy/data_export_worker.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace camp::privacy {

DataExportWorker::DataExportWorker(const Config& config, const std::string& database_url, DataExportService& service)
    : pool_(database_url, 1, config.database_prepared_statements), service_(service) {
  thread_ = std::thread([this] { run(); });
}

DataExportWorker::~DataExportWorker() { stop(); }

void DataExportWorker::wake() {
  {
    std::lock_guard lock(mutex_);
    ++wakes_;
  }
  cv_.notify_all();
}

void DataExportWorker::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

std::uint64_t DataExportWorker::wakes_seen() {
  std::lock_guard lock(mutex_);
  return wakes_;
}

void DataExportWorker::wait_for(std::chrono::milliseconds at_most, std::uint64_t seen) {
  std::unique_lock lock(mutex_);
  cv_.wait_for(lock, at_most, [&] { return stopping_.load() || wakes_ != seen; });
}

void DataExportWorker::run() {
  // Besides the NOTIFY of each request: expiries come due, and a missed wake-up costs at most this.
  constexpr std::chrono::milliseconds kPoll(60000);
  std::chrono::milliseconds backoff(200);
  while (!stopping_) {
    const auto seen = wakes_seen();
    try {
      if (const int purged = service_.purge_expired(pool_))
        spdlog::info("data exports: deleted {} expired downloads", purged);
      if (service_.build_next(pool_) != Built::idle) continue;
      backoff = std::chrono::milliseconds(200);
      wait_for(kPoll, seen);
    } catch (const std::exception& e) {
      if (stopping_) break;
      spdlog::warn("data exports: worker paused {} ms: {}", backoff.count(), e.what());
      wait_for(backoff, seen);
      backoff = std::min(backoff * 2, std::chrono::milliseconds(10000));
    }
  }
}

}  // namespace camp::privacy
