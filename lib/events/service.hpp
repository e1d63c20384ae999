#pragma once
// Event use cases (docs/events.md). Who may do what is decided here:
//   - the events area is closed (404, as if it did not exist) to mentors, trial accounts and
//     students of course u29;
//   - admins author (create_event, update_event, publish, cancel_event) and see drafts and
//     participants; students and graduates join, leave, have an unread badge and a calendar;
//   - the meeting URL is shown to participants and admins only.
// Each use case is one transaction: validate -> lock the event row -> policy -> write -> read.
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "core/batcher.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "events/model.hpp"
#include "events/validation.hpp"

namespace camp::events {

struct ListParams {
  std::string scope = "upcoming";  // upcoming | past | drafts (admins)
  int page = 1, per = 20;
};

struct EventPage {
  std::vector<Event> items;
  std::int64_t total = 0;
  int page = 1, per = 20;
};

struct JoinResult {
  Event event;
  bool created = false;  // false: the account had joined (or was waiting) already
};
// What a join came to: the result, or the error it would have thrown.
struct JoinOutcome {
  std::optional<JoinResult> result;
  std::exception_ptr error;
};
using JoinDone = std::function<void(JoinOutcome)>;

class EventService {
 public:
  EventService(db::Pool& pool, const Clock& clock, std::string public_url)
      : pool_(pool),
        clock_(clock),
        public_url_(std::move(public_url)),
        joins_([this](std::int64_t id, std::vector<PendingJoin>& batch) { apply_joins(id, batch); }, kJoinBatch) {}

  // Lists also mark every published event seen for a student or graduate (the badge falls to 0).
  EventPage list(const accounts::Account& actor, const ListParams& params);
  Event get(const accounts::Account& actor, std::int64_t id);
  Event create_event(const accounts::Account& actor, const EventInput& input);
  Event update_event(const accounts::Account& actor, std::int64_t id, const EventInput& input);
  // Draft -> published (domain event event.published: students but u29 and graduates hear of
  // it). Publishing a published event changes nothing and tells nobody.
  Event publish(const accounts::Account& actor, std::int64_t id);
  // Published -> cancelled (event.cancelled: the participants and the waitlist).
  Event cancel_event(const accounts::Account& actor, std::int64_t id);

  // Joins of one event are applied in batches, one transaction each (lib/core/batcher.hpp):
  // a thousand students pressing 参加 at once take a few transactions, not a thousand queued
  // on the event's row lock. Seats and the waitlist follow the order the joins arrived in.
  // `done` runs once, on the thread that applies the batch, after its commit. Throws at once
  // (without queueing) when the account has no events area.
  void join_async(const accounts::Account& actor, std::int64_t id, JoinDone done);
  JoinResult join(const accounts::Account& actor, std::int64_t id);  // join_async, waited for
  // A participant leaving moves the first waitlisted account up (event_moved_up mail).
  Event leave(const accounts::Account& actor, std::int64_t id);
  std::vector<Participant> participants(const accounts::Account& actor, std::int64_t id);

  // Admins: how many people publishing an event would mail now, immediately or in their daily
  // digest (the publish confirmation says it): the rule table's answer, nothing written.
  std::size_t publish_audience(const accounts::Account& actor);

  void mark_seen(const accounts::Account& actor);
  std::int64_t unread_count(const accounts::Account& actor);

  // The secret feed URL (<public_url>/calendar/<token>.ics), made on first use; reset makes a
  // new token and the old URL dies.
  std::string calendar_url(const accounts::Account& actor);
  std::string reset_calendar(const accounts::Account& actor);
  // The feed of the account holding `token` (its joined events), or nothing for a malformed or
  // unknown token (checked for length and alphabet before the database).
  std::optional<std::string> calendar(const std::string& token);
  // One event as iCalendar, for whoever may get() it.
  std::string event_ics(const accounts::Account& actor, std::int64_t id);

  // Records event.reminder (its participants hear of it, event_reminder mail) for every
  // published event that starts on the school day after `day` and was not reminded yet, and
  // marks it reminded in the same transaction, so two daemons (or the CLI) never remind twice.
  // How many events.
  int remind(Date day);

  std::vector<Tag> tags(const accounts::Account& actor);
  Tag create_tag(const accounts::Account& actor, const std::string& name);
  Tag rename_tag(const accounts::Account& actor, int id, const std::string& name);
  void delete_tag(const accounts::Account& actor, int id);

  const Clock& clock() const { return clock_; }

 private:
  std::string page_url() const { return public_url_ + "/events"; }
  std::string host() const;
  Event visible(const accounts::Account& actor, Event e) const;
  struct PendingJoin {
    accounts::Account actor;
    JoinDone done;
  };
  static constexpr std::size_t kJoinBatch = 500;
  void apply_joins(std::int64_t id, std::vector<PendingJoin>& batch);

  db::Pool& pool_;
  const Clock& clock_;
  std::string public_url_;
  KeyedBatcher<PendingJoin> joins_;
};

}  // namespace camp::events
