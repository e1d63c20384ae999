// The share dialog's milestones (docs/curriculum.md).
#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace milestones_routes {
namespace {

using http::Context;
using http::Response;

Response next(Context& ctx) {
  const auto m = ctx.app.milestones.next_to_show(ctx.me());
  return Response::json(200, {{"milestone_type", m ? nlohmann::json(*m) : nlohmann::json(nullptr)}});
}

// {"milestone_type":"..."}: missing, not a string or empty is a 422; a kind the caller does not
// have changes nothing (204 all the same).
Response mark_as_shown(Context& ctx) {
  const auto type = http::read_object(ctx.json_body(), [](http::JsonFields& in) {
    const auto* v = in.raw("milestone_type");
    if (!v || !v->is_string() || v->get_ref<const std::string&>().empty() ||
        v->get_ref<const std::string&>().find('\0') != std::string::npos) {
      in.fail("milestone_type", msg::milestone_type_required);
      return std::string();
    }
    return v->get<std::string>();
  });
  ctx.app.milestones.mark_shown(ctx.me(), type);
  return Response::no_content();
}

}  // namespace
}  // namespace milestones_routes

void add_milestones(http::Router& r) {
  using namespace milestones_routes;
  using http::Access;
  r.add({"GET", "/api/v1/x_share_milestones", Access::logged_in, next});
  r.add({"POST", "/api/v1/x_share_milestones/mark_as_shown", Access::logged_in, mark_as_shown});
}

}  // namespace camp::routes
