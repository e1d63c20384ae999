#include "cable/hub.hpp"

#include <map>
#include <vector>

#include "cable/protocol.hpp"

namespace camp::cable {

void Hub::subscribe(const std::string& stream, const std::shared_ptr<Client>& client, const std::string& identifier) {
  std::lock_guard lock(mutex_);
  streams_[stream].emplace(Key{client.get(), identifier}, client);
}

void Hub::unsubscribe(const std::string& stream, const Client* client, const std::string& identifier) {
  std::lock_guard lock(mutex_);
  auto it = streams_.find(stream);
  if (it == streams_.end()) return;
  it->second.erase(Key{client, identifier});
  if (it->second.empty()) streams_.erase(it);
}

void Hub::fanout(const std::string& stream, const std::string& message_json) {
  std::vector<std::pair<std::shared_ptr<Client>, std::string>> targets;
  {
    std::lock_guard lock(mutex_);
    auto it = streams_.find(stream);
    if (it == streams_.end()) return;
    targets.reserve(it->second.size());
    for (const auto& [key, weak] : it->second)
      if (auto c = weak.lock()) targets.emplace_back(std::move(c), key.second);
  }
  std::map<std::string, std::shared_ptr<const std::string>> frames;
  for (auto& [client, identifier] : targets) {
    auto& frame = frames[identifier];
    if (!frame) frame = std::make_shared<const std::string>(broadcast(identifier, message_json));
    client->deliver(frame);
  }
}

std::size_t Hub::subscriber_count(const std::string& stream) const {
  std::lock_guard lock(mutex_);
  auto it = streams_.find(stream);
  return it == streams_.end() ? 0 : it->second.size();
}

}  // namespace camp::cable
