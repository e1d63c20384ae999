// The unsubscribe links (docs/mail.md "Unsubscribe pages"): no login, the signed id is the
// credential, so every role and anonymous callers get the same answers.
//   GET  /api/v1/mail_unsubscriptions/{topic}/{id}   what stops, whether it already has
//   POST /api/v1/mail_unsubscriptions/{topic}/{id}   stop it (idempotent); also the RFC 8058
//        List-Unsubscribe one-click target, which mail clients POST as a form.
#include <string_view>

#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "mail/unsubscribe_page.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace mail_unsubscriptions_routes {
namespace {

using http::Context;
using http::Response;

std::string_view media_type(const http::Request& r) {
  auto type = r.header("content-type").value_or("");
  type = type.substr(0, type.find(';'));
  while (!type.empty() && type.back() == ' ') type.remove_suffix(1);
  return type;
}

// The one route whose body need not be JSON (design.md "Request limits"): RFC 8058 mail
// clients send `List-Unsubscribe=One-Click` as application/x-www-form-urlencoded; the web app
// sends JSON (any object) or nothing. The body limit is the JSON one (App::check_body_size).
void check_one_click_body(const Context& ctx) {
  const auto& body = ctx.request.body;
  const auto type = media_type(ctx.request);
  if (type == "application/x-www-form-urlencoded") {
    std::string_view rest = body;
    while (!rest.empty()) {
      const auto amp = rest.find('&');
      if (rest.substr(0, amp) == "List-Unsubscribe=One-Click") return;
      rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
    }
    throw Error(errc::malformed, "a form body must hold List-Unsubscribe=One-Click (RFC 8058)");
  }
  if (body.empty()) return;
  ctx.json_body();  // 415 for another type, 400 for broken JSON
}

nlohmann::json view_json(const mail::UnsubscribeView& v) {
  return {{"topic", mail::topic_name(v.topic)}, {"email", v.masked_email}, {"stopped", v.stopped}};
}

Response show(Context& ctx) {
  const auto v = mail::unsubscribe_view(ctx.app.pool, ctx.app.unsubscribe_links, ctx.request.params.at("topic"),
                                        ctx.request.params.at("id"));
  return Response::json(200, {{"data", view_json(v)}});
}

Response stop(Context& ctx) {
  check_one_click_body(ctx);
  const auto v = mail::unsubscribe_with_link(ctx.app.pool, ctx.app.unsubscribe_links, ctx.request.params.at("topic"),
                                             ctx.request.params.at("id"));
  auto data = view_json(v);
  data["changed"] = v.changed;
  return Response::json(200, {{"data", data}});
}

}  // namespace
}  // namespace mail_unsubscriptions_routes

void add_mail_unsubscriptions(http::Router& r) {
  using namespace mail_unsubscriptions_routes;
  r.add({"GET", "/api/v1/mail_unsubscriptions/{topic}/{id:secret}", http::Access::anyone, show});
  r.add({"POST", "/api/v1/mail_unsubscriptions/{topic}/{id:secret}", http::Access::anyone, stop});
  // The pages the mails link to (mail::UnsubscribeLinks::page_url).
  r.add_page("/in_house_mng_system/unsubscription-to-email/{id:secret}");
  r.add_page("/unsubscribe-event-notifications/{id:secret}");
  r.add_page("/unsubscribe-magazine/{id:secret}");
}

}  // namespace camp::routes
