#include "events/service.hpp"

#include <chrono>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "events/notifications.hpp"
#include "events/repo.hpp"

namespace camp::events {
namespace {

using accounts::Role;

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }
Error forbidden() { return Error(errc::forbidden, std::string(msg::forbidden)); }
Error invalid(std::string_view message) { return Error(errc::invalid, std::string(message)); }

// Everyone without the events area gets 404; then admins only (403 to students/graduates).
void require_admin(const accounts::Account& a) {
  if (!has_events(a)) throw not_found();
  if (a.role != Role::admin) throw forbidden();
}
// Students and graduates: those who join and have a badge and a calendar.
void require_member(const accounts::Account& a) {
  if (!has_events(a)) throw not_found();
  if (a.role == Role::admin) throw forbidden();
}

std::int64_t epoch(TimePoint t) { return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count(); }

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

void hold_tag(db::Tx& tx, const repo::Fields& f) {
  if (f.tag_id && !repo::hold_tag(tx, *f.tag_id))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"tag_id", {std::string(msg::event_tag_unknown)}}});
}

}  // namespace

bool has_events(const accounts::Account& a) {
  if (a.role == Role::admin || a.role == Role::graduate) return true;
  return a.role == Role::student && !(a.course && a.course->code == "u29");
}

accounts::Account operator_account() {
  accounts::Account a;
  a.role = Role::admin;
  a.nickname = "camp CLI";
  return a;
}

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
  const auto now = epoch(clock_.now());
  EventPage page{{}, 0, p.page, p.per};
  pool_.transaction([&](db::Tx& tx) {
    page.items = repo::list(tx, actor.id, scope, now, p.page, p.per);
    page.total = repo::count(tx, scope, now);
    if (actor.role != Role::admin) repo::mark_seen(tx, actor.id);
  });
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
  require_admin(actor);
  throw_if_invalid(validate(in, true));
  auto f = fields_of(in);
  const auto s = schedule(*in.start_date, *in.start_at, *in.end_at);
  f.starts_at = s.starts_at;
  f.ends_at = s.ends_at;
  return pool_.transaction([&](db::Tx& tx) {
    hold_tag(tx, f);
    const auto id = repo::insert(tx, f, actor.id);
    return *repo::find(tx, id, actor.id);
  });
}

Event EventService::update_event(const accounts::Account& actor, std::int64_t id, const EventInput& in) {
  require_admin(actor);
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
    repo::update(tx, id, f);
    // More seats: the waitlist moves up, in order, and hears about it.
    std::vector<std::int64_t> moved;
    if (f.capacity && row->status == "published")
      for (int seats = *f.capacity - row->participants_count; seats > 0 && row->waitlist_count > static_cast<int>(moved.size()); --seats)
        if (auto promoted = repo::promote_first(tx, id)) moved.push_back(*promoted);
    const int n = static_cast<int>(moved.size());
    if (n > 0) repo::add_counts(tx, id, n, -n);
    auto e = *repo::find(tx, id, actor.id);
    notify::to_accounts(tx, {links_, page_url()}, e, "event_moved_up", moved);
    return e;
  });
}

Event EventService::publish(const accounts::Account& actor, std::int64_t id) {
  require_admin(actor);
  return pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock(tx, id);
    if (!row) throw not_found();
    if (row->status == "cancelled") throw invalid(msg::event_cancelled_edit);
    const bool published_now = repo::publish(tx, id);
    auto e = *repo::find(tx, id, actor.id);
    if (published_now) notify::published(tx, {links_, page_url()}, e);
    return e;
  });
}

Event EventService::cancel_event(const accounts::Account& actor, std::int64_t id) {
  require_admin(actor);
  return pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock(tx, id);
    if (!row) throw not_found();
    if (row->status == "draft") throw invalid(msg::event_draft_cancel);
    const bool cancelled_now = repo::cancel(tx, id);
    auto e = *repo::find(tx, id, actor.id);
    if (cancelled_now) notify::to_accounts(tx, {links_, page_url()}, e, "event_cancelled", repo::member_ids(tx, id, true));
    return e;
  });
}

JoinResult EventService::join(const accounts::Account& actor, std::int64_t id) {
  require_member(actor);
  const auto now = epoch(clock_.now());
  auto result = pool_.transaction([&](db::Tx& tx) {
    // The event row FOR UPDATE: joins of one event queue here, so the seat count and the
    // arrival order (the participation's seq) are those of the lock order.
    const auto row = repo::lock(tx, id);
    if (!row || row->status == "draft") throw not_found();
    if (auto mine = repo::participation(tx, id, actor.id)) return JoinResult{*repo::find(tx, id, actor.id), false};
    if (row->status == "cancelled") throw invalid(msg::event_cancelled_join);
    if (row->ends_at <= now) throw invalid(msg::event_finished_join);
    const bool seat = row->participants_count < row->capacity;
    repo::insert_participation(tx, id, actor.id, seat ? "participant" : "waitlisted");
    repo::add_counts(tx, id, seat ? 1 : 0, seat ? 0 : 1);
    return JoinResult{*repo::find(tx, id, actor.id), true};
  });
  result.event = visible(actor, std::move(result.event));
  return result;
}

Event EventService::leave(const accounts::Account& actor, std::int64_t id) {
  require_member(actor);
  const auto now = epoch(clock_.now());
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
    if (promoted) notify::to_accounts(tx, {links_, page_url()}, e, "event_moved_up", {*promoted});
    return e;
  }));
}

std::vector<Participant> EventService::participants(const accounts::Account& actor, std::int64_t id) {
  require_admin(actor);
  return pool_.transaction(
      [&](db::Tx& tx) {
        if (!repo::find(tx, id, actor.id)) throw not_found();
        return repo::participants(tx, id);
      },
      db::Isolation::repeatable_read);
}

void EventService::mark_seen(const accounts::Account& actor) {
  require_member(actor);
  pool_.autocommit([&](db::Tx& tx) { repo::mark_seen(tx, actor.id); });
}

std::int64_t EventService::unread_count(const accounts::Account& actor) {
  require_member(actor);
  return pool_.autocommit([&](db::Tx& tx) { return repo::unread_count(tx, actor.id); });
}

int EventService::remind(Date day) {
  const auto from = epoch(school_day_start(Date(std::chrono::sys_days(day) + std::chrono::days(1))));
  const auto to = epoch(school_day_start(Date(std::chrono::sys_days(day) + std::chrono::days(2))));
  return pool_.transaction([&](db::Tx& tx) {
    const auto ids = repo::claim_reminders(tx, from, to);
    for (const auto id : ids) {
      const auto e = *repo::find(tx, id, 0);
      notify::to_accounts(tx, {links_, page_url()}, e, "event_reminder", repo::member_ids(tx, id, false));
    }
    return static_cast<int>(ids.size());
  });
}

}  // namespace camp::events
