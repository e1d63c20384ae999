#include "cable/connection.hpp"

#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/websocket.hpp>
#include <spdlog/spdlog.h>

#include "cable/protocol.hpp"

namespace camp::cable {

namespace beast = boost::beast;
namespace bws = beast::websocket;
namespace basio = boost::asio;

// Reads a message in pieces of at most kReadPiece bytes: Beast's whole-message read reserves
// 1.5 KiB in our buffer while it waits, which every idle connection would hold. Commands are
// a few hundred bytes; read_message_max still bounds the whole message.
static constexpr std::size_t kReadPiece = 192;

Connection::Connection(Shared& shared, std::string id, basio::ip::tcp::socket socket, http::Request upgrade)
    : shared_(shared),
      ws_(std::move(socket)),
      timer_(ws_.get_executor()),
      db_(basio::make_strand(shared.database)),
      upgrade_(std::move(upgrade)),
      session_(std::move(id), *this, shared.channels, shared.authenticate, shared.limits, shared.clock) {}

template <class F>
void Connection::on_strand(F f) {
  basio::post(ws_.get_executor(), [self = shared_from_this(), f = std::move(f)]() mutable {
    if (!self->finished_) f();
  });
}

void Connection::start() {
  auto timeouts = bws::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.idle_timeout = std::chrono::seconds(20);  // a silent peer is pinged, then dropped
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.read_message_max(shared_.limits.max_message_bytes);  // checked on each frame header
  const bool wants_cable = upgrade_.header("sec-websocket-protocol").value_or("").find(kSubprotocol) != std::string::npos;
  ws_.set_option(bws::stream_base::decorator([wants_cable](bws::response_type& res) {
    if (wants_cable) res.set(beast::http::field::sec_websocket_protocol, kSubprotocol);
  }));
  beast::http::request<beast::http::empty_body> upgrade;
  upgrade.method(beast::http::verb::get);
  upgrade.target(upgrade_.path + (upgrade_.query.empty() ? "" : "?" + upgrade_.query));
  upgrade.version(11);
  for (const auto& [name, value] : upgrade_.headers) upgrade.insert(name, value);
  ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
}

void Connection::on_accept(beast::error_code ec) {
  if (ec) return finish();
  // From here on only the token matters: drop the upgrade request's headers (memory per idle
  // connection).
  auto token = upgrade_.query_param("token").value_or("");
  upgrade_ = {};
  session_.open(std::move(token));
}

void Connection::deliver(Frame frame) {
  on_strand([this, frame = std::move(frame)]() mutable { session_.on_broadcast(std::move(frame)); });
}

void Connection::account_changed() {
  on_strand([this] { session_.account_changed(); });
}

void Connection::stop() {
  on_strand([this] { session_.stop(); });
}

void Connection::receive() {
  if (reading_) return;
  reading_ = true;
  read();
}

void Connection::read() {
  ws_.async_read_some(buffer_, kReadPiece, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {
      if (ec == bws::error::message_too_big) spdlog::warn("cable {}: message over the limit, closing", self->id());
      return self->finish();
    }
    if (!self->ws_.is_message_done()) return self->read();
    if (self->ws_.got_text()) self->session_.on_frame(beast::buffers_to_string(self->buffer_.data()));
    self->buffer_.consume(self->buffer_.size());
    self->buffer_.shrink_to_fit();  // the next piece allocates only what it reads into
    self->read();
  });
}

void Connection::send(Frame frame) {
  if (finished_ || closing_after_write_) return;  // nothing goes after the goodbye
  if (queued_bytes_ + frame->size() > shared_.limits.send_queue_bytes) {
    spdlog::warn("cable {}: client does not read (send queue full), dropping it", id());
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).close(ignored);  // pending operations fail and finish()
    return;
  }
  queued_bytes_ += frame->size();
  queue_.push_back(std::move(frame));
  if (!writing_) write();
}

void Connection::close() {
  if (finished_ || closing_after_write_) return;
  closing_after_write_ = true;
  if (!writing_) write();
}

// Writes the queue's first frame; with the queue empty, closes if asked to.
void Connection::write() {
  if (queue_.empty()) {
    if (closing_after_write_)
      ws_.async_close(bws::close_code::normal, [self = shared_from_this()](beast::error_code) { self->finish(); });
    return;
  }
  writing_ = true;
  ws_.text(true);
  ws_.async_write(basio::buffer(*queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
    self->writing_ = false;
    if (ec) return self->finish();
    self->queued_bytes_ -= self->queue_.front()->size();
    self->queue_.pop_front();
    self->write();
  });
}

void Connection::wake_at(Clock::time_point when) {
  timer_.expires_at(when);
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec && !self->finished_) self->session_.on_timer();
  });
}

void Connection::database(std::function<std::function<void()>()> work) {
  basio::post(db_, [self = shared_from_this(), work = std::move(work)] {
    std::function<void()> then;
    try {
      then = work();
    } catch (const std::exception& e) {
      spdlog::warn("cable {}: {}", self->id(), e.what());
    }
    if (then) basio::post(self->ws_.get_executor(), [self, then = std::move(then)] { then(); });
  });
}

bool Connection::claim_account_slot(std::int64_t account_id) {
  return shared_.registry.claim_account_slot(account_id, shared_from_this());
}

void Connection::release_account_slot(std::int64_t account_id) { shared_.registry.release_account_slot(account_id, this); }

void Connection::listen(const std::string& stream, const std::string& identifier) {
  shared_.hub.subscribe(stream, shared_from_this(), identifier);
}

void Connection::unlisten(const std::string& stream, const std::string& identifier) {
  shared_.hub.unsubscribe(stream, this, identifier);
}

std::function<void(Frame)> Connection::inbox() {
  return [weak = weak_from_this()](Frame frame) {
    if (auto self = weak.lock()) self->deliver(std::move(frame));
  };
}

// Runs once, whatever ended the connection.
void Connection::finish() {
  if (finished_) return;
  finished_ = true;
  timer_.cancel();
  session_.closed();
  shared_.registry.remove(this);
}

}  // namespace camp::cable
