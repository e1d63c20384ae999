#include "mail/outbox_service.hpp"

#include <unistd.h>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/school_time.hpp"
#include "mail/outbox.hpp"

namespace camp::mail {
namespace {

void require_operator(const accounts::Account& actor) {
  if (actor.role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
}

std::string hostname() {
  char buf[256] = "";
  if (gethostname(buf, sizeof buf - 1) != 0 || !*buf) return "localhost";
  return buf;
}

}  // namespace

std::vector<Mail> OutboxService::list(const accounts::Account& actor, std::optional<Status> status, int limit) {
  require_operator(actor);
  return pool_.autocommit([&](db::Tx& tx) { return mail::list(tx, status, limit); });
}

Mail OutboxService::get(const accounts::Account& actor, std::int64_t id) {
  require_operator(actor);
  auto found = pool_.autocommit([&](db::Tx& tx) { return mail::find(tx, id); });
  if (!found) throw Error(errc::not_found, "no mail with id " + std::to_string(id));
  return std::move(*found);
}

void OutboxService::retry(const accounts::Account& actor, std::int64_t id) {
  require_operator(actor);
  pool_.transaction([&](db::Tx& tx) { mail::retry(tx, id); });
}

int OutboxService::retry_failed(const accounts::Account& actor) {
  require_operator(actor);
  return pool_.transaction([&](db::Tx& tx) { return mail::retry_failed(tx); });
}

TestMails OutboxService::queue_test(const accounts::Account& actor, const std::string& to, int count) {
  require_operator(actor);
  check_address(to);
  const Outgoing one{to, "test", {{"to", to}, {"host", hostname()}, {"queued_at", format_school(clock_.now(), "%F %T JST")}}};
  if (count == 1) return {1, pool_.transaction([&](db::Tx& tx) { return enqueue(tx, one); })};
  return {pool_.transaction([&](db::Tx& tx) { return enqueue_many(tx, std::vector(static_cast<std::size_t>(count), one)); }),
          std::nullopt};
}

}  // namespace camp::mail
