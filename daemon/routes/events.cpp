// Events (docs/events.md): thin adapters over events::EventService.
#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/errors.hpp"
#include "http/json_body.hpp"
#include "http/later.hpp"
#include "routes/routes.hpp"
#include "tokens/scope.hpp"

namespace camp::routes {
namespace events_routes {
namespace {

using http::Context;
using http::Response;

// A required text field of the form: absent → nothing; null → "" (reads as missing).
std::optional<std::string> text(http::JsonFields& in, const char* name) {
  const auto* raw = in.raw(name);
  if (!raw) return std::nullopt;
  if (raw->is_null()) return std::string();
  return in.string(name).value_or("");
}

// {"event":{...}}; capacity may be a number or a string of digits.
events::EventInput event_input(const nlohmann::json& body) {
  return http::read_member(body, "event", [](http::JsonFields& in) {
    events::EventInput e;
    e.title = text(in, "title");
    // Tags are 32-bit ids: a larger number names no tag (never wrap it).
    const auto* tag = in.raw("tag_id");
    if (tag && tag->is_null()) e.tag_id = 1;  // the default tag
    else e.tag_id = in.integer("tag_id", http::kIds64, msg::invalid_value, msg::event_tag_unknown);
    e.image_url = in.nullable_string("image_url");
    e.description = text(in, "description");
    if (const auto* c = in.raw("capacity")) {
      if (c->is_null()) e.capacity = "";
      else if (c->is_string()) e.capacity = in.string("capacity");
      else if (c->is_number_unsigned()) e.capacity = std::to_string(c->get<std::uint64_t>());
      else e.capacity = "x";  // negative, fractional, boolean, object: not only digits
    }
    e.start_date = text(in, "start_date");
    e.start_at = text(in, "start_at");
    e.end_at = text(in, "end_at");
    e.meeting_url = in.nullable_string("meeting_url");
    return e;
  });
}

nlohmann::json envelope(const events::Event& e) { return {{"event", events::to_json(e)}}; }

Response list(Context& ctx) {
  events::ListParams p;
  p.scope = ctx.request.query_param("scope").value_or("upcoming");
  if (p.scope.empty()) p.scope = "upcoming";
  const auto paging = ctx.page_params();
  p.page = paging.page;
  p.per = paging.per;
  const auto page = ctx.app.events.list(ctx.me(), p);
  auto data = nlohmann::json::array();
  for (const auto& e : page.items) data.push_back(events::to_json(e));
  return Response::json(200, {{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}}});
}

Response show(Context& ctx) { return Response::json(200, events::to_json(ctx.app.events.get(ctx.me(), ctx.int_param("id")))); }

Response create(Context& ctx) {
  return Response::json(201, events::to_json(ctx.app.events.create_event(ctx.me(), event_input(ctx.json_body()))));
}

Response update(Context& ctx) {
  const auto e = ctx.app.events.update_event(ctx.me(), ctx.int_param("id"), event_input(ctx.json_body()));
  return Response::json(200, events::to_json(e));
}

Response publish(Context& ctx) { return Response::json(200, events::to_json(ctx.app.events.publish(ctx.me(), ctx.int_param("id")))); }

Response cancel(Context& ctx) {
  return Response::json(200, events::to_json(ctx.app.events.cancel_event(ctx.me(), ctx.int_param("id"))));
}

// Joins are applied in batches (EventService::join_async): the answer comes from the thread
// that applies this one's batch, and this worker is free for the next request meanwhile.
Response join(Context& ctx) {
  auto later = std::make_shared<http::Later>();
  const auto what = ctx.request.method + " " + ctx.request.log_path;
  ctx.app.events.join_async(ctx.me(), ctx.int_param("id"), [later, what, request_id = ctx.request.request_id](events::JoinOutcome o) {
    later->resolve(http::answer_or_error(request_id, what, [&] {
      if (o.error) std::rethrow_exception(o.error);
      return Response::json(o.result->created ? 201 : 200, envelope(o.result->event));
    }));
  });
  Response r;
  r.later = std::move(later);
  return r;
}

Response leave(Context& ctx) { return Response::json(200, envelope(ctx.app.events.leave(ctx.me(), ctx.int_param("id")))); }

Response participants(Context& ctx) {
  const auto format = ctx.request.query_param("format").value_or("json");
  if (format != "json" && format != "csv" && !format.empty())
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"format", {std::string(msg::event_format_choice)}}});
  const auto rows = ctx.app.events.participants(ctx.me(), ctx.int_param("id"));
  if (format == "csv") {
    Response r;
    r.body = events::to_csv(rows);
    r.header("Content-Type", "text/csv; charset=utf-8");
    r.header("Content-Disposition", "attachment; filename=\"event-" + std::to_string(ctx.int_param("id")) + "-participants.csv\"");
    return r;
  }
  auto data = nlohmann::json::array();
  for (const auto& p : rows) data.push_back(events::to_json(p));
  return Response::json(200, {{"data", data}});
}

Response publish_audience(Context& ctx) {
  return Response::json(200, {{"mail_recipients", ctx.app.events.publish_audience(ctx.me())}});
}
Response unread_count(Context& ctx) { return Response::json(200, {{"unread_count", ctx.app.events.unread_count(ctx.me())}}); }

Response calendar(const std::string& ics, const std::string& filename) {
  Response r;
  r.body = ics;
  r.header("Content-Type", "text/calendar; charset=utf-8");
  r.header("Content-Disposition", "attachment; filename=\"" + filename + "\"");
  return r;
}

Response event_ics(Context& ctx) {
  const auto id = ctx.int_param("id");
  return calendar(ctx.app.events.event_ics(ctx.me(), id), "event-" + std::to_string(id) + ".ics");
}

Response feed_url(Context& ctx) { return Response::json(200, {{"url", ctx.app.events.calendar_url(ctx.me())}}); }
Response reset_feed(Context& ctx) { return Response::json(200, {{"url", ctx.app.events.reset_calendar(ctx.me())}}); }

// /calendar/{token}.ics: outside /api/v1 and without login; the token is the credential,
// checked for its shape before the database. Unknown or reset: 404.
Response feed(Context& ctx) {
  const auto ics = ctx.app.events.calendar(ctx.request.params.at("token"));
  if (!ics) throw Error(errc::not_found, std::string(msg::not_found));
  auto r = calendar(*ics, "camp-events.ics");
  r.header("Cache-Control", "private, no-cache");
  return r;
}

}  // namespace
}  // namespace events_routes

void add_events(http::Router& r) {
  http::WriteScope writes(r, tokens::kEventsWrite);
  using namespace events_routes;
  using http::Access;
  r.add({"GET", "/api/v1/events", Access::logged_in, list});
  r.add({"POST", "/api/v1/events", Access::logged_in, create});
  r.add({"GET", "/api/v1/events/unread_count", Access::logged_in, unread_count});
  r.add({"GET", "/api/v1/events/publish_audience", Access::logged_in, publish_audience});
  r.add({"GET", "/api/v1/events/{id:int}", Access::logged_in, show});
  r.add({"PATCH", "/api/v1/events/{id:int}", Access::logged_in, update});
  r.add({"GET", "/api/v1/events/{id:int}.ics", Access::logged_in, event_ics});
  r.add({"POST", "/api/v1/events/{id:int}/publish", Access::logged_in, publish});
  r.add({"POST", "/api/v1/events/{id:int}/cancel", Access::logged_in, cancel});
  r.add({"POST", "/api/v1/events/{id:int}/participation", Access::logged_in, join});
  r.add({"DELETE", "/api/v1/events/{id:int}/participation", Access::logged_in, leave});
  r.add({"GET", "/api/v1/events/{id:int}/participants", Access::logged_in, participants});
  // The feed URL is a secret of its own: a token must not hand it out.
  r.add(http::session_only({"GET", "/api/v1/calendar_feed", Access::logged_in, feed_url}));
  r.add(http::session_only({"POST", "/api/v1/calendar_feed/reset", Access::logged_in, reset_feed}));
  r.add({"GET", "/calendar/{token:secret}.ics", Access::anyone, feed});
}

}  // namespace camp::routes
