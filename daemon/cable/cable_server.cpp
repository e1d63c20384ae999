// The Boost.Beast side of /cable. One io_context thread runs every websocket; database work
// (authentication, subscriptions, channel actions) runs on a small worker pool, in order per
// connection (a strand), and comes back to the connection's strand. Channels come from the
// registry (cable/channels.cpp): nothing here knows a channel by name.
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
#include <unordered_map>

#include "app.hpp"
#include "cable/channel.hpp"
#include "cable/channels.hpp"
#include "cable/command_budget.hpp"
#include "cable/hub.hpp"
#include "cable/protocol.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "http/errors.hpp"

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

// How authentication at the start (or a later re-check) came out.
enum class Verdict { ok, unauthorized, unavailable };

}  // namespace

struct CableServer::Impl {
  explicit Impl(App& a) : app(a), instance(random_hex(6)), work(basio::make_work_guard(ioc)), heartbeat(ioc) {
    add_channels(channels, app);
    thread = std::thread([this] { ioc.run(); });
    schedule_heartbeat();
  }

  void schedule_heartbeat();
  void register_connection(const std::shared_ptr<Connection>& c);
  void unregister_connection(const Connection* c);
  // Counts the connection against its account's limit; false when the account is at it.
  bool claim_account_slot(std::int64_t account_id, const std::shared_ptr<Connection>& c);
  void release_account_slot(std::int64_t account_id, const Connection* c);
  std::vector<std::shared_ptr<Connection>> connections_of(std::int64_t account_id);

  App& app;
  ChannelRegistry channels;
  Hub hub;
  std::string instance;
  std::atomic<std::uint64_t> sequence{0};
  std::atomic<std::size_t> count{0};
  basio::io_context ioc{1};
  basio::executor_work_guard<basio::io_context::executor_type> work;
  basio::thread_pool db{2};
  basio::steady_timer heartbeat;
  std::mutex registry_mutex;  // guards the two maps below
  std::map<const Connection*, std::weak_ptr<Connection>> registry;
  std::unordered_map<std::int64_t, std::map<const Connection*, std::weak_ptr<Connection>>> by_account;
  std::thread thread;
};

namespace {

class Connection final : public Client, public std::enable_shared_from_this<Connection> {
 public:
  Connection(CableServer::Impl& server, tcp::socket socket, http::Request request)
      : server_(server),
        ws_(std::move(socket)),
        ping_(ws_.get_executor()),
        expiry_(ws_.get_executor()),
        db_(basio::make_strand(server.db)),
        request_(std::move(request)),
        id_(server.instance + "-" + std::to_string(++server.sequence)),
        budget_(server.app.config.cable.commands_per_10_seconds) {}

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

  // Tells the client why, then closes (from any thread).
  void close_with(std::string reason, bool reconnect) {
    basio::post(ws_.get_executor(), [self = shared_from_this(), reason = std::move(reason), reconnect] {
      self->say_goodbye(reason, reconnect);
    });
  }

  // The account's sessions changed somewhere: is this connection's token still good?
  void recheck() {
    basio::post(ws_.get_executor(), [self = shared_from_this()] {
      if (self->finished_ || !self->account_) return;
      self->authenticate([self](Verdict v, const std::optional<accounts::Account>& account, std::int64_t) {
        if (v == Verdict::unauthorized || (v == Verdict::ok && account->role != self->account_->role))
          self->say_goodbye("unauthorized", false);
      });
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return finish();
    // From here on only the token matters: drop the upgrade request's headers (memory per
    // idle connection).
    token_ = request_.query_param("token").value_or("");
    request_ = {};
    authenticate([self = shared_from_this()](Verdict v, const std::optional<accounts::Account>& account,
                                             std::int64_t expires_at) { self->on_authenticated(v, account, expires_at); });
  }

  // Checks the token on a database worker; `then` runs back on the websocket strand.
  template <class Then>
  void authenticate(Then then) {
    basio::post(db_, [self = shared_from_this(), then = std::move(then)]() mutable {
      Verdict verdict = Verdict::ok;
      std::optional<accounts::Account> account;
      std::int64_t expires_at = 0;
      try {
        expires_at = self->server_.app.sessions.verify_token(self->token_).expires_at;
        account = self->server_.app.sessions.authenticate(self->token_).account;
      } catch (const Error& e) {
        verdict = e.code() == errc::unauthenticated ? Verdict::unauthorized : Verdict::unavailable;
      } catch (const std::exception&) {
        verdict = Verdict::unavailable;
      }
      basio::post(self->ws_.get_executor(), [self, then = std::move(then), verdict, account, expires_at]() mutable {
        if (!self->finished_) then(verdict, account, expires_at);
      });
    });
  }

  void on_authenticated(Verdict verdict, const std::optional<accounts::Account>& account, std::int64_t expires_at) {
    // ActionCable's answers: a bad token stops the client for good; a database that is down
    // only for now (the client retries with backoff).
    if (verdict == Verdict::unauthorized) return say_goodbye("unauthorized", false);
    if (verdict == Verdict::unavailable) return say_goodbye("server_restart", true);
    if (!server_.claim_account_slot(account->id, shared_from_this())) {
      spdlog::warn("cable {}: account {} is at its connection limit, refusing", id_, account->id);
      return say_goodbye("too_many_connections", false);
    }
    account_ = std::make_shared<const accounts::Account>(*account);
    enqueue(std::make_shared<const std::string>(welcome()));
    schedule_ping();
    expire_at(expires_at);
    read();
  }

  void expire_at(std::int64_t expires_at) {
    if (expires_at <= 0) return;
    expiry_.expires_after(std::chrono::seconds(std::max<long long>(0, expires_at - unix_now())));
    expiry_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->say_goodbye("unauthorized", false);
    });
  }

  void say_goodbye(const std::string& reason, bool reconnect) {
    if (finished_ || closing_after_write_) return;
    enqueue(std::make_shared<const std::string>(disconnect(reason, reconnect)));
    closing_after_write_ = true;
    if (!writing_) write();
  }

  void schedule_ping() {
    ping_.expires_after(std::chrono::seconds(3));
    ping_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->finished_) return;
      self->enqueue(std::make_shared<const std::string>(ping(unix_now())));
      self->schedule_ping();
    });
  }

  // Reads a message in pieces of at most kReadPiece bytes: Beast's whole-message read reserves
  // 1.5 KiB in our buffer while it waits, which every idle connection would hold. Commands
  // are a few hundred bytes; read_message_max still bounds the whole message.
  static constexpr std::size_t kReadPiece = 192;

  void read() {
    ws_.async_read_some(buffer_, kReadPiece, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        if (ec == bws::error::message_too_big) spdlog::warn("cable {}: message over the limit, closing", self->id_);
        return self->finish();
      }
      if (!self->ws_.is_message_done()) return self->read();
      if (self->ws_.got_text() && !self->closing_after_write_) self->handle(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
      self->buffer_.shrink_to_fit();  // the next piece allocates only what it reads into
      self->read();
    });
  }

  void handle(const std::string& text) {
    if (!budget_.take()) {
      if (!over_budget_logged_) spdlog::warn("cable {}: account {} sends commands too fast, ignoring them", id_, account_->id);
      over_budget_logged_ = true;
      return;
    }
    over_budget_logged_ = false;
    auto cmd = parse_command(text);
    if (!cmd) {
      spdlog::debug("cable {}: ignoring a malformed command", id_);
      return;
    }
    if (cmd->command == "subscribe") return subscribe(*cmd);
    auto it = subscriptions_.find(cmd->identifier);
    if (it == subscriptions_.end()) {
      if (cmd->command == "unsubscribe" && pending_.count(cmd->identifier)) pending_[cmd->identifier] = true;
      return;  // not subscribed: nothing to do
    }
    if (cmd->command == "unsubscribe") {
      end_subscription(it->first, it->second);
      subscriptions_.erase(it);
    } else if (cmd->data.contains("action") && cmd->data["action"].is_string()) {
      on_db([entry = it->second, action = cmd->data["action"].get<std::string>(), data = cmd->data] {
        entry.subscription->perform(*entry.subscriber, action, data);
      });
    }
  }

  void subscribe(const Command& cmd) {
    if (subscriptions_.count(cmd.identifier) || pending_.count(cmd.identifier)) return;  // already (being) subscribed
    Channel* channel = cmd.params.is_object() ? server_.channels.find(cmd.params["channel"].get<std::string>()) : nullptr;
    if (!channel || subscriptions_.size() + pending_.size() >= server_.app.config.cable.max_subscriptions_per_connection) {
      if (channel) spdlog::warn("cable {}: subscription limit reached, rejecting {}", id_, cmd.identifier);
      enqueue(std::make_shared<const std::string>(reject(cmd.identifier)));
      return;
    }
    pending_[cmd.identifier] = false;
    auto subscriber = std::make_shared<Subscriber>(Subscriber{account_, id_, {}});
    std::weak_ptr<Connection> weak = shared_from_this();
    subscriber->transmit = [weak, identifier = cmd.identifier](const std::string& message_json) {
      if (auto self = weak.lock()) self->deliver(std::make_shared<const std::string>(broadcast(identifier, message_json)));
    };
    basio::post(db_, [self = shared_from_this(), channel, subscriber, cmd] {
      std::shared_ptr<Subscription> subscription;
      try {
        subscription = channel->subscribe(*subscriber, cmd.params);
      } catch (const std::exception& e) {
        spdlog::debug("cable {}: subscription {} refused: {}", self->id_, cmd.identifier, e.what());
      }
      basio::post(self->ws_.get_executor(), [self, subscriber, subscription, identifier = cmd.identifier] {
        self->on_subscribed(identifier, Entry{subscriber, subscription});
      });
    });
  }

  struct Entry {
    std::shared_ptr<Subscriber> subscriber;
    std::shared_ptr<Subscription> subscription;
  };

  void on_subscribed(const std::string& identifier, Entry entry) {
    const bool cancelled = pending_[identifier];
    pending_.erase(identifier);
    if (finished_) return;
    if (!entry.subscription) return enqueue(std::make_shared<const std::string>(reject(identifier)));
    for (const auto& stream : entry.subscription->streams()) server_.hub.subscribe(stream, shared_from_this(), identifier);
    subscriptions_.emplace(identifier, entry);
    enqueue(std::make_shared<const std::string>(confirm(identifier)));
    on_db([entry] { entry.subscription->confirmed(*entry.subscriber); });
    if (cancelled) {  // unsubscribed while the database decided
      end_subscription(identifier, entry);
      subscriptions_.erase(identifier);
    }
  }

  void end_subscription(const std::string& identifier, const Entry& entry) {
    for (const auto& stream : entry.subscription->streams()) server_.hub.unsubscribe(stream, this, identifier);
    on_db([entry] { entry.subscription->ended(*entry.subscriber); });
  }

  // Runs blocking work on this connection's database strand; failures are logged, never fatal.
  template <class F>
  void on_db(F work) {
    basio::post(db_, [id = id_, work = std::move(work)]() mutable {
      try {
        work();
      } catch (const std::exception& e) {
        spdlog::warn("cable {}: {}", id, e.what());
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
    if (queue_.empty()) return;
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
    expiry_.cancel();
    for (const auto& [identifier, entry] : subscriptions_) end_subscription(identifier, entry);
    subscriptions_.clear();
    if (account_) server_.release_account_slot(account_->id, this);
    server_.unregister_connection(this);
  }

  CableServer::Impl& server_;
  bws::stream<tcp::socket> ws_;
  basio::steady_timer ping_;
  basio::steady_timer expiry_;  // the token's exp: the connection ends with the session
  basio::strand<basio::thread_pool::executor_type> db_;
  http::Request request_;  // the upgrade request, until the handshake is done
  std::string token_;
  std::string id_;
  CommandBudget budget_;
  bool over_budget_logged_ = false;
  beast::flat_buffer buffer_;
  std::shared_ptr<const accounts::Account> account_;
  std::map<std::string, Entry> subscriptions_;  // identifier -> subscription
  std::map<std::string, bool> pending_;         // identifier -> unsubscribed while pending
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

void CableServer::Impl::register_connection(const std::shared_ptr<Connection>& c) {
  std::lock_guard lock(registry_mutex);
  registry[c.get()] = c;
}

void CableServer::Impl::unregister_connection(const Connection* c) {
  std::lock_guard lock(registry_mutex);
  if (registry.erase(c)) --count;
}

bool CableServer::Impl::claim_account_slot(std::int64_t account_id, const std::shared_ptr<Connection>& c) {
  std::lock_guard lock(registry_mutex);
  auto& mine = by_account[account_id];
  if (mine.size() >= app.config.cable.max_connections_per_account) return false;
  mine[c.get()] = c;
  return true;
}

void CableServer::Impl::release_account_slot(std::int64_t account_id, const Connection* c) {
  std::lock_guard lock(registry_mutex);
  auto it = by_account.find(account_id);
  if (it == by_account.end()) return;
  it->second.erase(c);
  if (it->second.empty()) by_account.erase(it);
}

std::vector<std::shared_ptr<Connection>> CableServer::Impl::connections_of(std::int64_t account_id) {
  std::vector<std::shared_ptr<Connection>> out;
  std::lock_guard lock(registry_mutex);
  if (auto it = by_account.find(account_id); it != by_account.end())
    for (const auto& [raw, weak] : it->second)
      if (auto c = weak.lock()) out.push_back(std::move(c));
  return out;
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
  for (auto& c : all) c->close_with("server_restart", true);
}

std::size_t CableServer::connection_count() const { return impl_->count.load(); }

void CableServer::broadcast(const std::string& stream, const std::string& message_json) {
  impl_->hub.fanout(stream, message_json);
}

void CableServer::account_changed(std::int64_t account_id) {
  for (auto& c : impl_->connections_of(account_id)) c->recheck();
}

}  // namespace camp::cable
