// The notification centre, its preferences and watching a question (docs/notifications.md):
// thin adapters over notifications::NotificationService and questions::QuestionService.
#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"
#include "tokens/scope.hpp"

namespace camp::routes {
namespace notifications_routes {
namespace {

using http::Context;
using http::Response;

Error bad_parameter(const char* name) { return Error(errc::malformed, std::string("query parameter '") + name + "' is not valid"); }

Response list(Context& ctx) {
  notifications::ListParams p;
  p.category = ctx.request.query_param("category").value_or("");
  if (const auto u = ctx.request.query_param("unread"); u && !u->empty()) {
    if (*u != "true" && *u != "false") throw bad_parameter("unread");
    p.unread_only = *u == "true";
  }
  const auto paging = ctx.page_params();
  p.page = paging.page;
  p.per = paging.per;
  const auto page = ctx.app.notifications.list(ctx.me(), p);
  auto data = nlohmann::json::array();
  for (const auto& n : page.items) data.push_back(notifications::to_json(n));
  return Response::json(200, {{"data", data},
                              {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}},
                              {"unread", notifications::to_json(page.unread)}});
}

Response unread_count(Context& ctx) { return Response::json(200, notifications::to_json(ctx.app.notifications.unread(ctx.me()))); }

Response mark_read(Context& ctx) {
  const auto counts = ctx.app.notifications.mark_read(ctx.me(), ctx.int_param("id"));
  return Response::json(200, {{"unread", notifications::to_json(counts)}});
}

// {} (or "category": null) marks every notification read; {"category":"review"} one category's.
Response mark_all_read(Context& ctx) {
  const auto category = http::read_object(ctx.json_body(), [](http::JsonFields& in) {
    const auto c = in.string("category");
    if (c && c->empty()) in.fail("category", msg::notification_category_choice);
    return c.value_or("");
  });
  const auto counts = ctx.app.notifications.mark_all_read(ctx.me(), category);
  return Response::json(200, {{"unread", notifications::to_json(counts)}});
}

nlohmann::json preferences_json(const notifications::Preferences& p) {
  nlohmann::json mail = nlohmann::json::object(), defaults = nlohmann::json::object();
  for (const auto& [category, preference] : p.mail) mail[std::string(notifications::to_string(category))] = notifications::to_string(preference);
  for (auto c : notifications::kCategories)
    defaults[std::string(notifications::to_string(c))] = notifications::to_string(notifications::default_mail(c));
  return {{"mail", mail}, {"defaults", defaults}, {"school_mail", p.school_mail}, {"magazine", p.magazine}};
}

Response preferences(Context& ctx) { return Response::json(200, preferences_json(ctx.app.notifications.preferences(ctx.me()))); }

// {"notification_preferences":{"mail":{"review":"daily",...},"school_mail":true,"magazine":false}};
// what is absent stays as it is.
Response update_preferences(Context& ctx) {
  const auto input = http::read_member(ctx.json_body(), "notification_preferences", [](http::JsonFields& in) {
    notifications::PreferencesInput p;
    if (const auto* mail = in.raw("mail"); mail && !mail->is_null()) {
      if (!mail->is_object()) in.fail("mail", msg::invalid_value);
      else
        for (const auto& [key, value] : mail->items()) {
          const auto category = notifications::category_from(key);
          const auto preference =
              value.is_string() ? notifications::mail_preference_from(value.get_ref<const std::string&>()) : std::nullopt;
          if (!category) in.fail("mail", msg::notification_category_choice);
          else if (!preference) in.fail("mail", msg::notification_mail_choice);
          else p.mail[*category] = *preference;
        }
    }
    p.school_mail = in.boolean("school_mail");
    p.magazine = in.boolean("magazine");
    return p;
  });
  return Response::json(200, preferences_json(ctx.app.notifications.update_preferences(ctx.me(), input)));
}

Response watching(Context& ctx) {
  return Response::json(200, {{"watching", ctx.app.questions.watching(ctx.me(), ctx.int_param("id"))}});
}

Response watch(Context& ctx) {
  ctx.app.questions.watch(ctx.me(), ctx.int_param("id"), true);
  return Response::json(200, {{"watching", true}});
}

Response unwatch(Context& ctx) {
  ctx.app.questions.watch(ctx.me(), ctx.int_param("id"), false);
  return Response::json(200, {{"watching", false}});
}

// {"announcement":{"title","body","roles":[...]}}; ?dry_run=true only counts the recipients.
// Admins (`camp notifications announce` in remote mode); who may, before reading the body.
Response announce(Context& ctx) {
  if (ctx.me().role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  const bool dry_run = ctx.flag_query("dry_run").value_or(false);
  const auto a = http::read_member(ctx.json_body(), "announcement", [](http::JsonFields& in) {
    notifications::Announcement a{in.string("title").value_or(""), in.string("body").value_or(""), {}};
    if (const auto* roles = in.raw("roles"); roles && !roles->is_null()) {
      if (!roles->is_array()) in.fail("roles", msg::invalid_value);
      else
        for (const auto& role : *roles) {
          if (!role.is_string()) {
            in.fail("roles", msg::invalid_value);
            break;
          }
          a.roles.push_back(role.get<std::string>());
        }
    }
    return a;
  });
  const auto r = ctx.app.notifications.announce(ctx.me(), a, dry_run);
  return Response::json(dry_run ? 200 : 201, {{"dry_run", r.dry_run}, {"recipients", r.recipients}, {"roles", a.roles}});
}

}  // namespace
}  // namespace notifications_routes

void add_notifications(http::Router& r) {
  using namespace notifications_routes;
  using http::Access;
  r.add({"GET", "/api/v1/notifications", Access::logged_in, list});
  r.add({"GET", "/api/v1/notifications/unread_count", Access::logged_in, unread_count});
  r.add({"POST", "/api/v1/notifications/read", Access::logged_in, mark_all_read});
  r.add({"POST", "/api/v1/notifications/{id:int}/read", Access::logged_in, mark_read});
  r.add(http::needs_scope({"POST", "/api/v1/announcements", Access::logged_in, announce}, tokens::kNotificationsWrite));
  r.add({"GET", "/api/v1/notification_preferences", Access::logged_in, preferences});
  r.add({"PUT", "/api/v1/notification_preferences", Access::logged_in, update_preferences});
  r.add({"GET", "/api/v1/questions/{id:int}/watch", Access::logged_in, watching});
  r.add({"PUT", "/api/v1/questions/{id:int}/watch", Access::logged_in, watch});
  r.add({"DELETE", "/api/v1/questions/{id:int}/watch", Access::logged_in, unwatch});
}

}  // namespace camp::routes
