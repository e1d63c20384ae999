// /cable in three parts: the Registry admits handshakes and counts connections, each
// Connection (Boost.Beast) carries one websocket, and its Session speaks ActionCable. This file
// wires them: one io_context thread runs every websocket, database work (authentication,
// subscriptions, channel actions) runs on a small worker pool, in order per connection.
// Channels come from cable/channels.cpp: nothing here knows a channel by name.
#include "cable/cable_server.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <spdlog/spdlog.h>

#include <atomic>
#include <thread>

#include "app.hpp"
#include "cable/channels.hpp"
#include "cable/connection.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/random.hpp"

namespace camp::cable {

namespace basio = boost::asio;
using tcp = basio::ip::tcp;

struct CableServer::Impl {
  explicit Impl(App& a)
      : app(a),
        registry(a.config.cable),
        authenticate([&a](const std::string& token) {
          const auto expires_at = a.sessions.verify_token(token).expires_at;
          auto account = a.sessions.authenticate(token).account;
          // A role that must enrol in two-factor login gets no live channels until it has.
          if (a.two_factor.must_enrol(account))
            throw Error(errc::unauthenticated, std::string(msg::two_factor_enrolment_required));
          return Authenticated{std::move(account), expires_at};
        }),
        shared{a.config.cable, channels, authenticate, clock, hub, registry, db},
        instance(random_hex(6)),
        work(basio::make_work_guard(ioc)),
        heartbeat(ioc) {
    add_channels(channels, app);
    thread = std::thread([this] { ioc.run(); });
    schedule_heartbeat();
  }

  // Every presence_ttl / 3: the channels' periodic work with this daemon's live connections.
  void schedule_heartbeat() {
    heartbeat.expires_after(std::chrono::seconds(std::max(1, app.config.cable.presence_ttl_seconds / 3)));
    heartbeat.async_wait([this](boost::system::error_code ec) {
      if (ec) return;
      std::vector<std::string> ids;
      for (const auto& member : registry.all()) ids.push_back(member->id());
      basio::post(db, [this, ids = std::move(ids)] {
        channels.for_each([&](Channel& channel) {
          try {
            channel.tick(ids);
          } catch (const std::exception& e) {
            spdlog::warn("cable: channel heartbeat failed: {}", e.what());
          }
        });
      });
      schedule_heartbeat();
    });
  }

  App& app;
  ChannelRegistry channels;
  Hub hub;
  Registry registry;
  SystemClock clock;
  Authenticator authenticate;
  basio::thread_pool db{2};
  Shared shared;
  std::string instance;
  std::atomic<std::uint64_t> sequence{0};
  basio::io_context ioc{1};
  basio::executor_work_guard<basio::io_context::executor_type> work;
  basio::steady_timer heartbeat;
  std::thread thread;
};

CableServer::CableServer(App& app) : impl_(std::make_unique<Impl>(app)) {}

CableServer::~CableServer() {
  stop();
  impl_->heartbeat.cancel();
  impl_->work.reset();
  impl_->ioc.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
  impl_->db.join();
}

std::optional<http::Response> CableServer::admit(const http::Request& request) const {
  return impl_->registry.admit(request);
}

void CableServer::adopt(int fd, http::Request request) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  tcp::socket socket(basio::make_strand(impl_->ioc));
  boost::system::error_code ec;
  socket.assign(addr.ss_family == AF_INET6 ? tcp::v6() : tcp::v4(), fd, ec);
  if (ec) {
    ::close(fd);
    spdlog::warn("cable: cannot adopt a socket: {}", ec.message());
    return;
  }
  auto id = impl_->instance + "-" + std::to_string(++impl_->sequence);
  auto connection = std::make_shared<Connection>(impl_->shared, std::move(id), std::move(socket), std::move(request));
  impl_->registry.add(connection);
  connection->start();
}

void CableServer::stop() {
  for (auto& member : impl_->registry.all()) member->stop();
}

std::size_t CableServer::connection_count() const { return impl_->registry.count(); }

void CableServer::broadcast(const std::string& stream, const std::string& message_json) {
  Channel* relay = nullptr;
  impl_->channels.for_each([&](Channel& channel) {
    if (!relay && channel.relays(stream)) relay = &channel;
  });
  if (!relay) return impl_->hub.fanout(stream, message_json);
  // The relay reads the database: off the listener's thread.
  basio::post(impl_->db, [impl = impl_.get(), relay, stream, message_json] {
    try {
      for (const auto& [to, message] : relay->relay(stream, message_json)) impl->hub.fanout(to, message);
    } catch (const std::exception& e) {
      spdlog::warn("cable: relaying {} failed: {}", stream, e.what());
    }
  });
}

void CableServer::account_changed(std::int64_t account_id) {
  for (auto& member : impl_->registry.of_account(account_id)) member->account_changed();
}

}  // namespace camp::cable
