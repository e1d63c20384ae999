// The Boost.Beast side of /cable. One io_context thread runs every websocket; database work
// (authentication, subscriptions, presence) runs on a small worker pool and comes back to the
// connection's strand.
#include "cable/cable_server.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <spdlog/spdlog.h>

#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "app.hpp"
#include "cable/hub.hpp"
#include "cable/protocol.hpp"
#include "cable/question_channel.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "http/errors.hpp"
#include "realtime/presence.hpp"

namespace camp::cable {
namespace {

namespace beast = boost::beast;
namespace bws = beast::websocket;
namespace basio = boost::asio;
using tcp = basio::ip::tcp;

long long unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

class Connection;

}  // namespace

struct CableServer::Impl {
  explicit Impl(App& a)
      : app(a),
        presence(a.pool, a.config.cable.presence_ttl_seconds),
        channel(a.questions, presence),
        instance(random_hex(6)),
        work(basio::make_work_guard(ioc)),
        heartbeat(ioc) {
    thread = std::thread([this] { ioc.run(); });
    schedule_heartbeat();
  }

  void schedule_heartbeat();
  void register_connection(const std::shared_ptr<Connection>& c);
  void unregister_connection(const Connection* c);

  App& app;
  realtime::PresenceService presence;
  QuestionChannel channel;
  Hub hub;
  std::string instance;
  std::atomic<std::uint64_t> sequence{0};
  std::atomic<std::size_t> count{0};
  basio::io_context ioc{1};
  basio::executor_work_guard<basio::io_context::executor_type> work;
  basio::thread_pool db{2};
  basio::steady_timer heartbeat;
  std::mutex registry_mutex;
  std::map<const Connection*, std::weak_ptr<Connection>> registry;
  std::thread thread;
};

namespace {

class Connection final : public Client, public std::enable_shared_from_this<Connection> {
 public:
  Connection(CableServer::Impl& server, tcp::socket socket, http::Request request)
      : server_(server),
        ws_(std::move(socket)),
        ping_(ws_.get_executor()),
        request_(std::move(request)),
        id_(server.instance + "-" + std::to_string(++server.sequence)) {}

  const std::string& id() const { return id_; }

  void start() {
    const auto& cfg = server_.app.config.cable;
    auto timeouts = bws::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = std::chrono::seconds(20);  // a silent peer is pinged, then dropped
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.read_message_max(cfg.max_message_bytes);  // checked on each frame header
    const bool wants_cable = request_.header("sec-websocket-protocol").value_or("").find(kSubprotocol) != std::string::npos;
    ws_.set_option(bws::stream_base::decorator([wants_cable](bws::response_type& res) {
      if (wants_cable) res.set(beast::http::field::sec_websocket_protocol, kSubprotocol);
    }));
    beast::http::request<beast::http::empty_body> upgrade;
    upgrade.method(beast::http::verb::get);
    upgrade.target(request_.path + (request_.query.empty() ? "" : "?" + request_.query));
    upgrade.version(11);
    for (const auto& [name, value] : request_.headers) upgrade.insert(name, value);
    ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
  }

  void deliver(std::shared_ptr<const std::string> frame) override {
    basio::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)] { self->enqueue(frame); });
  }

  void shutdown(const std::string& reason) {
    basio::post(ws_.get_executor(), [self = shared_from_this(), reason] {
      self->enqueue(std::make_shared<const std::string>(disconnect(reason, true)));
      self->closing_after_write_ = true;
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return finish();
    auto token = request_.query_param("token").value_or("");
    basio::post(server_.db, [self = shared_from_this(), token] {
      std::optional<accounts::Account> account;
      try {
        account = self->server_.app.sessions.authenticate(token).account;
      } catch (const std::exception&) {
      }
      basio::post(self->ws_.get_executor(), [self, account] { self->on_authenticated(account); });
    });
  }

  void on_authenticated(const std::optional<accounts::Account>& account) {
    if (!account) {
      enqueue(std::make_shared<const std::string>(disconnect("unauthorized", false)));
      closing_after_write_ = true;
      return;
    }
    account_ = account;
    enqueue(std::make_shared<const std::string>(welcome()));
    schedule_ping();
    read();
  }

  void schedule_ping() {
    ping_.expires_after(std::chrono::seconds(3));
    ping_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->finished_) return;
      self->enqueue(std::make_shared<const std::string>(ping(unix_now())));
      self->schedule_ping();
    });
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        if (ec == bws::error::message_too_big) spdlog::warn("cable {}: message over the limit, closing", self->id_);
        return self->finish();
      }
      if (self->ws_.got_text()) self->handle(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  void handle(const std::string& text) {
    auto cmd = parse_command(text);
    if (!cmd) {
      spdlog::debug("cable {}: ignoring a malformed command", id_);
      return;
    }
    if (cmd->command == "subscribe") return subscribe(*cmd);
    auto sub = subscriptions_.find(cmd->identifier);
    if (sub == subscriptions_.end()) return;  // not subscribed: nothing to do
    const auto question_id = sub->second;
    if (cmd->command == "unsubscribe") {
      subscriptions_.erase(sub);
      server_.hub.unsubscribe(realtime::question_stream(question_id), this, cmd->identifier);
      on_db([=, this, account_id = account_->id] { server_.channel.leave(question_id, account_id, id_); });
    } else if (cmd->data.contains("action") && cmd->data["action"].is_string()) {
      const auto action = cmd->data["action"].get<std::string>();
      on_db([=, this, account = *account_] { server_.channel.perform(account, question_id, id_, action); });
    }
  }

  void subscribe(const Command& cmd) {
    if (cmd.params["channel"] != QuestionChannel::kName) {
      enqueue(std::make_shared<const std::string>(reject(cmd.identifier)));
      return;
    }
    basio::post(server_.db, [self = shared_from_this(), cmd] {
      std::optional<std::int64_t> question_id;
      std::vector<std::string> state;
      try {
        question_id = self->server_.channel.subscribe(*self->account_, cmd.params);
      } catch (const std::exception&) {
      }
      basio::post(self->ws_.get_executor(), [self, cmd, question_id] {
        if (!question_id || self->finished_) {
          if (!self->finished_) self->enqueue(std::make_shared<const std::string>(reject(cmd.identifier)));
          return;
        }
        self->subscriptions_[cmd.identifier] = *question_id;
        self->server_.hub.subscribe(realtime::question_stream(*question_id), self, cmd.identifier);
        self->enqueue(std::make_shared<const std::string>(confirm(cmd.identifier)));
        self->on_db([self, cmd, id = *question_id] {
          for (const auto& message : self->server_.channel.current_state(id)) self->deliver(std::make_shared<const std::string>(broadcast(cmd.identifier, message)));
        });
      });
    });
  }

  // Runs blocking work on a database worker; failures are logged, never fatal.
  template <class F>
  void on_db(F work) {
    basio::post(server_.db, [self = shared_from_this(), work = std::move(work)]() mutable {
      try {
        work();
      } catch (const std::exception& e) {
        spdlog::warn("cable {}: {}", self->id_, e.what());
      }
    });
  }

  void enqueue(std::shared_ptr<const std::string> frame) {
    if (finished_) return;
    if (queued_bytes_ + frame->size() > server_.app.config.cable.send_queue_bytes) {
      spdlog::warn("cable {}: client does not read (send queue full), dropping it", id_);
      beast::error_code ignored;
      beast::get_lowest_layer(ws_).close(ignored);  // pending operations fail and finish()
      return;
    }
    queued_bytes_ += frame->size();
    queue_.push_back(std::move(frame));
    if (!writing_) write();
  }

  void write() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(basio::buffer(*queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      if (ec) return self->finish();
      self->queued_bytes_ -= self->queue_.front()->size();
      self->queue_.pop_front();
      if (!self->queue_.empty()) return self->write();
      if (self->closing_after_write_)
        self->ws_.async_close(bws::close_code::normal, [self](beast::error_code) { self->finish(); });
    });
  }

  // Runs once, whatever ended the connection.
  void finish() {
    if (finished_) return;
    finished_ = true;
    ping_.cancel();
    for (const auto& [identifier, question_id] : subscriptions_)
      server_.hub.unsubscribe(realtime::question_stream(question_id), this, identifier);
    subscriptions_.clear();
    server_.unregister_connection(this);
    if (account_) on_db([this] { server_.presence.forget_connection(id_); });
  }

  CableServer::Impl& server_;
  bws::stream<tcp::socket> ws_;
  basio::steady_timer ping_;
  http::Request request_;
  std::string id_;
  beast::flat_buffer buffer_;
  std::optional<accounts::Account> account_;
  std::map<std::string, std::int64_t> subscriptions_;  // identifier -> question id
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_after_write_ = false;
  bool finished_ = false;
};

}  // namespace

void CableServer::Impl::schedule_heartbeat() {
  heartbeat.expires_after(std::chrono::seconds(std::max(1, app.config.cable.presence_ttl_seconds / 3)));
  heartbeat.async_wait([this](beast::error_code ec) {
    if (ec) return;
    std::vector<std::string> ids;
    {
      std::lock_guard lock(registry_mutex);
      for (const auto& [raw, weak] : registry)
        if (auto c = weak.lock()) ids.push_back(c->id());
    }
    basio::post(db, [this, ids = std::move(ids)] {
      try {
        presence.heartbeat(ids);
        presence.expire();  // any daemon may sweep: rows of a dead one vanish here
      } catch (const std::exception& e) {
        spdlog::warn("cable: presence heartbeat failed: {}", e.what());
      }
    });
    schedule_heartbeat();
  });
}

void CableServer::Impl::register_connection(const std::shared_ptr<Connection>& c) {
  std::lock_guard lock(registry_mutex);
  registry[c.get()] = c;
}

void CableServer::Impl::unregister_connection(const Connection* c) {
  std::lock_guard lock(registry_mutex);
  if (registry.erase(c)) --count;
}

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
  const auto& cfg = impl_->app.config.cable;
  auto refuse = [&](errc code, const std::string& message) {
    return http::error_response(Error(code, message), request.request_id);
  };
  if (!iequals(request.header("upgrade").value_or(""), "websocket"))
    return refuse(errc::malformed, "/cable expects a websocket upgrade");
  if (auto origin = request.header("origin")) {
    const auto host = std::string(request.header("host").value_or(""));
    const bool same_origin = *origin == "http://" + host || *origin == "https://" + host;
    const bool listed = std::find(cfg.allowed_origins.begin(), cfg.allowed_origins.end(), *origin) != cfg.allowed_origins.end();
    if (!same_origin && !listed) return refuse(errc::forbidden, "origin not allowed");
  }
  if (impl_->count.load() >= cfg.max_connections) return refuse(errc::unavailable, "too many connections");
  try {
    impl_->app.sessions.verify_token(request.query_param("token").value_or(""));
  } catch (const Error& e) {
    return http::error_response(e, request.request_id);
  }
  return std::nullopt;
}

void CableServer::adopt(int fd, http::Request request) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  tcp::socket socket(basio::make_strand(impl_->ioc));
  beast::error_code ec;
  socket.assign(addr.ss_family == AF_INET6 ? tcp::v6() : tcp::v4(), fd, ec);
  if (ec) {
    ::close(fd);
    spdlog::warn("cable: cannot adopt a socket: {}", ec.message());
    return;
  }
  ++impl_->count;
  auto connection = std::make_shared<Connection>(*impl_, std::move(socket), std::move(request));
  impl_->register_connection(connection);
  connection->start();
}

void CableServer::stop() {
  std::vector<std::shared_ptr<Connection>> all;
  {
    std::lock_guard lock(impl_->registry_mutex);
    for (const auto& [raw, weak] : impl_->registry)
      if (auto c = weak.lock()) all.push_back(c);
  }
  for (auto& c : all) c->shutdown("server_restart");
}

std::size_t CableServer::connection_count() const { return impl_->count.load(); }

void CableServer::broadcast(const std::string& stream, const std::string& message_json) {
  impl_->hub.fanout(stream, message_json);
}

}  // namespace camp::cable
