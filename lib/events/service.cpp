#include "events/service.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <unordered_set>

#include <spdlog/spdlog.h>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "db/idempotency.hpp"
#include "events/repo.hpp"
#include "files/upload_repo.hpp"
#include "notifications/dispatcher.hpp"
#include "notifications/events.hpp"

namespace camp::events {
namespace {

using accounts::Role;

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }
Error forbidden() { return Error(errc::forbidden, std::string(msg::forbidden)); }
Error invalid(std::string_view message) { return Error(errc::invalid, std::string(message)); }

// The CLI's operator account has no row: the system.
std::optional<std::int64_t> actor_id(const accounts::Account& a) {
  return a.id > 0 ? std::optional<std::int64_t>(a.id) : std::nullopt;
}

// An event's facts for its notifications and mails (lib/notifications/rules.cpp decides who).
nlohmann::json event_facts(const Event& e, const std::vector<std::int64_t>& account_ids = {}) {
  nlohmann::json facts{{"event_id", e.id}, {"title", e.title}, {"when", when(e)}};
  if (!account_ids.empty()) facts["account_ids"] = account_ids;
  return facts;
}


// The validated input as columns; the schedule only when all three parts are known.
repo::Fields fields_of(const EventInput& in) {
  repo::Fields f;
  if (in.title) f.title = text::trim(*in.title);
  if (in.tag_id) f.tag_id = static_cast<int>(*in.tag_id);
  if (in.image_url) f.image_url = in.image_url->value_or("").empty() ? std::nullopt : *in.image_url;
  if (in.meeting_url) f.meeting_url = in.meeting_url->value_or("").empty() ? std::nullopt : *in.meeting_url;
  f.description = in.description;
  if (in.capacity) f.capacity = check_capacity(*in.capacity).value;
  return f;
}

// A new event image is an upload (file_type event) of an admin: not a made-up name, not a
// student's file. An image the event already has stays valid.
void check_image(db::Tx& tx, const repo::Fields& f, const std::optional<std::string>& current) {
  if (!f.image_url || !*f.image_url || *f.image_url == current) return;
  if (!files::upload_repo::is_admin_upload(tx, **f.image_url, "event"))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"image_url", {std::string(msg::image_url_own_upload)}}});
}

void hold_tag(db::Tx& tx, const repo::Fields& f) {
  if (f.tag_id && !repo::hold_tag(tx, *f.tag_id))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"tag_id", {std::string(msg::event_tag_unknown)}}});
}

}  // namespace

std::string EventService::host() const {
  auto rest = public_url_.substr(public_url_.find("://") == std::string::npos ? 0 : public_url_.find("://") + 3);
  return rest.substr(0, rest.find_first_of("/:"));
}

Event EventService::visible(const accounts::Account& actor, Event e) const {
  if (actor.role != Role::admin && e.my_participation != std::optional<std::string>("participant")) e.meeting_url.reset();
  return e;
}

EventPage EventService::list(const accounts::Account& actor, const ListParams& p) {
  if (!has_events(actor)) throw not_found();
  repo::Scope scope;
  if (p.scope == "upcoming") scope = repo::Scope::upcoming;
  else if (p.scope == "past") scope = repo::Scope::past;
  else if (p.scope == "drafts" && actor.role == Role::admin) scope = repo::Scope::drafts;
  else if (p.scope == "drafts") throw forbidden();
  else throw Error(errc::invalid, std::string(msg::invalid_input), {{"scope", {std::string(msg::event_scope_choice)}}});
  const auto now = unix_seconds(clock_.now());
  EventPage page{{}, 0, p.page, p.per};
  // One statement: the page, its total and (for those with an unread badge) the marking.
  std::tie(page.items, page.total) = pool_.autocommit(
      [&](db::Tx& tx) { return repo::list(tx, actor.id, scope, now, p.page, p.per, actor.role != Role::admin); });
  for (auto& e : page.items) e = visible(actor, std::move(e));
  return page;
}

Event EventService::get(const accounts::Account& actor, std::int64_t id) {
  if (!has_events(actor)) throw not_found();
  auto e = pool_.autocommit([&](db::Tx& tx) { return repo::find(tx, id, actor.id); });
  if (!e || (e->status == "draft" && actor.role != Role::admin)) throw not_found();
  return visible(actor, std::move(*e));
}

Event EventService::create_event(const accounts::Account& actor, const EventInput& in) {
  require_events_admin(actor);
  throw_if_invalid(validate(in, true));
  auto f = fields_of(in);
  const auto s = schedule(*in.start_date, *in.start_at, *in.end_at);
  f.starts_at = s.starts_at;
  f.ends_at = s.ends_at;
  return pool_.transaction([&](db::Tx& tx) {
    hold_tag(tx, f);
    check_image(tx, f, std::nullopt);
    const auto id = repo::insert(tx, f, actor.recorded_id());
    return *repo::find(tx, id, actor.id);
  });
}

Event EventService::update_event(const accounts::Account& actor, std::int64_t id, const EventInput& in) {
  require_events_admin(actor);
  throw_if_invalid(validate(in, false));
  auto f = fields_of(in);
  return pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock(tx, id);
    if (!row) throw not_found();
    if (row->status == "cancelled") throw invalid(msg::event_cancelled_edit);
    if (f.capacity && *f.capacity < row->participants_count)
      throw Error(errc::invalid, std::string(msg::invalid_input),
                  {{"capacity", {msg::event_capacity_min(std::to_string(row->participants_count))}}});
    if (in.start_date || in.start_at || in.end_at) {
      const auto starts = school_time(row->starts_at), ends = school_time(row->ends_at);
      const auto s = schedule(in.start_date.value_or(starts.date), in.start_at.value_or(starts.clock),
                              in.end_at.value_or(ends.clock));
      f.starts_at = s.starts_at;
      f.ends_at = s.ends_at;
    }
    hold_tag(tx, f);
    check_image(tx, f, row->image_url);
    repo::update(tx, id, f);
    // More seats: the waitlist moves up, in order, and hears about it.
    std::vector<std::int64_t> moved;
    if (f.capacity && row->status == "published")
      for (int seats = *f.capacity - row->participants_count; seats > 0 && row->waitlist_count > static_cast<int>(moved.size()); --seats)
        if (auto promoted = repo::promote_first(tx, id)) moved.push_back(*promoted);
    const int n = static_cast<int>(moved.size());
    if (n > 0) repo::add_counts(tx, id, n, -n);
    auto e = *repo::find(tx, id, actor.id);
    if (!moved.empty()) notifications::record_event(tx, notifications::kEventMovedUp, actor_id(actor), event_facts(e, moved));
    return e;
  });
}

Event EventService::publish(const accounts::Account& actor, std::int64_t id) {
  require_events_admin(actor);
  return pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock(tx, id);
    if (!row) throw not_found();
    if (row->status == "cancelled") throw invalid(msg::event_cancelled_edit);
    const bool published_now = repo::publish(tx, id);
    auto e = *repo::find(tx, id, actor.id);
    if (published_now) notifications::record_event(tx, notifications::kEventPublished, actor_id(actor), event_facts(e));
    return e;
  });
}

Event EventService::cancel_event(const accounts::Account& actor, std::int64_t id) {
  require_events_admin(actor);
  return pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock(tx, id);
    if (!row) throw not_found();
    if (row->status == "draft") throw invalid(msg::event_draft_cancel);
    const bool cancelled_now = repo::cancel(tx, id);
    auto e = *repo::find(tx, id, actor.id);
    if (cancelled_now)
      notifications::record_event(tx, notifications::kEventCancelled, actor_id(actor), event_facts(e, repo::member_ids(tx, id, true)));
    return e;
  });
}

void EventService::join_async(const accounts::Account& actor, std::int64_t id, JoinDone done) {
  require_events_member(actor);
  joins_.submit(id, PendingJoin{actor, std::move(done)});
}

JoinResult EventService::join(const accounts::Account& actor, std::int64_t id) {
  std::promise<JoinResult> promise;
  auto answer = promise.get_future();
  join_async(actor, id, [&promise](JoinOutcome o) {
    if (o.error) promise.set_exception(o.error);
    else promise.set_value(std::move(*o.result));
  });
  return answer.get();
}

// One transaction for the batch: the event row FOR UPDATE (leaves and edits of the event wait
// for it, as they did for a single join), then, in arrival order, who was in already, who gets
// a seat and who waits; one insert and one counter update for all of them.
void EventService::apply_joins(std::int64_t id, std::vector<PendingJoin>& batch) {
  // The batch holds other requests' joins: it records no Idempotency-Key (a join sent again
  // answers the same state anyway, 200 instead of 201).
  db::IdempotencyScope::Suspended no_key;
  std::vector<JoinOutcome> outcomes;
  try {
    const auto now = unix_seconds(clock_.now());
    pool_.transaction([&](db::Tx& tx) {
      outcomes.assign(batch.size(), {});
      const auto row = repo::lock(tx, id);
      if (!row || row->status == "draft") throw not_found();
      std::vector<std::int64_t> ids;
      for (const auto& p : batch) ids.push_back(p.actor.id);
      const auto had = repo::joined_among(tx, id, ids);
      std::unordered_set<std::int64_t> in(had.begin(), had.end());
      std::vector<std::int64_t> joining;
      std::vector<std::string> statuses;
      int seats = row->capacity - row->participants_count, waiting = row->waitlist_count;
      std::vector<std::size_t> again;  // already in (before, or earlier in this batch)
      for (std::size_t i = 0; i < batch.size(); ++i) {
        const auto who = batch[i].actor.id;
        if (in.contains(who)) {
          again.push_back(i);
        } else if (row->status == "cancelled" || row->ends_at <= now) {
          outcomes[i].error = std::make_exception_ptr(
              invalid(row->status == "cancelled" ? msg::event_cancelled_join : msg::event_finished_join));
        } else {
          in.insert(who);
          const bool seat = seats > 0;
          if (seat) --seats;
          else ++waiting;
          joining.push_back(who);
          statuses.emplace_back(seat ? "participant" : "waitlisted");
          Event mine;
          mine.my_participation = statuses.back();
          if (!seat) mine.waitlist_position = waiting;
          outcomes[i].result = JoinResult{std::move(mine), true};
        }
      }
      if (!joining.empty()) {
        repo::insert_participations(tx, id, joining, statuses);
        const int seated = static_cast<int>(std::count(statuses.begin(), statuses.end(), "participant"));
        repo::add_counts(tx, id, seated, static_cast<int>(joining.size()) - seated);
      }
      // The event as each new joiner sees it: the shared read plus their own place.
      const auto shared = *repo::find(tx, id, 0);
      for (auto& o : outcomes) {
        if (!o.result) continue;
        auto e = shared;
        e.my_participation = o.result->event.my_participation;
        e.waitlist_position = o.result->event.waitlist_position;
        o.result->event = std::move(e);
      }
      for (const auto i : again) outcomes[i].result = JoinResult{*repo::find(tx, id, batch[i].actor.id), false};
    });
    spdlog::debug("event {}: {} joins applied in one transaction", id, batch.size());
  } catch (...) {
    outcomes.assign(batch.size(), JoinOutcome{std::nullopt, std::current_exception()});
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (outcomes[i].result) outcomes[i].result->event = visible(batch[i].actor, std::move(outcomes[i].result->event));
    try {
      batch[i].done(std::move(outcomes[i]));
    } catch (const std::exception& e) {  // one failed answer must not leave the others unanswered
      spdlog::error("event {}: answering a join failed: {}", id, e.what());
    }
  }
}

Event EventService::leave(const accounts::Account& actor, std::int64_t id) {
  require_events_member(actor);
  const auto now = unix_seconds(clock_.now());
  return visible(actor, pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock(tx, id);
    if (!row || row->status == "draft") throw not_found();
    const auto was = repo::delete_participation(tx, id, actor.id);
    std::optional<std::int64_t> promoted;
    if (was == std::optional<std::string>("participant")) {
      if (row->status == "published" && row->ends_at > now) promoted = repo::promote_first(tx, id);
      repo::add_counts(tx, id, promoted ? 0 : -1, promoted ? -1 : 0);
    } else if (was) {
      repo::add_counts(tx, id, 0, -1);
    }
    auto e = *repo::find(tx, id, actor.id);
    if (promoted) notifications::record_event(tx, notifications::kEventMovedUp, actor.id, event_facts(e, {*promoted}));
    return e;
  }));
}

std::vector<Participant> EventService::participants(const accounts::Account& actor, std::int64_t id) {
  require_events_admin(actor);
  return pool_.transaction(
      [&](db::Tx& tx) {
        if (!repo::find(tx, id, actor.id)) throw not_found();
        return repo::participants(tx, id);
      },
      db::Isolation::repeatable_read);
}

std::size_t EventService::publish_audience(const accounts::Account& actor) {
  require_events_admin(actor);
  return pool_.autocommit([&](db::Tx& tx) {
    const auto told = notifications::preview(tx, notifications::kEventPublished, actor_id(actor), {});
    return told.mails + told.daily;
  });
}

void EventService::mark_seen(const accounts::Account& actor) {
  require_events_member(actor);
  pool_.autocommit([&](db::Tx& tx) { repo::mark_seen(tx, actor.id); });
}

std::int64_t EventService::unread_count(const accounts::Account& actor) {
  require_events_member(actor);
  return pool_.autocommit([&](db::Tx& tx) { return repo::unread_count(tx, actor.id); });
}

int EventService::remind(Date day) {
  const auto from = unix_seconds(school_day_start(Date(std::chrono::sys_days(day) + std::chrono::days(1))));
  const auto to = unix_seconds(school_day_start(Date(std::chrono::sys_days(day) + std::chrono::days(2))));
  return pool_.transaction([&](db::Tx& tx) {
    const auto ids = repo::claim_reminders(tx, from, to);
    // The participants as they are now (not the waitlist).
    for (const auto id : ids)
      notifications::record_event(tx, notifications::kEventReminder, std::nullopt,
                                  event_facts(*repo::find(tx, id, 0), repo::member_ids(tx, id, false)));
    return static_cast<int>(ids.size());
  });
}

}  // namespace camp::events
