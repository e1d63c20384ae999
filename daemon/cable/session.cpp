#include "cable/session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "core/error.hpp"

namespace camp::cable {

long long SystemClock::unix_now() const {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

Session::Session(std::string id, Port& port, const ChannelRegistry& channels, const Authenticator& authenticate,
                 const CableLimits& limits, const Clock& clock)
    : id_(std::move(id)),
      port_(port),
      channels_(channels),
      authenticate_(authenticate),
      limits_(limits),
      clock_(clock),
      budget_(limits.commands_per_10_seconds, clock.now()) {}

void Session::open(std::string token) {
  token_ = std::move(token);
  check_token([this](Verdict verdict, const std::optional<Authenticated>& found) { on_authenticated(verdict, found); });
}

void Session::check_token(std::function<void(Verdict, const std::optional<Authenticated>&)> then) {
  port_.database([this, token = token_, then = std::move(then)]() -> std::function<void()> {
    Verdict verdict = Verdict::ok;
    std::optional<Authenticated> found;
    try {
      found = authenticate_(token);
    } catch (const Error& e) {
      verdict = e.code() == errc::unauthenticated ? Verdict::unauthorized : Verdict::unavailable;
    } catch (const std::exception&) {
      verdict = Verdict::unavailable;
    }
    return [this, then, verdict, found] {
      if (state_ != State::closed) then(verdict, found);
    };
  });
}

void Session::on_authenticated(Verdict verdict, const std::optional<Authenticated>& found) {
  if (state_ != State::authenticating) return;  // stopped meanwhile
  // ActionCable's answers: a bad token stops the client for good; a database that is down
  // only for now (the client retries with backoff).
  if (verdict == Verdict::unauthorized) return goodbye("unauthorized", false);
  if (verdict == Verdict::unavailable) return goodbye("server_restart", true);
  if (!port_.claim_account_slot(found->account.id)) {
    spdlog::warn("cable {}: account {} is at its connection limit, refusing", id_, found->account.id);
    return goodbye("too_many_connections", false);
  }
  account_ = std::make_shared<const accounts::Account>(found->account);
  state_ = State::open;
  send(welcome());
  const auto now = clock_.now();
  next_ping_ = grid_floor(now + kPingInterval - Clock::time_point::duration(1)) + kPingGrid;  // the grid point at or after
  if (found->expires_at > 0)
    expires_ = now + std::chrono::seconds(std::max<long long>(0, found->expires_at - clock_.unix_now()));
  wake();
  port_.receive();
}

void Session::on_timer() {
  if (state_ != State::open) return;
  const auto now = clock_.now();
  if (expires_ && now >= *expires_) return goodbye("unauthorized", false);
  if (now >= next_ping_) {
    send(ping(clock_.unix_now()));
    next_ping_ = grid_floor(now) + kPingInterval;  // from the grid point, however late the timer fired
  }
  wake();
}

Clock::time_point Session::grid_floor(Clock::time_point t) {
  const auto grid = std::chrono::duration_cast<Clock::time_point::duration>(kPingGrid);
  return Clock::time_point(t.time_since_epoch() / grid * grid);
}

void Session::wake() { port_.wake_at(expires_ ? std::min(next_ping_, *expires_) : next_ping_); }

void Session::goodbye(const std::string& reason, bool reconnect) {
  if (state_ == State::closing || state_ == State::closed) return;
  state_ = State::closing;
  send(disconnect(reason, reconnect));
  port_.close();
}

void Session::send(std::string text) { port_.send(std::make_shared<const std::string>(std::move(text))); }

void Session::on_broadcast(Frame frame) {
  if (state_ == State::open) port_.send(std::move(frame));
}

void Session::account_changed() {
  if (state_ != State::open) return;
  check_token([this](Verdict verdict, const std::optional<Authenticated>& found) {
    if (verdict == Verdict::unauthorized || (verdict == Verdict::ok && found->account.role != account_->role))
      goodbye("unauthorized", false);
  });
}

void Session::stop() { goodbye("server_restart", true); }

void Session::on_frame(const std::string& text) {
  if (state_ != State::open) return;
  if (!budget_.take(clock_.now())) {
    if (!over_budget_logged_) spdlog::warn("cable {}: account {} sends commands too fast, ignoring them", id_, account_->id);
    over_budget_logged_ = true;
    return;
  }
  over_budget_logged_ = false;
  auto command = parse_command(text);
  if (!command) {
    spdlog::debug("cable {}: ignoring a malformed command", id_);
    return;
  }
  if (command->command == "subscribe") return subscribe(*command);
  auto it = subscriptions_.find(command->identifier);
  if (it == subscriptions_.end()) {
    if (auto waiting = pending_.find(command->identifier); waiting != pending_.end() && command->command == "unsubscribe")
      waiting->second = true;
    return;  // not subscribed: nothing to do
  }
  if (command->command == "unsubscribe") {
    end_subscription(it->first, it->second);
    subscriptions_.erase(it);
  } else if (command->data.contains("action") && command->data["action"].is_string()) {
    on_database([entry = it->second, action = command->data["action"].get<std::string>(), data = command->data] {
      entry.subscription->perform(*entry.subscriber, action, data);
    });
  }
}

void Session::subscribe(const Command& command) {
  const auto& identifier = command.identifier;
  if (subscriptions_.count(identifier) || pending_.count(identifier)) return;  // already (being) subscribed
  Channel* channel = command.params.is_object() ? channels_.find(command.params["channel"].get<std::string>()) : nullptr;
  if (!channel || subscriptions_.size() + pending_.size() >= limits_.max_subscriptions_per_connection) {
    if (channel) spdlog::warn("cable {}: subscription limit reached, rejecting {}", id_, identifier);
    return send(reject(identifier));
  }
  pending_[identifier] = false;
  auto subscriber = std::make_shared<Subscriber>(Subscriber{account_, id_, {}});
  subscriber->transmit = [inbox = port_.inbox(), identifier](const std::string& message_json) {
    inbox(std::make_shared<const std::string>(broadcast(identifier, message_json)));
  };
  port_.database([this, channel, subscriber, identifier, params = command.params]() -> std::function<void()> {
    std::shared_ptr<Subscription> subscription;
    try {
      subscription = channel->subscribe(*subscriber, params);
    } catch (const std::exception& e) {
      spdlog::debug("cable {}: subscription {} refused: {}", id_, identifier, e.what());
    }
    return [this, identifier, entry = Entry{subscriber, subscription}] { on_subscribed(identifier, entry); };
  });
}

void Session::on_subscribed(const std::string& identifier, Entry entry) {
  const auto waiting = pending_.find(identifier);
  const bool cancelled = waiting != pending_.end() && waiting->second;
  if (waiting != pending_.end()) pending_.erase(waiting);
  // Ending: nothing was started for this subscription yet (that waits for confirmed()).
  if (state_ != State::open) return;
  if (!entry.subscription) return send(reject(identifier));
  for (const auto& stream : entry.subscription->streams()) port_.listen(stream, identifier);
  subscriptions_.emplace(identifier, entry);
  send(confirm(identifier));
  on_database([entry] { entry.subscription->confirmed(*entry.subscriber); });
  if (cancelled) {  // unsubscribed while the database decided
    end_subscription(identifier, entry);
    subscriptions_.erase(identifier);
  }
}

void Session::end_subscription(const std::string& identifier, const Entry& entry) {
  for (const auto& stream : entry.subscription->streams()) port_.unlisten(stream, identifier);
  on_database([entry] { entry.subscription->ended(*entry.subscriber); });
}

void Session::on_database(std::function<void()> work) {
  port_.database([work = std::move(work)]() -> std::function<void()> {
    work();
    return {};
  });
}

void Session::closed() {
  if (state_ == State::closed) return;
  state_ = State::closed;
  for (const auto& [identifier, entry] : subscriptions_) end_subscription(identifier, entry);
  subscriptions_.clear();
  if (account_) port_.release_account_slot(account_->id);
}

}  // namespace camp::cable
