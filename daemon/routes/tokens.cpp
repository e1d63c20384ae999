// Personal access tokens (tokens/service.hpp, docs/tokens.md): an account's own, managed from
// the settings with a session only. The secret is in the creating answer and nowhere else (no
// log line shows a body).
#include <algorithm>

#include "app.hpp"
#include "core/limits.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"
#include "tokens/scope.hpp"

namespace camp::routes {
namespace tokens_routes {
namespace {

using http::Context;
using http::Response;

// {"token":{"name","scopes":[...],"expires_in_days"}}; missing fields are the service's to word.
tokens::NewToken new_token(Context& ctx) {
  return http::read_member(ctx.json_body(), "token", [](http::JsonFields& in) {
    tokens::NewToken t;
    t.name = in.string("name").value_or("");
    const auto* scopes = in.raw("scopes");
    if (scopes && !scopes->is_null()) {
      const bool strings = scopes->is_array() && std::all_of(scopes->begin(), scopes->end(), [](const auto& s) {
        return s.is_string();
      });
      if (strings) t.scopes = scopes->get<std::vector<std::string>>();
      else in.fail("scopes", msg::invalid_value);
    }
    t.expires_in_days = static_cast<int>(
        in.integer("expires_in_days", {1, limits::access_token_days_max}, msg::access_token_days_range,
                   msg::access_token_days_range)
            .value_or(0));
    return t;
  });
}

nlohmann::json json_of(Context& ctx, const tokens::AccessToken& t) {
  return tokens::to_json(t, ctx.app.tokens.now());
}

Response list(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& t : ctx.app.tokens.list(ctx.me(), ctx.me().id)) data.push_back(json_of(ctx, t));
  auto scopes = nlohmann::json::array();
  for (const auto scope : tokens::all_scopes()) scopes.push_back(std::string(scope));
  return Response::json(200, {{"data", data}, {"scopes", scopes}});
}

Response create(Context& ctx) {
  const auto created = ctx.app.tokens.create(ctx.me(), ctx.me().id, new_token(ctx));
  return Response::json(201, {{"token", json_of(ctx, created.token)}, {"secret", created.secret}});
}

Response revoke(Context& ctx) {
  ctx.app.tokens.revoke(ctx.me(), ctx.me().id, ctx.int_param("id"));
  return Response::no_content();
}

}  // namespace
}  // namespace tokens_routes

void add_tokens(http::Router& r) {
  using namespace tokens_routes;
  // A token never manages tokens: a leaked one could otherwise make itself a successor.
  r.add(http::session_only({"GET", "/api/v1/accounts/me/tokens", http::Access::logged_in, list}));
  r.add({"POST", "/api/v1/accounts/me/tokens", http::Access::logged_in, create});
  r.add({"DELETE", "/api/v1/accounts/me/tokens/{id:int}", http::Access::logged_in, revoke});
}

}  // namespace camp::routes
