#pragma once
// The delivery worker every daemon runs: its own threads, each with its own database
// connection and transport, never a request or I/O thread. A thread takes the oldest due
// mails (a batch of up to kDeliveryBatch) with FOR UPDATE SKIP LOCKED, sends them one by one and
// marks each sent (or counts its failure) in that same transaction, so across any number of
// daemons each mail is sent once. A crash (or a lost database connection) after the server
// accepted a mail and before the commit leaves the batch's mails queued, and those already
// accepted are sent again, with the same Message-ID (docs/mail.md).
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

// Mails per transaction: one claim, one "sent" update and one commit for the batch instead of
// for each mail (during the morning scan's backlog, single mails were a third of PostgreSQL's
// statements). Also the most a crash can make a thread send twice.
constexpr int kDeliveryBatch = 10;

struct Round {
  int claimed = 0, sent = 0, retry_later = 0, failed = 0;
};

// Up to `max_mails` due mails in one transaction on `conn` (for the worker and the tests). A
// send that fails while *stopping is set ends the round: the mails sent before it are marked
// and committed, it and the rest stay as they were, and SendFailure is thrown.
Round deliver_due(db::Connection& conn, Transport& transport, const Sender& from, const RetryPolicy& policy, int max_mails,
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
