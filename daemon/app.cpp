#include "app.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <thread>

#include "db/idempotency.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/errors.hpp"
#include "http/later.hpp"
#include "routes/routes.hpp"
#include "static_files.hpp"
#include "tokens/scope.hpp"

namespace camp {
namespace {

std::size_t pool_size(const Config& c) {
  if (c.workers > 0) return static_cast<std::size_t>(c.workers);
  return std::max(4u, std::thread::hardware_concurrency() * 2);
}

std::string_view bearer(const http::Request& r) {
  auto value = r.header("authorization").value_or("");
  constexpr std::string_view prefix = "Bearer ";
  if (value.size() > prefix.size() && value.substr(0, prefix.size()) == prefix) return value.substr(prefix.size());
  return {};
}

bool is_api(const std::string& path) { return path.rfind("/api/", 0) == 0 || path == "/api"; }

bool is_probe(const std::string& path) { return path == "/healthz" || path == "/readyz" || path == "/metrics"; }

bool is_write(const std::string& method) {
  return method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE";
}

bool success(int status) { return status >= 200 && status < 300; }

// The first answer again, for a retry: opened from the record, or rebuilt by the route
// (Route::replay) when the record keeps only the status.
http::Response replay(const db::IdempotencySeal& seal, http::Context& ctx, const http::Route& route,
                      const db::IdempotencyScope& scope, const db::StoredIdempotency& stored) {
  const Error lost(errc::conflict, std::string(msg::idempotency_response_lost));
  http::Response out;
  if (!stored.sealed_body) {
    if (!route.replay || !success(*stored.status)) throw lost;
    out = route.replay(ctx);
  } else {
    auto body = seal.open(scope, *stored.sealed_body);
    if (!body) throw lost;  // sealed under an earlier jwt_secret
    out.body = std::move(*body);
    if (!out.body.empty()) out.header("Content-Type", "application/json; charset=utf-8");
  }
  out.status = *stored.status;
  out.header("Idempotent-Replayed", "true");
  return out;
}

// A logged-in write with an Idempotency-Key (docs/reliability.md): the stored answer of the
// request that first used the key, or the handler's, recording the key with its first write.
http::Response run_idempotent(App& app, http::Context& ctx, const http::Route& route, std::string_view key) {
  if (!db::valid_idempotency_key(key))
    throw Error(errc::malformed, std::string(msg::idempotency_key_invalid),
                {{"Idempotency-Key", {std::string(msg::idempotency_key_invalid)}}});
  const auto& request = ctx.request;
  const auto& seal = app.idempotency_seal;
  db::IdempotencyScope scope{ctx.me().id, std::string(key), seal.fingerprint(request.method, request.path, request.body)};
  if (const auto stored = db::find_idempotency(app.pool, scope.account_id, scope.key)) {
    if (stored->fingerprint != scope.fingerprint) throw Error(errc::invalid, std::string(msg::idempotency_key_reused));
    if (!stored->status) throw Error(errc::conflict, std::string(msg::idempotency_response_lost));
    return replay(seal, ctx, route, scope, *stored);
  }
  http::Response response;
  {
    db::IdempotencyScope::Active active(scope);
    try {
      response = route.handler(ctx);
    } catch (const Error& e) {
      if (!scope.recorded) throw;
      response = http::error_response(e, request.request_id);
    }
  }
  if (scope.recorded && !response.file) {
    try {
      // A route that rebuilds its answer (personal data kept sealed elsewhere) stores none.
      const bool rebuilt = route.replay && success(response.status);
      db::store_idempotent_response(app.pool, scope, response.status,
                                    rebuilt ? std::nullopt : std::optional(seal.seal(scope, response.body)));
    } catch (const std::exception& e) {  // the write stands; a retry is told it was applied (409)
      spdlog::warn("request {}: idempotent response not stored: {}", request.request_id, e.what());
    }
  }
  return response;
}

// A personal access token acts as its owner within its scopes (docs/tokens.md): the route's
// scope or 403, and each use of a personal-data scope audited before the handler reads.
accounts::Principal token_principal(App& app, const http::Request& request, const http::Route& route,
                                    std::string_view secret) {
  auto use = app.tokens.authenticate(secret);
  if (route.scope == http::kSessionOnly)
    throw Error(errc::forbidden, std::string(msg::access_token_session_only));
  if (!use.token.allows(route.scope))
    throw Error(errc::forbidden, msg::access_token_scope_missing(route.scope));
  if (tokens::personal_data(route.scope))
    app.tokens.record_use(use, route.scope, request.method + " " + request.log_path);
  return {std::move(use.owner), ""};
}

}  // namespace

// Before authentication or parsing: a body over the route's limit is refused outright.
void App::check_body_size(const http::Request& request, http::BodyLimit limit) const {
  const auto max = limit == http::BodyLimit::upload ? upload_body_limit() : config.max_json_body_bytes;
  if (request.body.size() > max) throw Error(errc::payload_too_large, "request body too large");
}

Runtime::Runtime(Config cfg, const std::string& database_url)
    : config(std::move(cfg)),
      pool(database_url, pool_size(config) + kExtraConnections, config.database_prepared_statements) {}

App::App(Config cfg, const std::string& database_url)
    : Runtime(std::move(cfg), database_url),
      Services(config, pool, app::Caches::daemon),
      ai_chat(pool, config.ai_chat) {
  // The course plans (config/course-plans, compiled in) into the database, when they changed.
  students.sync_plans();
  routes::add_all(router);
  metrics.set_routes(router.routes());
}

http::Lane App::lane_for(http::Request& request) const {
  if (!is_api(request.path) || request.method == "GET") return http::Lane::fast;  // Router::add holds GETs to it
  auto m = router.match(request);
  request.params.clear();
  return m.route ? m.route->lane : http::Lane::fast;
}

http::Response App::handle(http::Request& request) {
  const auto started = std::chrono::steady_clock::now();
  const auto statements_before = db::statements_sent;
  std::size_t slot = Metrics::kUnmatched;
  auto response = http::answer_or_error(request.request_id, request.method + " " + request.log_path,
                                        [&] { return dispatch(request, slot); });
  // A later answer's own statements run on the thread that answers it (batched with others'), so
  // a request counts those it sent itself.
  const auto statements = db::statements_sent - statements_before;
  auto finish = [this, slot, started, statements, request_id = request.request_id](http::Response& r) {
    add_standard_headers(r, request_id);
    metrics.observe(slot, r.status, std::chrono::steady_clock::now() - started, statements);
  };
  if (response.later) {
    response.later->finish_with(finish);  // when the answer comes
    return response;
  }
  finish(response);
  return response;
}

std::optional<http::Response> App::answer_from_memory(http::Request& request) {
  if (request.method != "GET") return std::nullopt;
  const auto m = router.match(request);
  if (!m.route || !m.route->from_memory) return std::nullopt;
  const auto started = std::chrono::steady_clock::now();
  // Whatever memory cannot settle, or would refuse, goes to the pool, which answers it (and
  // words any error) as dispatch() always does.
  const auto from_memory = [&]() -> std::optional<http::Response> {
    http::Context ctx{request, *this, std::nullopt};
    if (m.route->access != http::Access::anyone) {
      http::check_request_target(request);
      check_body_size(request, m.route->body_limit);
      const auto token = bearer(request);
      if (token.empty() || token.starts_with(tokens::kSecretPrefix)) return std::nullopt;
      ctx.principal = sessions.authenticate_from_memory(token);
      if (!ctx.principal) return std::nullopt;
      if (m.route->access == http::Access::logged_in && two_factor.must_enrol(ctx.me())) return std::nullopt;
      request.account_id = ctx.me().id;
    }
    return m.route->from_memory(ctx);
  };
  std::optional<http::Response> out;
  try {
    out = from_memory();
  } catch (...) {
  }
  if (!out) {
    request.params.clear();  // as lane_for() leaves it: dispatch() matches again
    request.account_id.reset();
    return std::nullopt;
  }
  if (!is_probe(request.path)) host_watch.observe(request.header("host").value_or(""));
  add_standard_headers(*out, request.request_id);
  metrics.observe(m.index, out->status, std::chrono::steady_clock::now() - started, 0);
  metrics.count_from_memory();
  return out;
}

http::Response App::dispatch(http::Request& request, std::size_t& slot) {
  // People's requests (not a load balancer's probes) tell whether public_url is right.
  if (!is_probe(request.path)) host_watch.observe(request.header("host").value_or(""));
  if (!is_api(request.path)) {
    // Static paths are judged on the raw path by serve_static (404); routes here are plain.
    if (auto m = router.match(request); m.route) {  // /healthz, /metrics, /server-version.json ...
      slot = m.index;
      http::Context ctx{request, *this, std::nullopt};
      return m.route->handler(ctx);
    }
    slot = Metrics::kStatic;
    check_body_size(request, http::BodyLimit::json);
    if (request.method != "GET" && request.method != "HEAD")
      throw Error(errc::method_not_allowed, "only GET and HEAD are served here");
    return serve_static(request, config);
  }
  http::check_request_target(request);
  auto m = router.match(request);
  if (!m.route) {
    if (m.allow.empty()) throw Error(errc::not_found, "no such API endpoint");
    std::string allow;
    for (const auto& a : m.allow) allow += (allow.empty() ? "" : ", ") + a;
    auto r = http::error_response(Error(errc::method_not_allowed, "method not allowed"), request.request_id);
    r.header("Allow", allow);
    return r;
  }
  slot = m.index;
  check_body_size(request, m.route->body_limit);
  http::Context ctx{request, *this, std::nullopt};
  if (m.route->access != http::Access::anyone) {
    const auto token = bearer(request);
    if (token.empty()) throw Error(errc::unauthenticated, std::string(msg::login_required));
    ctx.principal = token.starts_with(tokens::kSecretPrefix) ? token_principal(*this, request, *m.route, token)
                                                             : sessions.authenticate(token);
    request.account_id = ctx.principal->account.id;
    if (m.route->access == http::Access::logged_in && two_factor.must_enrol(ctx.me()))
      throw Error(errc::forbidden, std::string(msg::two_factor_enrolment_required));
    if (const auto key = request.header("idempotency-key"); key && is_write(request.method))
      return run_idempotent(*this, ctx, *m.route, *key);
  }
  return m.route->handler(ctx);
}

void add_standard_headers(http::Response& r, const std::string& request_id) {
  r.header("X-Request-Id", request_id);
  r.header("X-Content-Type-Options", "nosniff");
  r.header("Referrer-Policy", "strict-origin-when-cross-origin");
  r.header("X-Frame-Options", "DENY");
  r.header("Content-Security-Policy",
           "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
           "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
           "frame-ancestors 'none'");
  if (!r.find_header("Cache-Control")) r.header("Cache-Control", "no-store");
}

}  // namespace camp
