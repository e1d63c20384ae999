#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/multipart.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace uploads_routes {
namespace {

using http::Context;
using http::Response;

Response upload(Context& ctx) {
  // A trial account is refused whatever it sends; over the limit is 413 whatever the content:
  // both answered before parsing.
  files::ensure_may_upload(ctx.me());
  if (ctx.request.body.size() > ctx.app.uploads.max_bytes() + 64 * 1024)
    throw Error(errc::payload_too_large, std::string(msg::file_too_large));
  const auto parts = http::parse_multipart(ctx.request.header("content-type").value_or(""), ctx.request.body);
  const http::Part* file = nullptr;
  std::string kind = "profile";
  for (const auto& p : parts) {
    if (p.name == "file" && !file) file = &p;
    if (p.name == "file_type") kind = std::string(p.body);
  }
  if (!file) throw Error(errc::invalid, std::string(msg::file_required), {{"file", {std::string(msg::file_required)}}});
  const files::UploadQuota quota{ctx.app.config.upload_quota_bytes, ctx.app.config.uploads_per_hour};
  const auto stored = ctx.app.uploads.store(ctx.me(), kind, file->body, quota);
  return Response::json(201, {{"file_url", stored.url}});
}

}  // namespace
}  // namespace uploads_routes

void add_uploads(http::Router& r) {
  using namespace uploads_routes;
  r.add({"POST", "/api/v1/file_upload", http::Access::logged_in, upload, http::Lane::fast, http::BodyLimit::upload});
}

}  // namespace camp::routes
