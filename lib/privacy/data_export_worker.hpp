#pragma once
// Each daemon's builder of personal-data exports (data_export.hpp): a thread with its own
// connection, woken by the NOTIFY of a new request (stream data_exports) and polling once a
// minute; it builds the oldest pending export (claimed FOR UPDATE SKIP LOCKED: each is built by
// one daemon) and deletes the bytes of expired ones. The ZIP goes to PostgreSQL, never to disk.
#include <string>
#include <thread>

#include "core/config.hpp"
#include "core/worker_loop.hpp"
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
  Turn turn();

  db::Pool pool_;  // one connection of its own: a large ZIP never holds up a request
  DataExportService& service_;
  WorkerSignal signal_;
  std::thread thread_;
};

}  // namespace camp::privacy
