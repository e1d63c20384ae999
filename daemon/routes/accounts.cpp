#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace accounts_routes {
namespace {

using http::Context;
using http::Response;

Response me(Context& ctx) {
  auto out = accounts::to_json(ctx.me());
  out["two_factor_enabled"] = ctx.me().two_factor_enabled;
  out["two_factor_required"] = ctx.app.two_factor.required_for(ctx.me().role);
  return Response::json(200, out);
}

// Admins only (`camp accounts list` in remote mode): ?role= as the CLI's --role; ?email= finds
// one account (none when there is no such account).
Response list(Context& ctx) {
  if (ctx.me().role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  auto data = nlohmann::json::array();
  if (const auto email = ctx.request.query_param("email")) {
    try {
      data.push_back(accounts::to_json(ctx.app.accounts.find_by_email(*email)));
    } catch (const Error& e) {
      if (e.code() != errc::not_found) throw;
    }
  } else {
    auto role = ctx.request.query_param("role");
    if (role && role->empty()) role.reset();
    for (const auto& a : ctx.app.accounts.list(role)) data.push_back(accounts::to_json(a));
  }
  return Response::json(200, {{"data", data}});
}

// lib/ speaks domain names; the API keeps the specification's wire names (spec §3).
constexpr std::pair<const char*, const char*> kWireNames[] = {
    {"email", "personemail"}, {"nickname", "nickname__c"}, {"image_url", "account_image_01__c"}};

Error with_wire_names(const Error& e) {
  FieldErrors fields;
  for (const auto& [name, messages] : e.fields()) {
    std::string wire = name;
    for (const auto& [domain, api] : kWireNames)
      if (name == domain) wire = api;
    fields[wire] = messages;
  }
  Error out(e.code(), e.what(), std::move(fields));
  out.with_detail(e.detail());
  if (e.retry_after_seconds()) out.with_retry_after(*e.retry_after_seconds());
  return out;
}

// null for the nickname or e-mail means empty (validation then says what is missing).
accounts::ProfilePatch profile_patch(const nlohmann::json& body) {
  return http::read_member(body, "account", [](http::JsonFields& in) {
    accounts::ProfilePatch patch;
    const auto nickname = in.nullable_string("nickname__c");
    if (nickname) patch.nickname = nickname->value_or("");
    const auto email = in.nullable_string("personemail");
    if (email) patch.email = email->value_or("");
    patch.image_url = in.nullable_string("account_image_01__c");
    patch.current_password = in.string("current_password");
    return patch;
  });
}

Response update(Context& ctx) {
  const auto patch = profile_patch(ctx.json_body());
  // A new e-mail needs the requester's password; wrong guesses count like failed logins from
  // this client, and every other session of the account ends.
  const accounts::EmailChangeProof proof{
      [&](const std::string& password) {
        ctx.app.sessions.confirm_password(ctx.me(), password, ctx.request.client_address);
      },
      ctx.principal->session_id};
  try {
    const auto updated = ctx.app.accounts.update_profile(ctx.me(), ctx.int_param("id"), patch, proof);
    return Response::json(200, accounts::to_json(updated));
  } catch (const Error& e) {
    if (e.fields().empty()) throw;
    throw with_wire_names(e);
  }
}

}  // namespace
}  // namespace accounts_routes

void add_accounts(http::Router& r) {
  using namespace accounts_routes;
  r.add({"GET", "/api/v1/accounts", http::Access::logged_in, list});
  http::Route own{"GET", "/api/v1/accounts/me", http::Access::enrolling, me};
  own.from_memory = [](Context& ctx) -> std::optional<Response> { return me(ctx); };  // the principal is all it reads
  r.add(std::move(own));
  // The login lane: an e-mail change verifies a password (argon2id), kept off the fast lane.
  r.add({"PATCH", "/api/v1/accounts/{id:int}", http::Access::logged_in, update, http::Lane::slow});
}

}  // namespace camp::routes
