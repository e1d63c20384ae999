#pragma once
// /cable channels are plug-ins: the connection knows none by name. A channel decides whether
// an account may subscribe with the identifier's params and hands back a Subscription that
// holds that subscriber's state and answers its actions.
//
// Threading: every call below runs on a database worker, one at a time per connection, in the
// order the client sent its commands, so a subscription needs no locking of its own.
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "accounts/model.hpp"

namespace camp::cable {

struct Subscriber {
  std::shared_ptr<const accounts::Account> account;  // shared by the connection's subscriptions
  std::string connection_id;
  // Sends {identifier, message: message_json} to this subscriber only (never blocks).
  std::function<void(const std::string& message_json)> transmit;
};

class Subscription {
 public:
  virtual ~Subscription() = default;
  // The broadcast streams this subscriber hears; fixed for the subscription's life.
  virtual std::vector<std::string> streams() const = 0;
  // Right after confirm_subscription: what the subscriber should hear first.
  virtual void confirmed(const Subscriber&) {}
  // A "message" command; data is the parsed {"action": ..., ...}. Unknown actions are ignored.
  virtual void perform(const Subscriber&, const std::string& action, const nlohmann::json& data) = 0;
  // Unsubscribed, or the connection ended.
  virtual void ended(const Subscriber&) {}
};

class Channel {
 public:
  virtual ~Channel() = default;
  // Throws (camp::Error) when the account may not subscribe with these params: the client
  // then gets reject_subscription.
  virtual std::shared_ptr<Subscription> subscribe(const Subscriber& subscriber, const nlohmann::json& params) = 0;
  // Every few seconds, with this daemon's live connection ids (heartbeats, expiry).
  virtual void tick(const std::vector<std::string>& live_connection_ids) {}
  // A stream no subscriber hears as it is: the channel turns each of its notifications into
  // messages for its own subscribers' streams, {stream, message_json}, which the hub fans out
  // (e.g. one "notifications" NOTIFY per domain event becomes one message per connected
  // recipient). Runs on a database worker.
  virtual bool relays(const std::string& stream) const { return false; }
  virtual std::vector<std::pair<std::string, std::string>> relay(const std::string& stream, const std::string& message_json) {
    return {};
  }
};

class ChannelRegistry {
 public:
  void add(std::string name, std::unique_ptr<Channel> channel) { channels_[std::move(name)] = std::move(channel); }
  Channel* find(const std::string& name) const {
    auto it = channels_.find(name);
    return it == channels_.end() ? nullptr : it->second.get();
  }
  template <class F>
  void for_each(F&& f) const {
    for (const auto& [name, channel] : channels_) f(*channel);
  }

 private:
  std::map<std::string, std::unique_ptr<Channel>, std::less<>> channels_;
};

}  // namespace camp::cable
