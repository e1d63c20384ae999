// Deletion requests (privacy/anonymise.hpp): an admin anonymises an account, giving a reason
// for the audit log. Irreversible; the web app confirms before it calls.
#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace anonymisations_routes {
namespace {

using http::Context;
using http::Response;

Response anonymise(Context& ctx) {
  // Who may, before what was sent: anyone but an admin gets 403 whatever the body.
  if (ctx.me().role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  const auto reason =
      http::read_object(ctx.json_body(), [](http::JsonFields& in) { return in.string("reason").value_or(""); });
  const auto done = ctx.app.anonymisations.anonymise(ctx.me(), ctx.int_param("id"), reason);
  return Response::json(200, {{"account_id", done.account_id}, {"display_name", std::string(msg::anonymised_display_name)}});
}

}  // namespace
}  // namespace anonymisations_routes

void add_anonymisations(http::Router& r) {
  using namespace anonymisations_routes;
  r.add({"POST", "/api/v1/accounts/{id:int}/anonymisation", http::Access::logged_in, anonymise});
}

}  // namespace camp::routes
