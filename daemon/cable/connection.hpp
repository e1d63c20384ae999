#pragma once
// The transport of one /cable connection: a Boost.Beast websocket over the socket RESTinio
// handed over, its write queue (bounded by cable.send_queue_bytes), one timer, and the
// database strand that keeps the connection's commands in order. What to say and when is the
// Session's (cable/session.hpp); this is its Port.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/stream.hpp>

#include <deque>
#include <memory>

#include "cable/hub.hpp"
#include "cable/registry.hpp"
#include "cable/session.hpp"
#include "http/exchange.hpp"

namespace camp::cable {

// What every connection of a CableServer shares; the server owns all of it.
struct Shared {
  const CableLimits& limits;
  const ChannelRegistry& channels;
  const Authenticator& authenticate;
  const Clock& clock;
  Hub& hub;
  Registry& registry;
  boost::asio::thread_pool& database;
};

class Connection final : public Client, public Member, public Port, public std::enable_shared_from_this<Connection> {
 public:
  // `socket` runs on a strand of its own; `upgrade` is the request RESTinio parsed.
  Connection(Shared& shared, std::string id, boost::asio::ip::tcp::socket socket, http::Request upgrade);

  // Answers the upgrade (101) and opens the session.
  void start();

  // Client and Member: from any thread.
  void deliver(Frame frame) override;
  const std::string& id() const override { return session_.id(); }
  void account_changed() override;
  void stop() override;

  // Port: on the strand, called by the session.
  void send(Frame frame) override;
  void close() override;
  void receive() override;
  void wake_at(Clock::time_point when) override;
  void database(std::function<std::function<void()>()> work) override;
  bool claim_account_slot(std::int64_t account_id) override;
  void release_account_slot(std::int64_t account_id) override;
  void listen(const std::string& stream, const std::string& identifier) override;
  void unlisten(const std::string& stream, const std::string& identifier) override;
  std::function<void(Frame)> inbox() override;

 private:
  void on_accept(boost::beast::error_code ec);
  void read();
  void write();
  void finish();
  // Runs `f` on the websocket's strand unless the connection has ended.
  template <class F>
  void on_strand(F f);

  Shared& shared_;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  boost::asio::steady_timer timer_;
  boost::asio::strand<boost::asio::thread_pool::executor_type> db_;
  http::Request upgrade_;  // until the handshake is done
  Session session_;
  boost::beast::flat_buffer buffer_;
  std::deque<Frame> queue_;
  std::size_t queued_bytes_ = 0;
  bool reading_ = false;
  bool writing_ = false;
  bool closing_after_write_ = false;
  bool finished_ = false;
};

}  // namespace camp::cable
