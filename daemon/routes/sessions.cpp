#include "app.hpp"
#include "http/context.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace {

using http::Context;
using http::Response;

Response login(Context& ctx) {
  const auto body = ctx.json_body();
  const auto auth = body.contains("auth") && body["auth"].is_object() ? body["auth"] : nlohmann::json::object();
  accounts::LoginRequest request{http::optional_string(auth, "email").value_or(""),
                                 http::optional_string(auth, "password").value_or(""),
                                 ctx.request.client_address,
                                 std::string(ctx.request.header("user-agent").value_or(""))};
  return Response::json(201, {{"jwt", ctx.app.sessions.login(request)}});
}

Response logout(Context& ctx) {
  ctx.app.sessions.logout(*ctx.principal);
  return Response::no_content();
}

}  // namespace

void add_sessions(http::Router& r) {
  r.add({"POST", "/api/v1/account_token", http::Access::anyone, login, http::Lane::slow});
  r.add({"DELETE", "/api/v1/account_token", http::Access::logged_in, logout});
}

}  // namespace camp::routes
