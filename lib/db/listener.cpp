#include "db/listener.hpp"

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <spdlog/spdlog.h>

#include "db/pool.hpp"

namespace camp::db {
namespace {

class Receiver final : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection_base& c, const Listener::Handler& h) : pqxx::notification_receiver(c, kNotifyChannel), handler_(h) {}
  void operator()(const std::string& payload, int) override {
    auto parsed = nlohmann::json::parse(payload, nullptr, false);
    if (parsed.is_discarded() || !parsed.contains("stream") || !parsed["stream"].is_string() || !parsed.contains("message")) {
      spdlog::warn("cable: ignoring a malformed notification");
      return;
    }
    handler_(parsed["stream"].get<std::string>(), parsed["message"].dump());
  }

 private:
  const Listener::Handler& handler_;
};

}  // namespace

Listener::Listener(std::string database_url, Handler handler, StateHandler on_state)
    : url_(db::with_client_defaults(database_url)),
      handler_(std::move(handler)),
      on_state_(std::move(on_state)),
      thread_([this] { run(); }) {}

Listener::~Listener() {
  running_ = false;
  if (thread_.joinable()) thread_.join();
}

void Listener::run() {
  int backoff_ms = 200;
  while (running_) {
    try {
      pqxx::connection conn(url_);
      Receiver receiver(conn, handler_);
      connected_ = true;
      if (on_state_) on_state_(true);
      backoff_ms = 200;
      while (running_) conn.await_notification(0, 250000);
    } catch (const std::exception& e) {
      if (connected_) {
        spdlog::warn("cable: lost the notification connection: {}", e.what());
        if (on_state_) on_state_(false);
      }
      connected_ = false;
      for (int waited = 0; running_ && waited < backoff_ms; waited += 50)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      backoff_ms = std::min(backoff_ms * 2, 5000);
    }
  }
  if (connected_ && on_state_) on_state_(false);
  connected_ = false;
}

}  // namespace camp::db
