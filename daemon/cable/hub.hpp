#pragma once
// Which local connection listens to which stream, and the fan-out of one notification to all
// of them. A frame is built once per distinct identifier, not once per subscriber.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

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
  struct Subscriber {
    std::weak_ptr<Client> client;
    const Client* raw;
    std::string identifier;
  };
  mutable std::mutex mutex_;
  std::map<std::string, std::vector<Subscriber>> streams_;
};

}  // namespace camp::cable
