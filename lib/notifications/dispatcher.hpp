#pragma once
// From "something happened" to "who hears of it": every daemon runs a Dispatcher, whose thread
// takes the oldest due domain event FOR UPDATE SKIP LOCKED and, in that one transaction, runs
// the event's rows of the rule table (rules.hpp): the audience, less the actor and everyone the
// owning domain would not let read the object; one notification each (told once: unique per
// event and account); a mail to those who take the category immediately (and did not stop
// school mail); the event deleted. So however many daemons run, each event is dispatched once.
// The commit wakes every daemon's NotificationChannel (stream "notifications").
//
// The thread takes the due events in batches (kDispatchBatch), each taken and deleted in one
// statement and all dispatched in one transaction: the statements of a single event's
// transaction (claim, savepoint, delete, commit) were half of its cost. When one event of a
// batch throws, the batch rolls back and its events are dispatched one at a time
// (each in its own transaction): there a dispatch that throws is rolled back to a savepoint and the event is
// tried again later (after 30 s, 60 s, ...), then kept as failed (`camp notifications list`
// shows the count); it never blocks the events behind it.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "core/clock.hpp"
#include "core/config.hpp"
#include "core/worker_loop.hpp"
#include "db/pool.hpp"
#include "mail/preferences.hpp"

namespace camp::notifications {

struct DispatchContext {
  const mail::UnsubscribeLinks& links;
  std::string public_url;  // the base of the links in mails
};

inline constexpr int kMaxDispatchAttempts = 5;

inline constexpr int kDispatchBatch = 20;

// Up to `max` due events in one transaction on `conn` (the worker's, or a pool's for the CLI
// and tests); one at a time if the batch fails. How many were dispatched (0: none was due).
int dispatch_batch(db::Connection& conn, const DispatchContext& ctx, int max);
// Dispatches due events until none is left or `max` were done: how many were done. The CLI
// runs this after a command, so what it recorded is told without a daemon.
int dispatch_pending(db::Pool& pool, const DispatchContext& ctx, int max = 1000);

// Who an event of `type` with `payload` would tell if it were dispatched now, nothing written:
// the rule table's answer, for confirmations and dry runs ("N people will get a mail").
struct Preview {
  std::size_t told = 0;   // notifications (in the app: everyone the rows keep)
  std::size_t mails = 0;  // of them, mailed at once (the category immediately, school mail on)
  std::size_t daily = 0;  // of them, in tomorrow's digest instead
};
Preview preview(db::Tx& tx, std::string_view type, std::optional<std::int64_t> actor_id, const nlohmann::json& payload);

class Dispatcher {
 public:
  Dispatcher(const Config& config, std::string database_url, const mail::UnsubscribeLinks& links);
  ~Dispatcher();  // stop()
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;

  void wake();  // an event was recorded (the NOTIFY)
  void stop();

 private:
  Turn turn();

  std::string url_;
  bool prepared_statements_;
  DispatchContext ctx_;
  std::unique_ptr<db::Connection> conn_;  // the worker thread's; dropped after a failure
  WorkerSignal signal_;
  std::thread thread_;
};

// The daily digest: at mail.digest.hour of each school day, one mail per account listing its
// unread notifications of the day before in the categories it takes daily; once per day
// however many daemons run (mail_runs, kind notification_digest). How many mails were queued
// (nothing when it ran already).
struct DigestRun {
  bool already_ran = false;
  int mails = 0;
};
DigestRun run_digest(db::Pool& pool, const DispatchContext& ctx, Date day);
// The daemons' check (every few minutes): runs today's digest from mail.digest.hour on.
bool run_digest_if_due(db::Pool& pool, const DispatchContext& ctx, const Config& config, const Clock& clock);

}  // namespace camp::notifications
