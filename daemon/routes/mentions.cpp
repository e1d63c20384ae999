// Whom a writer may mention (docs/notifications.md "Mentions"): the editors' autocomplete, a
// thin adapter over notifications::MentionService.
#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace mentions_routes {
namespace {

using http::Context;
using http::Response;

// GET /api/v1/mentionables?context=question|review|mentoring&q=ta[&submission_id=12]
Response mentionables(Context& ctx) {
  notifications::MentionableQuery query;
  query.context = ctx.request.query_param("context").value_or("");
  query.q = ctx.request.query_param("q").value_or("");
  if (const auto id = ctx.request.query_param("submission_id"); id && !id->empty()) {
    if (id->size() > 18 || id->find_first_not_of("0123456789") != std::string::npos)
      throw Error(errc::invalid, std::string(msg::invalid_input), {{"submission_id", {std::string(msg::integer_required)}}});
    query.submission_id = std::stoll(*id);
  }
  auto data = nlohmann::json::array();
  for (const auto& a : ctx.app.mentions.mentionables(ctx.me(), query))
    data.push_back({{"id", a.id},
                    {"nickname", a.nickname},
                    {"display_name", a.display_name},
                    {"image_url", a.image_url ? nlohmann::json(*a.image_url) : nlohmann::json(nullptr)},
                    {"role", a.role}});
  return Response::json(200, {{"data", data}});
}

}  // namespace
}  // namespace mentions_routes

void add_mentions(http::Router& r) {
  using namespace mentions_routes;
  r.add({"GET", "/api/v1/mentionables", http::Access::logged_in, mentionables});
}

}  // namespace camp::routes
