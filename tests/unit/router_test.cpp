#include <gtest/gtest.h>

#include <stdexcept>

#include "http/client_address.hpp"
#include "http/router.hpp"

using namespace camp::http;

namespace {
Response ok(Context&) { return Response::no_content(); }

Router make() {
  Router r;
  r.add({"GET", "/api/v1/accounts/me", Access::logged_in, ok});
  r.add({"PATCH", "/api/v1/accounts/{id:int}", Access::logged_in, ok});
  r.add({"POST", "/api/v1/account_token", Access::anyone, ok, Lane::slow});
  r.add({"DELETE", "/api/v1/account_token", Access::logged_in, ok});
  return r;
}
}  // namespace

TEST(Router, LiteralBeatsNothingAndParamsAreTyped) {
  auto r = make();
  Request req{.method = "PATCH", .path = "/api/v1/accounts/12"};
  auto m = r.match(req);
  ASSERT_NE(m.route, nullptr);
  EXPECT_EQ(req.params["id"], "12");

  Request bad{.method = "PATCH", .path = "/api/v1/accounts/abc"};
  EXPECT_EQ(r.match(bad).route, nullptr);
  EXPECT_TRUE(r.match(bad).allow.empty());  // not a 405: no such path
}

TEST(Router, WrongMethodListsAllowed) {
  auto r = make();
  Request req{.method = "PUT", .path = "/api/v1/account_token"};
  auto m = r.match(req);
  EXPECT_EQ(m.route, nullptr);
  EXPECT_EQ(m.allow, (std::vector<std::string>{"POST", "DELETE"}));
}

TEST(Router, HeadIsRoutedAsGet) {
  auto r = make();
  Request req{.method = "HEAD", .path = "/api/v1/accounts/me"};
  EXPECT_NE(r.match(req).route, nullptr);
}

TEST(Router, TrailingSlashAndExtraSegmentsDoNotMatch) {
  auto r = make();
  Request a{.method = "GET", .path = "/api/v1/accounts/me/"};
  Request b{.method = "GET", .path = "/api/v1/accounts/me/x"};
  EXPECT_EQ(r.match(a).route, nullptr);
  EXPECT_EQ(r.match(b).route, nullptr);
}

// What a personal access token needs (docs/tokens.md): read for GET, the group's scope for
// writes, a session for writes outside a group and for the routes that say so.
TEST(Router, TokenScopesComeFromTheMethodTheGroupOrTheRoute) {
  Router r;
  {
    WriteScope writes(r, "events:write");
    r.add({"GET", "/api/v1/events", Access::logged_in, ok});
    r.add({"POST", "/api/v1/events", Access::logged_in, ok});
    r.add(session_only({"GET", "/api/v1/calendar_feed", Access::logged_in, ok}));
    r.add(needs_scope({"GET", "/api/v1/audit_logs", Access::logged_in, ok}, "questionnaires:export"));
  }
  r.add({"PATCH", "/api/v1/accounts/{id:int}", Access::logged_in, ok});
  const auto& routes = r.routes();
  EXPECT_EQ(routes[0].scope, "read");
  EXPECT_EQ(routes[1].scope, "events:write");
  EXPECT_EQ(routes[2].scope, kSessionOnly);
  EXPECT_EQ(routes[3].scope, "questionnaires:export");
  EXPECT_EQ(routes[4].scope, kSessionOnly);
}

TEST(ClientAddress, ForwardedForOnlyFromTrustedProxies) {
  const std::vector<std::string> trusted{"127.0.0.1"};
  EXPECT_EQ(client_address("10.0.0.5", "203.0.113.9", trusted), "10.0.0.5");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.9", trusted), "203.0.113.9");
  EXPECT_EQ(client_address("127.0.0.1", "198.51.100.1, 203.0.113.9", trusted), "203.0.113.9");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.9, 127.0.0.1", trusted), "203.0.113.9");
  EXPECT_EQ(client_address("127.0.0.1", "", trusted), "127.0.0.1");
}

// Router::loggable: the access log's path. Secrets are redacted where the route table marks
// them, for the daemon's routes and the web app's pages alike.
namespace {
Router with_secrets() {
  Router r;
  r.add({"GET", "/api/v1/password_resets/{token:secret}", Access::anyone, ok});
  r.add({"POST", "/api/v1/invitations", Access::logged_in, ok});
  r.add({"POST", "/api/v1/invitations/{id:secret}/acceptance", Access::anyone, ok});
  r.add({"GET", "/api/v1/mail_unsubscriptions/{topic}/{id:secret}", Access::anyone, ok});
  r.add({"GET", "/calendar/{token:secret}.ics", Access::anyone, ok});
  r.add({"PATCH", "/api/v1/accounts/{id:int}", Access::logged_in, ok});
  r.add_page("/reset-password/{token:secret}/edit");
  r.add_page("/reset-password/confirm");
  r.add_page("/account/new/complete");
  r.add_page("/account/new/{id:secret}");
  return r;
}
const std::string kToken = "Q2hhbmdlLXRoaXMtdG9rZW4tMDEyMzQ1Njc4OWFiY2Rl";  // 43 characters
}  // namespace

TEST(RouterLoggable, SecretParametersAreRedactedAndTheRestKept) {
  const auto r = with_secrets();
  EXPECT_EQ(r.loggable("/api/v1/password_resets/" + kToken), "/api/v1/password_resets/[redacted]");
  EXPECT_EQ(r.loggable("/api/v1/invitations/" + kToken + "/acceptance"), "/api/v1/invitations/[redacted]/acceptance");
  EXPECT_EQ(r.loggable("/api/v1/mail_unsubscriptions/magazine/12.AbCdEfGhIjKlMnOpQrStUv"),
            "/api/v1/mail_unsubscriptions/magazine/[redacted]");
  EXPECT_EQ(r.loggable("/calendar/" + kToken + ".ics"), "/calendar/[redacted].ics");
  EXPECT_EQ(r.loggable("/api/v1/accounts/12"), "/api/v1/accounts/12");
  EXPECT_EQ(r.loggable("/api/v1/invitations"), "/api/v1/invitations");
  EXPECT_EQ(r.loggable("/questions/7"), "/questions/7");
  EXPECT_EQ(r.loggable("/"), "/");
  EXPECT_EQ(r.loggable(""), "");
}

TEST(RouterLoggable, TheWebAppsPagesAreRedactedButTheirPlainSiblingsAreNot) {
  const auto r = with_secrets();
  EXPECT_EQ(r.loggable("/reset-password/" + kToken + "/edit"), "/reset-password/[redacted]/edit");
  EXPECT_EQ(r.loggable("/account/new/" + kToken), "/account/new/[redacted]");
  EXPECT_EQ(r.loggable("/account/new/complete"), "/account/new/complete");
  EXPECT_EQ(r.loggable("/reset-password/confirm"), "/reset-password/confirm");
  EXPECT_EQ(r.loggable("/account/new"), "/account/new");
}

// A link mangled on its way (a mail client's trailing character, an extra segment, an
// encoded slash, a raw path still percent-encoded) still loses its secret.
TEST(RouterLoggable, MangledLinksAreRedactedToo) {
  const auto r = with_secrets();
  EXPECT_EQ(r.loggable("/reset-password/" + kToken + "/edit%E3%80%82"), "/reset-password/[redacted]/edit%E3%80%82");
  EXPECT_EQ(r.loggable("/reset-password/" + kToken), "/reset-password/[redacted]");
  EXPECT_EQ(r.loggable("/reset-password/" + kToken + "/edit/"), "/reset-password/[redacted]/edit/");
  EXPECT_EQ(r.loggable("/api/v1/password_resets/" + kToken + "/x"), "/api/v1/password_resets/[redacted]/x");
  EXPECT_EQ(r.loggable("/api/v1/invitations/" + kToken + "/acceptance%0A"), "/api/v1/invitations/[redacted]/acceptance%0A");
  EXPECT_EQ(r.loggable("/calendar/" + kToken), "/calendar/[redacted]");
  EXPECT_EQ(r.loggable("/calendar/" + kToken + ".ics.txt"), "/calendar/[redacted]");
  EXPECT_EQ(r.loggable("/api/v1/mail_unsubscriptions/school%2F12.AbCdEfGhIjKlMnOpQrStUv"),
            "/api/v1/mail_unsubscriptions/school%2F[redacted]");
  EXPECT_EQ(r.loggable("/api/v1/password%5Fresets/" + kToken), "/api/v1/password%5Fresets/[redacted]");
}

// Empty, "." and ".." segments (which a browser or a proxy may normalise away) do not move a
// secret out of its position.
TEST(RouterLoggable, DotAndEmptySegmentsDoNotHideASecretFromTheTable) {
  const auto r = with_secrets();
  EXPECT_EQ(r.loggable("/calendar//" + kToken + ".ics"), "/calendar//[redacted].ics");
  EXPECT_EQ(r.loggable("//calendar/" + kToken + ".ics"), "//calendar/[redacted].ics");
  EXPECT_EQ(r.loggable("/calendar/./" + kToken + ".ics"), "/calendar/./[redacted].ics");
  EXPECT_EQ(r.loggable("/x/../calendar/" + kToken + ".ics"), "/x/../calendar/[redacted].ics");
  EXPECT_EQ(r.loggable("/calendar/%2E/" + kToken + ".ics"), "/calendar/%2E/[redacted].ics");
  EXPECT_EQ(r.loggable("/calendar/" + kToken + ".ics/.."), "/calendar/[redacted].ics/..");
  EXPECT_EQ(r.loggable("/account/new//" + kToken), "/account/new//[redacted]");
  EXPECT_EQ(r.loggable("/questions/./7"), "/questions/./7");
}

TEST(RouterLoggable, AnUnknownParameterTypeIsAProgrammingError) {
  Router r;
  EXPECT_THROW(r.add({"GET", "/x/{token:secrte}", Access::anyone, ok}), std::logic_error);
}

TEST(Router, AGetIsNeverOnTheSlowLane) {  // App::lane_for() does not match GETs
  Router r;
  EXPECT_THROW(r.add({"GET", "/api/v1/slow", Access::anyone, ok, Lane::slow}), std::logic_error);
  EXPECT_NO_THROW(r.add({"POST", "/api/v1/slow", Access::anyone, ok, Lane::slow}));
}
