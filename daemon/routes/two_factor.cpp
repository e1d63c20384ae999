// Two-factor login (accounts/two_factor.hpp): enrolment in the settings and the login's code
// step. Codes and challenges travel only in bodies, which no log line shows.
#include "app.hpp"
#include "core/error.hpp"
#include "http/context.hpp"
#include "http/errors.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace two_factor_routes {
namespace {

using http::Context;
using http::Response;

std::string code_of(Context& ctx) {
  return http::read_object(ctx.json_body(), [](http::JsonFields& in) { return in.string("code").value_or(""); });
}

Response status(Context& ctx) {
  const auto s = ctx.app.two_factor.status(ctx.me());
  return Response::json(
      200, {{"enabled", s.enabled}, {"required", s.required}, {"recovery_codes_left", s.recovery_codes_left}});
}

Response begin(Context& ctx) {
  const auto e = ctx.app.two_factor.begin(ctx.me());
  return Response::json(201, {{"secret", e.secret}, {"otpauth_uri", e.otpauth_uri}});
}

Response confirm(Context& ctx) {
  const auto codes = ctx.app.two_factor.confirm(ctx.me(), code_of(ctx), ctx.request.client_address);
  return Response::json(200, {{"enabled", true}, {"recovery_codes", codes}});
}

Response disable(Context& ctx) {
  ctx.app.two_factor.disable(ctx.me(), code_of(ctx), ctx.request.client_address);
  return Response::no_content();
}

// The login's second step: {"challenge", "code"} -> the session's JWT. The per-e-mail slow-down
// delays the answer as the password step's does.
Response login_code(Context& ctx) {
  auto [challenge, code] = http::read_object(ctx.json_body(), [](http::JsonFields& in) {
    return std::pair{in.string("challenge").value_or(""), in.string("code").value_or("")};
  });
  int delay_ms = 0;
  accounts::CodeLogin request{std::move(challenge), std::move(code), ctx.request.client_address,
                              std::string(ctx.request.header("user-agent").value_or("")), &delay_ms};
  return http::delayed(delay_ms, ctx.request.request_id,
                       [&] { return Response::json(201, {{"jwt", ctx.app.two_factor.complete_login(request)}}); });
}

}  // namespace
}  // namespace two_factor_routes

void add_two_factor(http::Router& r) {
  using namespace two_factor_routes;
  // Open to an account that must still enrol: they are how it enrols.
  r.add(http::session_only({"GET", "/api/v1/accounts/me/two_factor", http::Access::enrolling, status}));
  r.add({"POST", "/api/v1/accounts/me/two_factor", http::Access::enrolling, begin});
  // The login lane: recovery codes are hashed (argon2id) and checked like passwords.
  r.add({"POST", "/api/v1/accounts/me/two_factor/confirmation", http::Access::enrolling, confirm, http::Lane::slow});
  r.add({"DELETE", "/api/v1/accounts/me/two_factor", http::Access::logged_in, disable, http::Lane::slow});
  r.add({"POST", "/api/v1/sessions/two_factor", http::Access::anyone, login_code, http::Lane::slow});
}

}  // namespace camp::routes
