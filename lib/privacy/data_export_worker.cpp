#include "privacy/data_export_worker.hpp"

#include <spdlog/spdlog.h>

namespace camp::privacy {

DataExportWorker::DataExportWorker(const Config& config, const std::string& database_url, DataExportService& service)
    : pool_(database_url, 1, config.database_prepared_statements), service_(service) {
  thread_ = std::thread([this] { run_worker_loop(signal_, "data exports: worker", [this] { return turn(); }); });
}

DataExportWorker::~DataExportWorker() { stop(); }

void DataExportWorker::wake() { signal_.wake(); }

void DataExportWorker::stop() {
  signal_.stop();
  if (thread_.joinable()) thread_.join();
}

Turn DataExportWorker::turn() {
  // Besides the NOTIFY of each request: expiries come due, and a missed wake-up costs at most this.
  constexpr std::chrono::milliseconds kPoll(60000);
  if (const int purged = service_.purge_expired(pool_)) spdlog::info("data exports: deleted {} expired downloads", purged);
  return service_.build_next(pool_) != Built::idle ? Turn::again() : Turn::idle_for(kPoll);
}

}  // namespace camp::privacy
