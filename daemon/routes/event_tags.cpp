// Event tags: everyone with the events area reads them, admins edit them.
#include "app.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"
#include "tokens/scope.hpp"

namespace camp::routes {
namespace event_tags_routes {
namespace {

using http::Context;
using http::Response;

std::string tag_name(const Context& ctx) {
  return http::read_member(ctx.json_body(), "event_tag",
                           [](http::JsonFields& in) { return in.required_string("name", msg::event_tag_name_required); });
}

// Tag ids are 32-bit: a larger path id names no tag.
int tag_id(const Context& ctx) {
  const auto id = ctx.int_param("id");
  if (id > std::numeric_limits<std::int32_t>::max()) throw Error(errc::not_found, std::string(msg::not_found));
  return static_cast<int>(id);
}

Response list(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& t : ctx.app.events.tags(ctx.me())) data.push_back(events::to_json(t));
  return Response::json(200, {{"data", data}});
}

Response create(Context& ctx) { return Response::json(201, events::to_json(ctx.app.events.create_tag(ctx.me(), tag_name(ctx)))); }

Response rename(Context& ctx) {
  return Response::json(200, events::to_json(ctx.app.events.rename_tag(ctx.me(), tag_id(ctx), tag_name(ctx))));
}

Response destroy(Context& ctx) {
  ctx.app.events.delete_tag(ctx.me(), tag_id(ctx));
  return Response::no_content();
}

}  // namespace
}  // namespace event_tags_routes

void add_event_tags(http::Router& r) {
  http::WriteScope writes(r, tokens::kEventsWrite);
  using namespace event_tags_routes;
  using http::Access;
  r.add({"GET", "/api/v1/event_tags", Access::logged_in, list});
  r.add({"POST", "/api/v1/event_tags", Access::logged_in, create});
  r.add({"PATCH", "/api/v1/event_tags/{id:int}", Access::logged_in, rename});
  r.add({"DELETE", "/api/v1/event_tags/{id:int}", Access::logged_in, destroy});
}

}  // namespace camp::routes
