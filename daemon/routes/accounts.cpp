#include "app.hpp"
#include "core/error.hpp"
#include "http/context.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace {

using http::Context;
using http::Response;

Response me(Context& ctx) { return Response::json(200, accounts::to_json(ctx.me())); }

Response update(Context& ctx) {
  const auto body = ctx.json_body();
  if (!body.contains("account") || !body["account"].is_object())
    throw Error(errc::malformed, "body must be {\"account\":{...}}");
  const auto& in = body["account"];
  accounts::ProfilePatch patch;
  patch.nickname = http::optional_string(in, "nickname__c");
  if (in.contains("nickname__c") && in["nickname__c"].is_null()) patch.nickname = "";
  patch.email = http::optional_string(in, "personemail");
  if (in.contains("personemail") && in["personemail"].is_null()) patch.email = "";
  patch.image_url = http::nullable_string(in, "account_image_01__c");
  patch.current_password = http::optional_string(in, "current_password");
  // A new e-mail needs the requester's password; wrong guesses count like failed logins from
  // this client, and every other session of the account ends.
  const accounts::EmailChangeProof proof{
      [&](const std::string& password) {
        ctx.app.sessions.confirm_password(ctx.me(), password, ctx.request.client_address);
      },
      ctx.principal->session_id};
  const auto updated = ctx.app.accounts.update_profile(ctx.me(), ctx.int_param("id"), patch, proof);
  return Response::json(200, accounts::to_json(updated));
}

}  // namespace

void add_accounts(http::Router& r) {
  r.add({"GET", "/api/v1/accounts/me", http::Access::logged_in, me});
  // The login lane: an e-mail change verifies a password (argon2id), kept off the fast lane.
  r.add({"PATCH", "/api/v1/accounts/{id:int}", http::Access::logged_in, update, http::Lane::slow});
}

}  // namespace camp::routes
