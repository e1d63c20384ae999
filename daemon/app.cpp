#include "app.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <thread>

#include "accounts/token.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/errors.hpp"
#include "routes/routes.hpp"
#include "static_files.hpp"

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

}  // namespace

// Before authentication or parsing: a body over the route's limit is refused outright.
void App::check_body_size(const http::Request& request, http::BodyLimit limit) const {
  const auto max = limit == http::BodyLimit::upload ? upload_body_limit() : config.max_json_body_bytes;
  if (request.body.size() > max) throw Error(errc::payload_too_large, "request body too large");
}

App::App(Config cfg, const std::string& database_url)
    : config(std::move(cfg)),
      jwt_secret(accounts::load_or_create_jwt_secret(config.jwt_secret, config.data_dir)),
      // Request workers, plus one for the login lane and two for /cable's database work.
      pool(database_url, pool_size(config) + kExtraConnections),
      accounts(pool, &session_cache),
      sessions(pool, accounts::TokenSigner(jwt_secret), config.rate_limits, config.session_ttl_days, &session_cache),
      unsubscribe_links(jwt_secret, config.public_url),
      uploads(pool, config.uploads_dir(), config.upload_max_bytes),
      categories(pool),
      questions(pool, &question_lists),
      password_resets(pool, system_clock(), config.rate_limits, config.public_url, &session_cache),
      invitations(pool, system_clock(), config.public_url),
      curriculums(pool),
      milestones(pool),
      reviews(pool, milestones),
      events(pool, system_clock(), config.public_url, unsubscribe_links),
      questionnaire_keys(questionnaires::Keyring::open(config.questionnaire_key_file())),
      questionnaires(pool, questionnaire_keys, system_clock(), config.public_url) {
  // A student's first login gives them the first_login milestone (the share dialog).
  sessions.on_login = [this](const accounts::Account& account) { milestones.record_login(account); };
  routes::add_all(router);
  metrics.set_routes(router.routes());
  uploads.remove_partial_files();
}

http::Lane App::lane_for(http::Request& request) const {
  if (!is_api(request.path)) return http::Lane::fast;
  auto m = router.match(request);
  request.params.clear();
  return m.route ? m.route->lane : http::Lane::fast;
}

http::Response App::handle(http::Request& request) {
  const auto started = std::chrono::steady_clock::now();
  std::size_t slot = Metrics::kUnmatched;
  http::Response response;
  try {
    response = dispatch(request, slot);
  } catch (const Error& e) {
    if (e.code() == errc::internal || e.code() == errc::unavailable)
      spdlog::error("request {} {} {} failed: {} ({})", request.request_id, request.method, request.path, e.what(),
                    e.detail());
    response = http::error_response(e, request.request_id);
  } catch (const std::exception& e) {
    spdlog::error("request {} {} {} failed: {}", request.request_id, request.method, request.path, e.what());
    response = http::error_response(Error(errc::internal, std::string(msg::internal)), request.request_id);
  }
  add_standard_headers(response, request.request_id);
  metrics.observe(slot, response.status, std::chrono::steady_clock::now() - started);
  return response;
}

http::Response App::dispatch(http::Request& request, std::size_t& slot) {
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
  if (m.route->access == http::Access::logged_in) {
    const auto token = bearer(request);
    if (token.empty()) throw Error(errc::unauthenticated, std::string(msg::login_required));
    ctx.principal = sessions.authenticate(token);
    request.account_id = ctx.principal->account.id;
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
