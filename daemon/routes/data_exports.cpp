// "My data" (privacy/data_export.hpp): an account asks for a ZIP of everything the school holds
// about it, sees its requests and downloads its own ZIP. Thin: lib decides.
#include "app.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace data_exports_routes {
namespace {

using http::Context;
using http::Response;

Response create(Context& ctx) {
  // The route takes no fields; a body, if sent, must still be a JSON object (else 400/415/413).
  if (!ctx.request.body.empty()) http::read_object(ctx.json_body(), [](http::JsonFields&) { return 0; });
  return Response::json(202, privacy::to_json(ctx.app.data_exports.request(ctx.me())));
}

Response list(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& e : ctx.app.data_exports.list(ctx.me())) data.push_back(privacy::to_json(e));
  return Response::json(200, {{"data", data}});
}

Response download(Context& ctx) {
  auto file = ctx.app.data_exports.download(ctx.me(), ctx.int_param("id"));
  Response r;
  r.status = 200;
  r.header("Content-Type", "application/zip");
  r.header("Content-Disposition", "attachment; filename=\"" + file.file_name + "\"");
  r.header("Cache-Control", "no-store");
  r.body = std::move(file.zip);
  return r;
}

}  // namespace
}  // namespace data_exports_routes

void add_data_exports(http::Router& r) {
  using namespace data_exports_routes;
  r.add({"POST", "/api/v1/accounts/me/data_exports", http::Access::logged_in, create});
  // Everything the school holds about the account: asked for and fetched with a session only.
  r.add(http::session_only({"GET", "/api/v1/accounts/me/data_exports", http::Access::logged_in, list}));
  r.add(http::session_only({"GET", "/api/v1/accounts/me/data_exports/{id:int}/download", http::Access::logged_in, download}));
}

}  // namespace camp::routes
