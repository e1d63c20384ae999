#pragma once
// /cable: ActionCable-compatible websockets. The HTTP upgrade request arrives through RESTinio
// (daemon/server.cpp), which hands the connected socket over; from then on Boost.Beast speaks
// the websocket protocol (cable/connection.hpp), with frame and message limits enforced on the
// frame header, before any allocation, and a Session (cable/session.hpp) speaks ActionCable.
// Broadcasts come from PostgreSQL LISTEN/NOTIFY (daemon/server.cpp listens), so every daemon
// instance delivers every change.
#include <memory>
#include <optional>

#include "http/exchange.hpp"

namespace camp {
struct App;
}

namespace camp::cable {

class CableServer {
 public:
  explicit CableServer(App& app);
  ~CableServer();

  // At the handshake, on the I/O thread (no database work): nothing when the upgrade may
  // proceed, else the HTTP answer to send instead (400 not a websocket, 403 origin, 503 full).
  // The token is judged after the upgrade, as ActionCable does, so that a refused one gets
  // {"type":"disconnect","reason":"unauthorized","reconnect":false} and the client stops.
  std::optional<http::Response> admit(const http::Request& request) const;
  // Takes over an upgraded connection's socket (a duplicated descriptor we now own).
  void adopt(int fd, http::Request request);
  // Tells every client to reconnect elsewhere and closes the connections.
  void stop();
  std::size_t connection_count() const;
  // A notification from PostgreSQL: deliver it to this daemon's subscribers of the stream.
  void broadcast(const std::string& stream, const std::string& message_json);
  // A session of the account ended or the account changed (NOTIFY on "sessions"): each of its
  // connections checks its token again and is disconnected (unauthorized, no reconnect) when
  // the session is gone or the role is not the one it connected with.
  void account_changed(std::int64_t account_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace camp::cable
