#pragma once
// The delivery worker every daemon runs: its own threads, each with its own database
// connection and transport, never a request or I/O thread. A thread takes the oldest due
// mail with FOR UPDATE SKIP LOCKED, sends it and marks it sent (or counts the failure) in that
// same transaction, so across any number of daemons each mail is sent once. A crash (or a
// lost database connection) after the server accepted a mail and before the commit leaves that
// one mail queued, and it is sent again, with the same Message-ID (docs/mail.md).
// Threads wake on the NOTIFY an enqueue sends (wake()), when the next retry is due, and at
// the latest every mail.poll_seconds.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "core/config.hpp"
#include "core/worker_loop.hpp"
#include "db/pool.hpp"
#include "mail/mime.hpp"
#include "mail/outbox.hpp"
#include "mail/transport.hpp"

namespace camp::mail {

enum class Step { idle, sent, retry_later, failed };

// One delivery in one transaction on `conn` (for the worker and the tests). A send that fails
// while *stopping is set rethrows, so the transaction rolls back and the mail stays as it was.
Step deliver_one(db::Connection& conn, Transport& transport, const Sender& from, const RetryPolicy& policy,
                 const std::atomic<bool>* stopping = nullptr);

class DeliveryWorker {
 public:
  DeliveryWorker(const Config& config, std::string database_url);
  ~DeliveryWorker();  // stop()
  DeliveryWorker(const DeliveryWorker&) = delete;
  DeliveryWorker& operator=(const DeliveryWorker&) = delete;

  // A mail was queued (the notification): look now.
  void wake();
  // Aborts transfers in progress (they stay queued) and joins the threads.
  void stop();

 private:
  void run(int index);

  Config config_;
  std::string url_;
  Sender from_;
  RetryPolicy policy_;
  WorkerSignal signal_;
  std::vector<std::thread> threads_;
};

}  // namespace camp::mail
