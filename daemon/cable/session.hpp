#pragma once
// One /cable connection's ActionCable conversation, without any I/O. It is told what happened
// (the handshake is done, a frame came in, a timer is due, a broadcast, the account changed,
// the server stops, the socket is gone) and acts only through its Port: frames to send, close,
// database work, a timer, the hub and the per-account admission. The Beast connection
// (cable/connection.cpp) is the real Port; tests/unit/cable_session_test.cpp drives a Session
// with a fake Port and a fake Clock.
//
// Threading: every call runs on the connection's strand. Database work runs on a worker and
// its continuation comes back to that strand.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "accounts/model.hpp"
#include "cable/channel.hpp"
#include "cable/command_budget.hpp"
#include "cable/protocol.hpp"
#include "core/config.hpp"

namespace camp::cable {

using Frame = std::shared_ptr<const std::string>;

// Steady time for timers and the command budget, Unix time for pings and the token's exp.
class Clock {
 public:
  using time_point = std::chrono::steady_clock::time_point;
  virtual ~Clock() = default;
  virtual time_point now() const = 0;
  virtual long long unix_now() const = 0;
};

class SystemClock final : public Clock {
 public:
  time_point now() const override { return std::chrono::steady_clock::now(); }
  long long unix_now() const override;
};

// Everything a Session does to the world.
class Port {
 public:
  virtual ~Port() = default;
  // Queues a text frame for the client.
  virtual void send(Frame frame) = 0;
  // Closes the websocket once the frames queued so far are written.
  virtual void close() = 0;
  // Starts reading commands (after welcome: earlier ones wait in the socket).
  virtual void receive() = 0;
  // Session::on_timer is due at `when`; replaces the previous request.
  virtual void wake_at(Clock::time_point when) = 0;
  // Runs `work` on a database worker, one at a time and in the order of the calls; exceptions
  // are logged. The function it returns, if any, then runs on the session's strand.
  virtual void database(std::function<std::function<void()>()> work) = 0;
  // Counts the connection against its account's limit; false when the account is at it.
  virtual bool claim_account_slot(std::int64_t account_id) = 0;
  virtual void release_account_slot(std::int64_t account_id) = 0;
  // The hub: the stream's broadcasts reach Session::on_broadcast, framed for `identifier`.
  virtual void listen(const std::string& stream, const std::string& identifier) = 0;
  virtual void unlisten(const std::string& stream, const std::string& identifier) = 0;
  // A way to Session::on_broadcast from any thread, also after the session ended (it then
  // drops the frame): what a subscription's transmit calls.
  virtual std::function<void(Frame)> inbox() = 0;
};

// What a valid token names: the account and the token's exp (Unix seconds; 0: none).
struct Authenticated {
  accounts::Account account;
  std::int64_t expires_at = 0;
};
// Judges a token (blocking, on a database worker). Throws camp::Error: unauthenticated when
// the token is no good, anything else when it cannot tell now (the database is down).
using Authenticator = std::function<Authenticated(const std::string& token)>;

class Session {
 public:
  static constexpr std::chrono::seconds kPingInterval{3};
  // Pings fall due on this grid of the steady clock, so that the cable thread wakes a few times
  // a second for all of its connections instead of once per connection (2,000 sockets: ~660
  // wake-ups a second). The first comes 3 to 3.25 s after the welcome, then every 3 s, however
  // late a timer fires; the client calls a connection stale after 6 s without one.
  static constexpr std::chrono::milliseconds kPingGrid{250};

  Session(std::string id, Port& port, const ChannelRegistry& channels, const Authenticator& authenticate,
          const CableLimits& limits, const Clock& clock);

  const std::string& id() const { return id_; }

  // The websocket handshake is done: judge the token, then welcome (or say why not).
  void open(std::string token);
  // A text message from the client.
  void on_frame(const std::string& text);
  // The time asked for with Port::wake_at has come: ping, or end an expired session.
  void on_timer();
  // A frame for the client from a stream it listens to or from one of its subscriptions.
  void on_broadcast(Frame frame);
  // A session of the account ended or the account changed: judge the token again; a session
  // gone or a role changed ends the connection (unauthorized, no reconnect).
  void account_changed();
  // The server stops: the client is told to reconnect (elsewhere, or later).
  void stop();
  // The socket is gone, whatever ended it (called once).
  void closed();

 private:
  enum class State { authenticating, open, closing, closed };
  enum class Verdict { ok, unauthorized, unavailable };
  struct Entry {
    std::shared_ptr<Subscriber> subscriber;
    std::shared_ptr<Subscription> subscription;
  };

  void check_token(std::function<void(Verdict, const std::optional<Authenticated>&)> then);
  void on_authenticated(Verdict verdict, const std::optional<Authenticated>& found);
  void goodbye(const std::string& reason, bool reconnect);
  void send(std::string text);
  static Clock::time_point grid_floor(Clock::time_point t);  // the ping grid's point at or before t
  void wake();
  void subscribe(const Command& command);
  void on_subscribed(const std::string& identifier, Entry entry);
  void end_subscription(const std::string& identifier, const Entry& entry);
  void on_database(std::function<void()> work);

  std::string id_;
  Port& port_;
  const ChannelRegistry& channels_;
  const Authenticator& authenticate_;
  const CableLimits& limits_;
  const Clock& clock_;
  State state_ = State::authenticating;
  std::string token_;
  std::shared_ptr<const accounts::Account> account_;
  CommandBudget budget_;
  bool over_budget_logged_ = false;
  Clock::time_point next_ping_{};
  std::optional<Clock::time_point> expires_;  // the token's exp: the connection ends with it
  std::map<std::string, Entry> subscriptions_;  // identifier -> subscription
  std::map<std::string, bool> pending_;         // identifier -> unsubscribed while the database decides
};

}  // namespace camp::cable
