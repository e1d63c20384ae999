// Invitations (docs/api.md "Invitations"): admins invite; the link's holder accepts.
#include "accounts/invitations.hpp"
#include "app.hpp"
#include "core/error.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"
#include "tokens/scope.hpp"

namespace camp::routes {
namespace invitations_routes {
namespace {

using http::Context;
using http::Response;

Response invite(Context& ctx) {
  accounts::InvitationService::require_inviter(ctx.me());  // 403 before the body is judged
  const auto input = http::read_member(ctx.json_body(), "invitation", [](http::JsonFields& in) {
    return accounts::Invite{in.string("email").value_or(""), in.string("role").value_or(""), in.string("course"),
                            in.string("nickname").value_or("")};
  });
  return Response::json(201, accounts::to_json(ctx.app.invitations.invite(ctx.me(), input)));
}

Response check(Context& ctx) {
  return Response::json(200, accounts::to_json(ctx.app.invitations.check(ctx.request.params.at("id"))));
}

// The new account is logged in: the same {"jwt"} as POST /api/v1/account_token, its session
// opened in the transaction that creates the account.
Response accept(Context& ctx) {
  const auto& id = ctx.request.params.at("id");
  ctx.app.invitations.check(id);  // a dead link says so before any field is judged
  const auto input = http::read_member(ctx.json_body(), "invitation", [](http::JsonFields& in) {
    return accounts::Acceptance{in.string("nickname"), {in.string("password").value_or(""),
                                                        in.string("password_confirmation").value_or("")}};
  });
  std::string jwt;
  const std::string user_agent(ctx.request.header("user-agent").value_or(""));
  ctx.app.invitations.accept(id, input, [&](db::Tx& tx, const accounts::Account& account) {
    jwt = ctx.app.sessions.open_session(tx, account, ctx.request.client_address, user_agent);
  });
  return Response::json(201, {{"jwt", jwt}});
}

}  // namespace
}  // namespace invitations_routes

void add_invitations(http::Router& r) {
  http::WriteScope writes(r, tokens::kAccountsWrite);
  using namespace invitations_routes;
  r.add({"POST", "/api/v1/invitations", http::Access::logged_in, invite});
  r.add({"GET", "/api/v1/invitations/{id:secret}", http::Access::anyone, check});
  // The login lane: the password is hashed (argon2id).
  r.add({"POST", "/api/v1/invitations/{id:secret}/acceptance", http::Access::anyone, accept, http::Lane::slow});
  // The page after the acceptance (first: the first exact match decides), and the mail's link
  // (InvitationService::accept_url).
  r.add_page("/account/new/complete");
  r.add_page("/account/new/{id:secret}");
}

}  // namespace camp::routes
