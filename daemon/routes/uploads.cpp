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

bool lower_hex(std::string_view s) {
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// The hashes of If-None-Match ("<sha256>", W/"<sha256>", a list of them); anything else in it
// matches nothing. At most 8, so a long header costs nothing.
std::vector<std::string> etags_of(const http::Request& request) {
  std::vector<std::string> out;
  std::string_view rest = request.header("if-none-match").value_or("");
  while (!rest.empty() && out.size() < 8) {
    const auto comma = rest.find(',');
    auto item = rest.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.starts_with("W/")) item.remove_prefix(2);
    if (item.size() == 66 && item.front() == '"' && item.back() == '"' && lower_hex(item.substr(1, 64)))
      out.emplace_back(item.substr(1, 64));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return out;
}

// The path names one upload, whose bytes never change: cached for a year; the ETag is their
// SHA-256, so a revalidation is a 304.
Response answer(const files::ServedUpload& served) {
  Response r;
  r.header("ETag", "\"" + served.sha256 + "\"");
  r.header("Cache-Control", "public, max-age=31536000, immutable");
  if (!served.data) {
    r.status = 304;
    return r;
  }
  r.header("Content-Type", served.content_type);
  r.shared_body = served.data;
  return r;
}

// The bytes from the database (or this daemon's cache).
Response serve(Context& ctx) {
  const auto served = ctx.app.uploads.find(ctx.request.path, etags_of(ctx.request));
  if (!served) throw Error(errc::not_found, std::string(msg::not_found));
  return answer(*served);
}

// From this daemon's memory alone, on the I/O thread (Route::from_memory): most avatars.
std::optional<Response> serve_cached(Context& ctx) {
  const auto served = ctx.app.uploads.find_cached(ctx.request.path, etags_of(ctx.request));
  if (!served) return std::nullopt;
  return answer(*served);
}

}  // namespace
}  // namespace uploads_routes

void add_uploads(http::Router& r) {
  using namespace uploads_routes;
  r.add({"POST", "/api/v1/file_upload", http::Access::logged_in, upload, http::Lane::fast, http::BodyLimit::upload});
  http::Route get{"GET", "/uploads/{kind}/{name}", http::Access::anyone, serve};
  get.from_memory = serve_cached;
  r.add(std::move(get));
}

}  // namespace camp::routes
