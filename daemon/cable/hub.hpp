#pragma once
// Which local connection listens to which stream, and the fan-out of one notification to all
// of them. A frame is built once per distinct identifier, not once per subscriber.
// Subscribing and unsubscribing cost O(1) (hash maps), whatever the stream's audience.
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace camp::cable {

class Client {
 public:
  virtual ~Client() = default;
  // Queues a text frame; must not block (it is called from the notification thread).
  virtual void deliver(std::shared_ptr<const std::string> frame) = 0;
};

class Hub {
 public:
  void subscribe(const std::string& stream, const std::shared_ptr<Client>& client, const std::string& identifier);
  void unsubscribe(const std::string& stream, const Client* client, const std::string& identifier);
  void fanout(const std::string& stream, const std::string& message_json);
  std::size_t subscriber_count(const std::string& stream) const;

 private:
  using Key = std::pair<const Client*, std::string>;  // one subscription: connection + identifier
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return std::hash<const void*>()(k.first) ^ (std::hash<std::string>()(k.second) << 1);
    }
  };
  using Subscribers = std::unordered_map<Key, std::weak_ptr<Client>, KeyHash>;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Subscribers> streams_;
};

}  // namespace camp::cable
