// The only translation unit that sees RESTinio's server: it converts requests to
// http::Request, runs App::handle on a worker pool, and writes the answer back (RESTinio
// delayed responses), so no database work ever runs on an I/O thread.
#include "server.hpp"

#include <signal.h>
#include <future>
#include <sys/resource.h>
#include <unistd.h>
#include <spdlog/spdlog.h>

#include <restinio/all.hpp>

#include "accounts/password.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/errors.hpp"
#include "http/later.hpp"
#include "cable/cable_server.hpp"
#include "core/random.hpp"
#include "http/client_address.hpp"
#include "http/connection_limiter.hpp"
#include "db/idempotency.hpp"
#include "db/listener.hpp"
#include "mail/delivery.hpp"
#include "mail/waiting.hpp"
#include "notifications/dispatcher.hpp"
#include "privacy/data_export_worker.hpp"
#include "notifications/events.hpp"
#include "notifications/scan.hpp"

namespace camp {
namespace {

// Per-address connection counting: the IP blocker admits at accept, the state listener
// releases on close (an upgraded /cable connection is released at the hand-over).
struct AddressGate {
  http::ConnectionLimiter& limiter;
  restinio::ip_blocker::inspection_result_t inspect(const restinio::ip_blocker::incoming_info_t& info) noexcept {
    try {
      if (limiter.admit(info.remote_endpoint().address().to_string())) return restinio::ip_blocker::allow();
      spdlog::warn("refused a connection from {}: too many open from that address",
                   info.remote_endpoint().address().to_string());
    } catch (const std::exception&) {
    }
    return restinio::ip_blocker::deny();
  }
};

struct ClosedListener {
  http::ConnectionLimiter& limiter;
  void state_changed(const restinio::connection_state::notice_t& notice) noexcept {
    if (!restinio::holds_alternative<restinio::connection_state::closed_t>(notice.cause())) return;
    try {
      limiter.release(notice.remote_endpoint().address().to_string());
    } catch (const std::exception&) {
    }
  }
};

struct Traits : restinio::traits_t<restinio::asio_timer_manager_t, restinio::null_logger_t> {
  static constexpr bool use_connection_count_limiter = true;
  using ip_blocker_t = AddressGate;
  using connection_state_listener_t = ClosedListener;
};

const char* reason(int status) {
  switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 304: return "Not Modified";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Entity";
    case 429: return "Too Many Requests";
    case 503: return "Service Unavailable";
    default: return status >= 500 ? "Internal Server Error" : "Error";
  }
}

std::string sane_request_id(std::string_view incoming) {
  if (!incoming.empty() && incoming.size() <= 64 &&
      std::all_of(incoming.begin(), incoming.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }))
    return std::string(incoming);
  return random_hex(8);
}

std::shared_ptr<http::Request> convert(const restinio::request_handle_t& req, const Config& config,
                                       const http::Router& router) {
  auto r = std::make_shared<http::Request>();
  r->method = std::string(req->header().method().c_str());
  r->raw_path = std::string(req->header().path());
  r->path = http::percent_decode(r->raw_path);
  r->log_path = router.loggable(r->raw_path);
  r->query = std::string(req->header().query());
  for (const auto& field : req->header()) {
    std::string name = field.name();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    r->headers.emplace_back(std::move(name), field.value());
  }
  r->body = req->body();
  r->client_address = http::client_address(req->remote_endpoint().address().to_string(),
                                           r->header("x-forwarded-for").value_or(""), config.trusted_proxies);
  r->request_id = sane_request_id(r->header("x-request-id").value_or(""));
  return r;
}

void send(const restinio::request_handle_t& req, const http::Request& r, http::Response& out) {
  auto resp = req->create_response(restinio::http_status_line_t{restinio::http_status_code_t{static_cast<std::uint16_t>(out.status)}, reason(out.status)});
  for (auto& [name, value] : out.headers) resp.append_header(name, value);
  if (r.method == "HEAD") {
    resp.set_body(std::string{});
  } else if (out.file) {
    try {
      const auto meta = restinio::get_file_meta<restinio::file_meta_t>(out.file.get());
      resp.set_body(restinio::sendfile(restinio::file_descriptor_holder_t{out.file.release()}, meta));
    } catch (const std::exception& e) {
      spdlog::error("request {} cannot send {}: {}", r.request_id, r.log_path, e.what());
      resp.set_body(std::string{});
    }
  } else if (out.shared_body) {
    resp.set_body(std::move(out.shared_body));
  } else {
    resp.set_body(std::move(out.body));
  }
  resp.done();
}

void access_log(const Config& config, const http::Request& r, int status, double ms) {
  if (config.log_format == "json") {
    nlohmann::json line = {{"request_id", r.request_id}, {"method", r.method}, {"path", r.log_path},
                           {"status", status}, {"ms", ms}, {"client", r.client_address}};
    if (r.account_id) line["account_id"] = *r.account_id;
    spdlog::info("{}", line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  } else {
    spdlog::info("{} {} {} {} {:.2f}ms client={} account={}", r.request_id, r.method, r.log_path, status, ms,
                 r.client_address, r.account_id ? std::to_string(*r.account_id) : "-");
  }
}

// Hands an upgrade request's socket to /cable, the way restinio::websocket::basic::upgrade
// takes it for RESTinio's own websockets (which we do not use: see docs/design.md).
void hand_over_to_cable(const restinio::request_handle_t& req, cable::CableServer& cable, http::Request request,
                        http::ConnectionLimiter& limiter) {
  using connection_t = restinio::impl::connection_t<Traits>;
  auto handle = std::move(restinio::impl::access_req_connection(*req));
  if (!handle) return;
  // RESTinio reports no close for a connection it gave away: it leaves the HTTP count here
  // (the cable server counts websockets per account itself).
  limiter.release(req->remote_endpoint().address().to_string());
  auto internals = dynamic_cast<connection_t&>(*handle).move_upgrade_internals();
  const int fd = ::dup(internals.m_socket.native_handle());
  asio::error_code ignored;
  internals.m_socket.close(ignored);
  if (fd >= 0) cable.adopt(fd, std::move(request));
}

// Every few minutes, on the request pool: delete expired sessions and ended throttle windows
// (in bounded batches: accounts::SessionService::prune_expired), record the day-before event
// reminders (events::EventService::remind), and from mail.digest.hour on the day's mentor
// digest and question reminders (once per day whatever the number of daemons:
// mail::WaitingMail); the dispatcher tells whom they concern.
class Housekeeping {
 public:
  Housekeeping(asio::thread_pool& pool, App& app)
      : strand_(asio::make_strand(pool)),
        timer_(strand_),
        app_(app) {
    arm(std::chrono::seconds(10));
  }
  void stop() {
    std::promise<void> done;
    asio::post(strand_, [&] {
      stopped_ = true;
      timer_.cancel();
      done.set_value();
    });
    done.get_future().wait();
  }

 private:
  void arm(std::chrono::seconds after) {
    timer_.expires_after(after);
    timer_.async_wait([this](const asio::error_code& ec) {
      if (ec || stopped_) return;
      try {
        const auto pruned = app_.sessions.prune_expired(std::chrono::system_clock::now());
        if (pruned.sessions || pruned.throttles)
          spdlog::info("housekeeping: pruned {} sessions and {} login throttle rows", pruned.sessions, pruned.throttles);
      } catch (const std::exception& e) {
        spdlog::warn("housekeeping failed: {}", e.what());
      }
      try {
        if (const int n = app_.two_factor.prune_challenges())
          spdlog::info("housekeeping: pruned {} expired two-factor challenges", n);
      } catch (const std::exception& e) {
        spdlog::warn("two-factor challenge pruning failed: {}", e.what());
      }
      try {
        if (const int n = app_.anonymisations.purge_expired_answers())
          spdlog::info("housekeeping: deleted {} questionnaire answers of anonymised accounts past retention", n);
      } catch (const std::exception& e) {
        spdlog::warn("questionnaire retention purge failed: {}", e.what());
      }
      try {
        if (const int n = db::prune_idempotency_keys(app_.pool)) spdlog::info("housekeeping: pruned {} idempotency keys", n);
      } catch (const std::exception& e) {
        spdlog::warn("idempotency key pruning failed: {}", e.what());
      }
      // The day-before event reminders: each event is claimed once in the database, so two
      // daemons (or `camp events remind`) never send one twice.
      try {
        if (const int reminded = app_.events.remind(app_.events.clock().today()))
          spdlog::info("housekeeping: recorded reminders for {} events", reminded);
      } catch (const std::exception& e) {
        spdlog::warn("event reminders failed: {}", e.what());
      }
      try {
        if (app_.waiting_mail.run_if_due()) spdlog::info("mail: today's mentor digest and question reminders recorded");
      } catch (const std::exception& e) {
        spdlog::warn("mail digest failed (retried at the next check): {}", e.what());
      }
      // Notifications: the daily digest (once per day whatever the number of daemons) and
      // retention (bounded batches, so a large backlog takes a few checks).
      try {
        if (notifications::run_digest_if_due(app_.pool, {app_.unsubscribe_links, app_.config.public_url}, app_.config,
                                              system_clock()))
          spdlog::info("notifications: today's digest mails queued");
        if (const auto scan = notifications::run_scan_if_due(app_.pool, app_.config.notification_scan, system_clock());
            !scan.already_ran)
          spdlog::info("notifications: today's scan recorded {} overdue reviews, {} unanswered questions, {} students "
                       "behind, {} questionnaires due",
                       scan.reviews, scan.questions, scan.students, scan.questionnaires);
        if (const auto n = app_.notifications.prune(std::chrono::system_clock::now(),
                                                    app_.config.notification_retention_days, 10);
            n.notifications || n.marks)
          spdlog::info("housekeeping: pruned {} notifications and {} scan marks", n.notifications, n.marks);
      } catch (const std::exception& e) {
        spdlog::warn("notification housekeeping failed: {}", e.what());
      }
      arm(std::chrono::minutes(5));
    });
  }

  asio::strand<asio::thread_pool::executor_type> strand_;
  asio::steady_timer timer_;
  App& app_;
  bool stopped_ = false;
};

sigset_t shutdown_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  return set;
}

}  // namespace

void run_server(App& app) {
  const Config& config = app.config;
  // Block the shutdown signals in every thread we start; this thread waits for them.
  const sigset_t signals = shutdown_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  asio::thread_pool fast(app.pool.size() - App::kExtraConnections);
  asio::thread_pool slow(1);  // password hashing: one at a time, never starving the rest
  // argon2id is a deliberate CPU and memory burner: its thread gives way to the API's (nice 10:
  // about a tenth of a busy core's share), so a login storm slows logins, not the rest of the
  // API. Not nice 19: on a machine busy with other work that left a login waiting past the
  // request timeout.
  asio::post(slow, [] {
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
    accounts::burn_password_check("warm-up");
  });
  auto& in_flight = app.requests_in_flight;
  auto& slow_pending = app.logins_queued;
  // Past 64 waiting logins, or 15 s of waiting, a login is answered 503 with the Japanese
  // message at once: better than a connection cut at the 30 s request timeout.
  constexpr int kSlowQueueLimit = 64;
  constexpr auto kSlowQueueWait = std::chrono::seconds(15);
  auto login_busy = [](const http::Request& request) {
    auto busy = http::error_response(Error(errc::unavailable, std::string(msg::login_busy)), request.request_id);
    add_standard_headers(busy, request.request_id);
    return busy;
  };
  Housekeeping housekeeping(fast, app);
  cable::CableServer cable(app);
  app.cable_connections = [&cable] { return cable.connection_count(); };
  mail::DeliveryWorker mail_worker(app.config, app.pool.url());  // its own threads and connections
  notifications::Dispatcher dispatcher(app.config, app.pool.url(), app.unsubscribe_links);  // its own thread too
  privacy::DataExportWorker data_export_worker(app.config, app.pool.url(), app.data_exports);  // likewise
  // One LISTEN connection: session invalidations for the cache, everything else to /cable. It
  // needs a session of its own (not PgBouncer's transaction mode): session_database_url.
  db::Listener listener(
      app.config.session_database_url.empty() ? app.pool.url() : app.config.session_database_url,
      [&](const std::string& stream, const std::string& message) {
        if (stream == mail::kMailStream) return mail_worker.wake();
        if (stream == notifications::kDomainEventsStream) return dispatcher.wake();
        if (stream == privacy::kDataExportsStream) return data_export_worker.wake();
        if (stream == questions::kQuestionListsStream) return app.question_lists.forget(message);
        if (stream == curriculum::kCurriculumsStream) return app.curriculum_content.forget_all();
        if (stream == files::kUploadsStream) return app.upload_cache.forget_all();
        if (stream != accounts::kSessionsStream) return cable.broadcast(stream, message);
        auto parsed = nlohmann::json::parse(message, nullptr, false);
        if (parsed.is_discarded() || !parsed.contains("account_id") || !parsed["account_id"].is_number_integer()) return;
        const auto account_id = parsed["account_id"].get<std::int64_t>();
        app.session_cache.forget_account(account_id);  // first, so the websockets' re-check reads the database
        cable.account_changed(account_id);
      },
      [&](bool connected) {
        app.session_cache.set_enabled(connected);
        app.question_lists.set_enabled(connected);
        app.curriculum_content.set_enabled(connected);
        app.upload_cache.set_enabled(connected);
      });

  http::ConnectionLimiter limiter(config.max_connections_per_address, config.trusted_proxies);
  auto handler = [&](restinio::request_handle_t req) {
    auto request = convert(req, config, app.router);
    if (request->path == "/cable" && req->header().connection() == restinio::http_connection_header_t::upgrade) {
      if (auto refusal = cable.admit(*request)) {
        add_standard_headers(*refusal, request->request_id);
        send(req, *request, *refusal);
        access_log(config, *request, refusal->status, 0);
      } else {
        access_log(config, *request, 101, 0);
        hand_over_to_cable(req, cable, std::move(*request), limiter);
      }
      return restinio::request_accepted();
    }
    const auto received = std::chrono::steady_clock::now();
    if (auto memory = app.answer_from_memory(*request)) {
      send(req, *request, *memory);
      access_log(config, *request, memory->status,
                 std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - received).count());
      return restinio::request_accepted();
    }
    const bool slow_lane = app.lane_for(*request) == http::Lane::slow;
    // Logins wait for one hashing thread: past a short queue, answer at once instead.
    if (slow_lane && slow_pending.load() >= kSlowQueueLimit) {
      auto busy = login_busy(*request);
      send(req, *request, busy);
      access_log(config, *request, busy.status, 0);
      return restinio::request_accepted();
    }
    if (slow_lane) ++slow_pending;
    ++in_flight;
    auto& lane = slow_lane ? slow : fast;
    asio::post(lane, [&, req, request, slow_lane, received] {
      auto finish = [&, req, request, received](http::Response& out) {
        send(req, *request, out);
        access_log(config, *request, out.status,
                   std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - received).count());
        --in_flight;
      };
      if (slow_lane && std::chrono::steady_clock::now() - received > kSlowQueueWait) {
        --slow_pending;
        auto busy = login_busy(*request);
        return finish(busy);
      }
      auto response = app.handle(*request);
      if (slow_lane) --slow_pending;
      // Answered later by whichever thread completes the use case: this worker moves on.
      if (auto later = response.later) return later->then([finish](http::Response&& out) { finish(out); });
      if (response.delay_ms <= 0) return finish(response);
      auto held = std::make_shared<http::Response>(std::move(response));
      auto timer = std::make_shared<asio::steady_timer>(fast.get_executor(), std::chrono::milliseconds(held->delay_ms));
      timer->async_wait([timer, held, finish](const asio::error_code&) { finish(*held); });
    });
    return restinio::request_accepted();
  };

  // RESTinio checks a declared Content-Length against this as soon as the headers are in, and
  // closes the connection without reading the body (or answering). Below it, App::dispatch
  // answers 413 JSON from each route's own limit (the JSON limit everywhere, the upload
  // route's, App::upload_body_limit) before anything is parsed.
  const auto body_limit = std::max<std::uint64_t>(app.upload_body_limit(), config.max_json_body_bytes);
  restinio::server_settings_t<Traits> settings;
  settings.address(config.listen_host())
      .port(config.listen_port())
      .request_handler(handler)
      .max_parallel_connections(config.max_connections)
      .ip_blocker(std::make_shared<AddressGate>(AddressGate{limiter}))
      .connection_state_listener(std::make_shared<ClosedListener>(ClosedListener{limiter}))
      .max_pipelined_requests(4)
      .handle_request_timeout(std::chrono::seconds(30))
      .read_next_http_message_timelimit(std::chrono::seconds(config.read_timeout_seconds))
      .incoming_http_msg_limits(restinio::incoming_http_msg_limits_t{}
                                    .max_url_size(8192)
                                    .max_field_name_size(256)
                                    .max_field_value_size(config.max_header_bytes)
                                    .max_field_count(100)
                                    .max_body_size(body_limit));

  auto server = restinio::run_async(restinio::own_io_context(), std::move(settings), config.io_threads);
  spdlog::info("campd {} listening on http://{}", CAMP_VERSION, config.listen);

  int sig = 0;
  sigwait(&signals, &sig);
  spdlog::info("signal {} received: draining", sig);
  app.start_draining();
  cable.stop();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(config.shutdown_grace_seconds);
  while (in_flight.load() > 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  server->stop();
  server->wait();
  housekeeping.stop();
  data_export_worker.stop();
  dispatcher.stop();
  mail_worker.stop();
  app.cable_connections = [] { return std::size_t{0}; };
  fast.join();
  slow.join();
  spdlog::info("campd stopped");
}

}  // namespace camp
