#include "mail/delivery.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>

#include "core/error.hpp"
#include "core/text.hpp"
#include "notifications/events.hpp"

namespace camp::mail {

namespace {

// The admins hear of a mail given up on (in the app only), in the transaction that marks it.
void tell_admins(db::Tx& tx, const Mail& mail, const std::string& error) {
  notifications::record_event(tx, notifications::kMailFailed, std::nullopt,
                              {{"mail_id", mail.id}, {"template", mail.template_name},
                               {"error", std::string(text::utf8_prefix(text::escape_for_log(error), 300))}});
}

}  // namespace

Round deliver_due(db::Connection& conn, Transport& transport, const Sender& from, const RetryPolicy& policy, int max_mails,
                  const std::atomic<bool>* stopping) {
  pqxx::work work(conn.pq());
  db::Tx tx(conn, work);
  Round round;
  std::vector<std::int64_t> sent;
  std::exception_ptr cut_short;  // the send a shutdown aborted
  for (const auto& mail : claim_due(tx, max_mails)) {
    ++round.claimed;
    if (cut_short) continue;  // stays queued as it was
    std::string error;
    bool given_up = false;
    try {
      transport.send(mail, from.address, compose(mail, from));
      sent.push_back(mail.id);
      continue;
    } catch (const SendFailure& e) {
      // Cut short by shutdown: not the mail's failure. It stays queued; those sent are marked.
      if (stopping && stopping->load()) {
        cut_short = std::current_exception();
        continue;
      }
      error = e.what();
      given_up = mark_attempt_failed(tx, mail.id, e.what(), e.permanent(), policy) == Status::failed;
      spdlog::warn("mail {} to {}: attempt {} failed{}: {}", mail.id, mail.to, mail.attempts + 1,
                   given_up ? " (giving up)" : "", e.what());
    } catch (const Error& e) {  // the row cannot be composed (bad header value): no retry helps
      error = e.what();
      mark_attempt_failed(tx, mail.id, error, true, policy);
      given_up = true;
      spdlog::error("mail {} cannot be composed: {}", mail.id, e.what());
    }
    if (given_up) {
      ++round.failed;
      tell_admins(tx, mail, error);
    } else {
      ++round.retry_later;
    }
  }
  if (!sent.empty()) mark_sent(tx, sent);
  round.sent = static_cast<int>(sent.size());
  work.commit();
  if (cut_short) std::rethrow_exception(cut_short);
  return round;
}

DeliveryWorker::DeliveryWorker(const Config& config, std::string database_url)
    : config_(config),
      url_(db::with_client_defaults(database_url)),
      from_{config.mail.from_address, config.mail.from_name},
      policy_{config.mail.max_attempts, config.mail.retry_base_seconds, config.mail.retry_max_seconds} {
  for (int i = 0; i < config.mail.delivery_threads; ++i) threads_.emplace_back([this, i] { run(i); });
}

DeliveryWorker::~DeliveryWorker() { stop(); }

void DeliveryWorker::wake() { signal_.wake(); }

// Aborts transfers in progress (they stay queued: the stop flag reaches the transport).
void DeliveryWorker::stop() {
  signal_.stop();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

void DeliveryWorker::run(int index) {
  std::unique_ptr<Transport> transport;
  std::unique_ptr<db::Connection> conn;
  const std::chrono::milliseconds poll(config_.mail.poll_seconds * 1000);
  auto turn = [&]() -> Turn {
    if (!transport) {
      transport = make_transport(config_, signal_.stop_flag());
      if (index == 0) spdlog::info("mail: delivering through {}", transport->describe());
    }
    if (!conn) conn = std::make_unique<db::Connection>(url_, config_.database_prepared_statements);
    // A batch that was not full took every due mail (one enqueued meanwhile has woken us).
    if (deliver_due(*conn, *transport, from_, policy_, kDeliveryBatch, signal_.stop_flag()).claimed == kDeliveryBatch)
      return Turn::again();
    // Nothing more due now: sleep until the next retry is due, a NOTIFY, or the poll interval.
    pqxx::nontransaction n(conn->pq());
    db::Tx tx(*conn, n);
    if (const auto due = seconds_until_due(tx))
      return Turn::idle_for(std::clamp(std::chrono::milliseconds(static_cast<std::int64_t>(*due * 1000) + 5),
                                       std::chrono::milliseconds(5), poll));
    return Turn::idle_for(poll);
  };
  // After a failure, a new connection next time: a half-done transaction rolls back with this one.
  run_worker_loop(signal_, fmt::format("mail: delivery worker {}", index), turn, [&] { conn.reset(); });
}

}  // namespace camp::mail
