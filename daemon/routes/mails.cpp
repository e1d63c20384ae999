// The mail outbox for operators (`camp mail list` in remote mode): thin adapter over
// mail::OutboxService, which admits admins only.
#include "app.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace mails_routes {
namespace {

using http::Context;
using http::Response;

// ?status=queued|sent|failed (absent: every state), ?limit=1..10000 (default 100); newest first.
Response list(Context& ctx) {
  std::optional<mail::Status> status;
  if (const auto s = ctx.request.query_param("status"); s && !s->empty()) {
    if (*s != "queued" && *s != "sent" && *s != "failed") throw Error(errc::malformed, "query parameter 'status' is not valid");
    status = mail::status_from(*s);
  }
  const auto mails = ctx.app.mail_outbox.list(ctx.me(), status, ctx.bounded_query("limit", 100, limits::operator_list_max));
  auto data = nlohmann::json::array();
  for (const auto& m : mails) data.push_back(mail::to_json(m, false));
  return Response::json(200, {{"data", data}});
}

}  // namespace
}  // namespace mails_routes

void add_mails(http::Router& r) { r.add({"GET", "/api/v1/mails", http::Access::logged_in, mails_routes::list}); }

}  // namespace camp::routes
