#pragma once
// The outbox table (mail_outbox). Enqueueing takes the caller's transaction (db::Tx&), so a
// mail exists exactly when the change that causes it commits:
//
//   pool.transaction([&](db::Tx& tx) {
//     ... the change ...
//     mail::enqueue(tx, {.to = email, .template_name = "password_reset", .values = {{"url", url}}});
//   });
//
// The rest is for the delivery worker (delivery.hpp) and the operators (`camp mail`).
#include <cstdint>
#include <optional>
#include <vector>

#include "db/pool.hpp"
#include "mail/model.hpp"

namespace camp::mail {

// Renders the template, checks the address and the unsubscribe URL (Error(invalid)), inserts
// the row and wakes the delivery workers (NOTIFY, sent at commit). A mail whose values it
// cannot carry (templates.hpp: Error(invalid) from render) is stored as failed at once with
// the reason in last_error and logged; it never blocks the caller or the other mails. A
// programming error (unknown template, missing value) throws Error(internal).
std::int64_t enqueue(db::Tx& tx, const Outgoing& mail);
// The same for many mails in one statement (the magazine; bench/mail.sh): how many rows were
// written (queued and failed).
std::size_t enqueue_many(db::Tx& tx, const std::vector<Outgoing>& mails);

// Newest first; only `status` when given.
std::vector<Mail> list(db::Tx& tx, std::optional<Status> status, int limit);
std::optional<Mail> find(db::Tx& tx, std::int64_t id);
// A failed (or still queued) mail becomes due now with its attempts reset. Throws
// Error(not_found) for no such mail and Error(invalid) for one already sent.
void retry(db::Tx& tx, std::int64_t id);
// Every failed mail, as retry(): how many.
int retry_failed(db::Tx& tx);
// Mails per status: {queued, sent, failed}.
struct Counts {
  std::int64_t queued = 0, sent = 0, failed = 0;
};
Counts counts(db::Tx& tx);

// Delivery (one worker transaction: claim a batch, send each, mark each, then commit).
struct RetryPolicy {
  int max_attempts = 8;
  int base_seconds = 60;
  int max_seconds = 3600;
};
// The oldest due queued mails, at most `limit`, locked FOR UPDATE SKIP LOCKED (others' locked
// rows are skipped).
std::vector<Mail> claim_due(db::Tx& tx, int limit);
void mark_sent(db::Tx& tx, const std::vector<std::int64_t>& ids);
// Counts a failed attempt: the mail becomes failed after max_attempts (or at once when
// `permanent`), else it is due again after base * 2^(attempts-1) seconds, at most max.
// Returns the new status.
Status mark_attempt_failed(db::Tx& tx, std::int64_t id, const std::string& error, bool permanent,
                           const RetryPolicy& policy);
// Seconds until the next queued mail is due (<= 0: now), or nothing when none is queued.
std::optional<double> seconds_until_due(db::Tx& tx);

// The stream delivery workers listen for on the notification channel (db::kNotifyChannel).
inline constexpr const char* kMailStream = "mail";

}  // namespace camp::mail
