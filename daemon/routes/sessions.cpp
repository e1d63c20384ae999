#include "app.hpp"
#include "core/error.hpp"
#include "http/errors.hpp"
#include "http/context.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace {

using http::Context;
using http::Response;

Response login(Context& ctx) {
  const auto body = ctx.json_body();
  const auto auth = body.contains("auth") && body["auth"].is_object() ? body["auth"] : nlohmann::json::object();
  int delay_ms = 0;
  accounts::LoginRequest request{http::optional_string(auth, "email").value_or(""),
                                 http::optional_string(auth, "password").value_or(""),
                                 ctx.request.client_address,
                                 std::string(ctx.request.header("user-agent").value_or("")), &delay_ms};
  // The per-e-mail slow-down delays the answer (server.cpp waits on a timer), right or wrong.
  try {
    auto answer = Response::json(201, {{"jwt", ctx.app.sessions.login(request)}});
    answer.delay_ms = delay_ms;
    return answer;
  } catch (const Error& e) {
    if (delay_ms == 0) throw;
    auto answer = http::error_response(e, ctx.request.request_id);
    answer.delay_ms = delay_ms;
    return answer;
  }
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
