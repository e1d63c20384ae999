#include <gtest/gtest.h>

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

TEST(ClientAddress, ForwardedForOnlyFromTrustedProxies) {
  const std::vector<std::string> trusted{"127.0.0.1"};
  EXPECT_EQ(client_address("10.0.0.5", "203.0.113.9", trusted), "10.0.0.5");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.9", trusted), "203.0.113.9");
  EXPECT_EQ(client_address("127.0.0.1", "198.51.100.1, 203.0.113.9", trusted), "203.0.113.9");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.9, 127.0.0.1", trusted), "203.0.113.9");
  EXPECT_EQ(client_address("127.0.0.1", "", trusted), "127.0.0.1");
}
