#include "app.hpp"
#include "core/error.hpp"
#include "http/errors.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace sessions_routes {
namespace {

using http::Context;
using http::Response;

Response login(Context& ctx) {
  // {"auth":{"email","password"}}; missing credentials are the service's to word.
  auto [email, password] = http::read_member(ctx.json_body(), "auth", [](http::JsonFields& in) {
    return std::pair{in.string("email").value_or(""), in.string("password").value_or("")};
  });
  int delay_ms = 0;
  accounts::LoginRequest request{std::move(email), std::move(password), ctx.request.client_address,
                                 std::string(ctx.request.header("user-agent").value_or("")), &delay_ms};
  return http::delayed(delay_ms, ctx.request.request_id, [&] {
    auto outcome = ctx.app.sessions.login_step(request);
    // Two-factor login: no session until the code follows (POST /api/v1/sessions/two_factor).
    return outcome.challenge.empty()
               ? Response::json(201, {{"jwt", outcome.jwt}})
               : Response::json(200, {{"two_factor_required", true}, {"challenge", outcome.challenge}});
  });
}

Response logout(Context& ctx) {
  ctx.app.sessions.logout(*ctx.principal);
  return Response::no_content();
}

}  // namespace
}  // namespace sessions_routes

void add_sessions(http::Router& r) {
  using namespace sessions_routes;
  r.add({"POST", "/api/v1/account_token", http::Access::anyone, login, http::Lane::slow});
  r.add({"DELETE", "/api/v1/account_token", http::Access::enrolling, logout});
}

}  // namespace camp::routes
