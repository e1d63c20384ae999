// Password reset by mail (docs/api.md "Password reset"): anyone, no token needed.
#include "accounts/link_token.hpp"
#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace password_resets_routes {
namespace {

using http::Context;
using http::Response;

// The same 202 body whether the e-mail is registered or not.
Response request_reset(Context& ctx) {
  auto email = http::read_member(ctx.json_body(), "password_reset",
                                 [](http::JsonFields& in) { return in.string("email").value_or(""); });
  ctx.app.password_resets.request({std::move(email), ctx.request.client_address});
  return Response::json(202, {{"message", std::string(msg::password_reset_sent)}});
}

Response check_reset(Context& ctx) {
  const auto expires_at = ctx.app.password_resets.check(ctx.request.params.at("token"));
  return Response::json(200, {{"expires_at", iso_utc(expires_at)}});
}

Response reset(Context& ctx) {
  const auto& token = ctx.request.params.at("token");
  ctx.app.password_resets.check(token);  // a dead link says so before any field is judged
  const auto input = http::read_member(ctx.json_body(), "password_reset", [](http::JsonFields& in) {
    return accounts::NewPassword{in.string("password").value_or(""), in.string("password_confirmation").value_or("")};
  });
  ctx.app.password_resets.reset(token, input);
  return Response::no_content();
}

}  // namespace
}  // namespace password_resets_routes

void add_password_resets(http::Router& r) {
  using namespace password_resets_routes;
  r.add({"POST", "/api/v1/password_resets", http::Access::anyone, request_reset});
  r.add({"GET", "/api/v1/password_resets/{token:secret}", http::Access::anyone, check_reset});
  // The login lane: the new password is hashed (argon2id).
  r.add({"PATCH", "/api/v1/password_resets/{token:secret}", http::Access::anyone, reset, http::Lane::slow});
  // The mail's link (PasswordResetService::edit_url) and the web app's other reset pages.
  r.add_page("/reset-password/{token:secret}/edit");
  r.add_page("/reset-password/confirm");
  r.add_page("/reset-password/complete");
}

}  // namespace camp::routes
