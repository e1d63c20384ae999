#pragma once
// The mail magazine (`camp mail magazine send`, docs/mail.md "The mail magazine"): one mail per
// account that receives the magazine topic, queued through the outbox as bulk mail whose
// List-Unsubscribe header is that account's one-click URL and whose text ends with the
// unsubscribe page. Every send is recorded (mail_magazine_sends, migration 0012); the same
// subject and body a second time is refused unless `again`.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "mail/preferences.hpp"

namespace camp::mail {

struct Magazine {
  std::string subject;             // one line, 1..200 characters
  std::string body;                // UTF-8 text, 1..100,000 bytes
  std::vector<std::string> roles;  // only these roles (empty: every role)
};

struct MagazineOptions {
  bool dry_run = false;  // count the recipients, write nothing
  bool again = false;    // send even when this subject and body went out before
  std::size_t batch_size = 1000;  // mails per enqueue_many statement
  // Called after each batch with (queued so far, total); inside the transaction.
  std::function<void(std::size_t, std::size_t)> progress;
};

struct MagazineResult {
  std::size_t recipients = 0;  // who gets it (or would)
  std::size_t queued = 0;      // mails written (0 for a dry run)
  std::optional<std::int64_t> send_id;  // the mail_magazine_sends row
  std::string body_sha256;
  std::optional<std::int64_t> previously_sent_at;  // epoch seconds of the last identical send
};

// SHA-256 (hex) of subject, LF, body: what "the same magazine" means.
std::string magazine_hash(const std::string& subject, const std::string& body);

// Validates (Error(invalid) with fields subject/body/roles), then in one transaction: locks the
// hash, refuses a repeat (Error(conflict) naming the earlier send) unless `again`, records the
// send and queues the mails in batches. All or nothing. A dry run reports and writes nothing
// (and does not refuse a repeat: `previously_sent_at` says so).
MagazineResult send_magazine(db::Pool& pool, const UnsubscribeLinks& links, const Magazine& magazine,
                             const MagazineOptions& options);

}  // namespace camp::mail
