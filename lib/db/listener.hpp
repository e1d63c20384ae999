#pragma once
// One PostgreSQL connection per daemon that LISTENs on the cable channel and hands every
// notification ({stream, message}) to a callback. Reconnects by itself after a restart.
#include <atomic>
#include <functional>
#include <string>
#include <thread>

namespace camp::db {

// The one notification channel: every pg_notify of camp names it, with {stream, message}.
inline constexpr const char* kNotifyChannel = "camp_cable";

class Listener {
 public:
  using Handler = std::function<void(const std::string& stream, const std::string& message_json)>;
  using StateHandler = std::function<void(bool connected)>;

  Listener(std::string database_url, Handler handler, StateHandler on_state = {});
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  bool connected() const { return connected_.load(); }

 private:
  void run();

  std::string url_;
  Handler handler_;
  StateHandler on_state_;
  std::atomic<bool> running_{true};
  std::atomic<bool> connected_{false};
  std::thread thread_;
};

}  // namespace camp::db
