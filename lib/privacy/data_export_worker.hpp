#pragma once
// Each daemon's builder of personal-data exports (data_export.hpp): a thread with its own
// connection, woken by the NOTIFY of a new request (stream data_exports) and polling once a
// minute; it builds the oldest pending export (claimed FOR UPDATE SKIP LOCKED: each is built by
// one daemon) and deletes the bytes of expired ones. The ZIP goes to PostgreSQL, never to disk.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "core/config.hpp"
#include "db/pool.hpp"
#include "privacy/data_export.hpp"

namespace camp::privacy {

class DataExportWorker {
 public:
  DataExportWorker(const Config& config, const std::string& database_url, DataExportService& service);
  ~DataExportWorker();  // stop()
  DataExportWorker(const DataExportWorker&) = delete;
  DataExportWorker& operator=(const DataExportWorker&) = delete;

  void wake();  // a request was made (the NOTIFY)
  void stop();

 private:
  void run();
  std::uint64_t wakes_seen();
  void wait_for(std::chrono::milliseconds at_most, std::uint64_t seen);

  db::Pool pool_;  // one connection of its own: a large ZIP never holds up a request
  DataExportService& service_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::condition_variable cv_;
  std::uint64_t wakes_ = 0;
  std::thread thread_;
};

}  // namespace camp::privacy
