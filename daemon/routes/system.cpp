#include "app.hpp"
#include "core/error.hpp"
#include "db/health.hpp"
#include "http/context.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace system_routes {
namespace {

using http::Context;
using http::Response;

constexpr const char* kVersion = CAMP_VERSION;

Response server_version(Context&) {
  return Response::json(200, {{"version", kVersion}}).header("Cache-Control", "no-cache");
}

Response site(Context& ctx) {
  return Response::json(200, {{"version", kVersion},
                              {"privacy_policy_url", ctx.app.config.privacy_policy_url},
                              {"terms_url", ctx.app.config.terms_url}});
}

Response healthz(Context&) { return Response::json(200, {{"status", "ok"}}); }

Response readyz(Context& ctx) {
  if (ctx.app.draining()) throw Error(errc::unavailable, "shutting down");
  ctx.app.pool.autocommit([](db::Tx& tx) { db::ping(tx); });
  return Response::json(200, {{"status", "ready"}});
}

bool loopback(const std::string& address) {
  return address.rfind("127.", 0) == 0 || address == "::1" || address == "[::1]";
}

Response metrics(Context& ctx) {
  if (!loopback(ctx.request.client_address)) throw Error(errc::not_found, "not found");
  Response r;
  r.body = ctx.app.metrics.render({.pool_size = ctx.app.pool.size(),
                                   .pool_in_use = ctx.app.pool.in_use(),
                                   .cable_connections = ctx.app.cable_connections(),
                                   .requests_in_flight = static_cast<std::size_t>(ctx.app.requests_in_flight.load()),
                                   .logins_queued = static_cast<std::size_t>(ctx.app.logins_queued.load()),
                                   .upload_cache_hits = ctx.app.upload_cache.hits(),
                                   .upload_cache_misses = ctx.app.upload_cache.misses(),
                                   .upload_cache_bytes = ctx.app.upload_cache.bytes()});
  r.header("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
  return r;
}

}  // namespace
}  // namespace system_routes

void add_system(http::Router& r) {
  using namespace system_routes;
  r.add({"GET", "/server-version.json", http::Access::anyone, server_version});
  r.add({"GET", "/healthz", http::Access::anyone, healthz});
  r.add({"GET", "/readyz", http::Access::anyone, readyz});
  r.add({"GET", "/metrics", http::Access::anyone, metrics});
  r.add({"GET", "/api/v1/site", http::Access::anyone, site});
}

}  // namespace camp::routes
