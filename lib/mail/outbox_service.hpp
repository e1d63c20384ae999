#pragma once
// The outbox for operators (`camp mail list|show|retry|test`): what was sent, what failed,
// queueing again. Admins and the system actor only; the daemons deliver (delivery.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "mail/model.hpp"

namespace camp::mail {

struct TestMails {
  std::size_t queued = 0;
  std::optional<std::int64_t> id;  // the mail's, when one was queued
};

class OutboxService {
 public:
  OutboxService(db::Pool& pool, const Clock& clock) : pool_(pool), clock_(clock) {}

  // Newest first; only `status` when given.
  std::vector<Mail> list(const accounts::Account& actor, std::optional<Status> status, int limit);
  // not_found when there is no such mail.
  Mail get(const accounts::Account& actor, std::int64_t id);
  // A failed (or still queued) mail, due now with its attempts reset; a sent one: invalid.
  void retry(const accounts::Account& actor, std::int64_t id);
  // Every failed mail, as retry(): how many.
  int retry_failed(const accounts::Account& actor);
  // `count` copies of the test mail to `to` (one transaction), naming this host and the time
  // it was queued (school time, "2026-11-24 09:30:00 JST"): checks the SMTP settings end to end.
  TestMails queue_test(const accounts::Account& actor, const std::string& to, int count);

 private:
  db::Pool& pool_;
  const Clock& clock_;
};

}  // namespace camp::mail
