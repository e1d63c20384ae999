// Curriculums, tasks and submitting work (docs/curriculum.md).
#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace curriculums_routes {
namespace {

using http::Context;
using http::Response;

Response list(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& c : ctx.app.curriculums.list(ctx.me())) data.push_back(curriculum::to_json(c, false));
  return Response::json(200, {{"data", data}});
}

Response show(Context& ctx) {
  const auto c = ctx.app.curriculums.get(ctx.me(), ctx.request.params.at("name"));
  const auto own = ctx.app.reviews.own_in_curriculum(ctx.me(), c.name);
  auto out = curriculum::to_json(c, true);
  for (auto& t : out["tasks"]) {
    t["submissions"] = nlohmann::json::array();
    if (const auto it = own.find(t["id"].get<int>()); it != own.end())
      for (const auto& d : it->second) t["submissions"].push_back(reviews::to_json(d));
  }
  return Response::json(200, out);
}

// {"submission":{"repository_url":"..."}}: a missing or null URL is blank (URLは必須です),
// any other type is not a URL.
Response submit(Context& ctx) {
  const auto url = http::read_member(ctx.json_body(), "submission", [](http::JsonFields& in) {
    const auto* v = in.raw("repository_url");
    if (!v || v->is_null()) return std::string();
    if (!v->is_string()) return std::string("\x01");  // never a URL: 不正なURLです
    return v->get<std::string>();
  });
  const auto d = ctx.app.reviews.submit(ctx.me(), ctx.int_param("id"), url);
  return Response::json(201, reviews::to_json(d));
}

}  // namespace
}  // namespace curriculums_routes

void add_curriculums(http::Router& r) {
  using namespace curriculums_routes;
  using http::Access;
  r.add({"GET", "/api/v1/curriculums", Access::logged_in, list});
  r.add({"GET", "/api/v1/curriculums/{name}", Access::logged_in, show});
  r.add({"POST", "/api/v1/tasks/{id:int}/submissions", Access::logged_in, submit});
}

}  // namespace camp::routes
