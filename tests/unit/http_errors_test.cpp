#include <gtest/gtest.h>

#include "http/errors.hpp"

using namespace camp;

TEST(HttpErrors, StatusTable) {
  const std::pair<errc, int> table[] = {
      {errc::malformed, 400},          {errc::unauthenticated, 401},        {errc::forbidden, 403},
      {errc::not_found, 404},          {errc::method_not_allowed, 405},     {errc::conflict, 409},
      {errc::payload_too_large, 413},  {errc::unsupported_media_type, 415}, {errc::invalid, 422},
      {errc::too_many_requests, 429},  {errc::internal, 500},               {errc::unavailable, 503},
  };
  for (const auto& [code, status] : table) EXPECT_EQ(http::status_for(code), status) << to_string(code);
}

TEST(HttpErrors, BodyHasTheDocumentedShape) {
  Error e(errc::invalid, "入力内容に誤りがあります", {{"title", {"タイトルは必須です"}}});
  const auto r = http::error_response(e, "rid-1");
  EXPECT_EQ(r.status, 422);
  const auto body = nlohmann::json::parse(r.body);
  EXPECT_EQ(body["error"]["status"], 422);
  EXPECT_EQ(body["error"]["code"], "invalid");
  EXPECT_EQ(body["error"]["request_id"], "rid-1");
  EXPECT_EQ(body["error"]["fields"]["title"][0], "タイトルは必須です");
}

TEST(HttpErrors, RetryAfterAndBearerChallenge) {
  Error limited(errc::too_many_requests, "slow down");
  limited.with_retry_after(42);
  EXPECT_EQ(http::error_response(limited, "r").find_header("Retry-After"), "42");
  EXPECT_EQ(http::error_response(Error(errc::unauthenticated, "x"), "r").find_header("WWW-Authenticate"), "Bearer");
}

TEST(HttpErrors, InternalDetailNeverReachesTheClient) {
  Error e(errc::internal, "サーバーでエラーが発生しました");
  e.with_detail("password_hash column exploded");
  EXPECT_EQ(http::error_response(e, "r").body.find("password_hash"), std::string::npos);
}
