#pragma once
// The daemon: the services (lib/app/services.hpp, the same as the CLI's) over its config and
// pool, the parts only a daemon has, and the chain every request takes:
// route -> authenticate -> handler -> errors -> standard headers. No RESTinio in here.
#include <atomic>
#include <functional>

#include "ai_chat/engine.hpp"
#include "app/services.hpp"
#include "core/config.hpp"
#include "db/pool.hpp"
#include "http/host_watch.hpp"
#include "http/router.hpp"
#include "metrics.hpp"

namespace camp {

// The config and the connections, built before the services that use them (a base of App
// for that reason alone).
struct Runtime {
  // Request workers, plus one for the login lane, two for /cable's database work and one for
  // storing AI chat answers.
  static constexpr std::size_t kExtraConnections = 4;

  Runtime(Config config, const std::string& database_url);
  Config config;
  db::Pool pool;
};

// Routes reach the services as ctx.app.<service> (ctx.app.accounts, ctx.app.events, ...).
struct App : Runtime, app::Services {
  App(Config config, const std::string& database_url);

  // Which pool the request should run on (decided on the I/O thread, cheaply).
  http::Lane lane_for(http::Request& request) const;
  http::Response handle(http::Request& request);
  // The answer when memory alone holds it (Route::from_memory: a cached upload, /me, a cached
  // list page, for a caller whose session the cache holds), with the standard headers and
  // counted in the metrics; nullopt for everything else, which handle() answers on the worker
  // pool. Called on the I/O thread: it never blocks.
  std::optional<http::Response> answer_from_memory(http::Request& request);
  bool draining() const { return draining_.load(); }
  void start_draining() { draining_ = true; }

  ai_chat::AiChatEngine ai_chat;  // its provider worker and answer writer (docs/ai-chat.md)
  http::Router router;
  http::HostWatch host_watch{config.public_url};
  Metrics metrics;
  // Set by the server once /cable runs (reported in /metrics).
  std::function<std::size_t()> cable_connections = [] { return std::size_t{0}; };
  // Kept by the server's request handler (daemon/server.cpp), reported in /metrics.
  std::atomic<int> requests_in_flight{0};
  std::atomic<int> logins_queued{0};

 private:
  http::Response dispatch(http::Request& request, std::size_t& metric_slot);
  void check_body_size(const http::Request& request, http::BodyLimit limit) const;

 public:
  // The upload route takes bodies up to twice uploads.max_bytes, so that an ordinary
  // oversized photo reaches the handler and gets its 413 with the Japanese message; past this
  // RESTinio closes the connection as soon as it reads Content-Length (daemon/server.cpp).
  std::size_t upload_body_limit() const { return 2 * config.upload_max_bytes; }
  std::atomic<bool> draining_{false};
};

// Adds the headers every response carries (request id, security policy).
void add_standard_headers(http::Response& response, const std::string& request_id);

}  // namespace camp
