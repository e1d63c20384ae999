#include "cable/hub.hpp"

#include <algorithm>

#include "cable/protocol.hpp"

namespace camp::cable {

void Hub::subscribe(const std::string& stream, const std::shared_ptr<Client>& client, const std::string& identifier) {
  std::lock_guard lock(mutex_);
  auto& subs = streams_[stream];
  for (const auto& s : subs)
    if (s.raw == client.get() && s.identifier == identifier) return;
  subs.push_back({client, client.get(), identifier});
}

void Hub::unsubscribe(const std::string& stream, const Client* client, const std::string& identifier) {
  std::lock_guard lock(mutex_);
  auto it = streams_.find(stream);
  if (it == streams_.end()) return;
  auto& subs = it->second;
  subs.erase(std::remove_if(subs.begin(), subs.end(),
                            [&](const Subscriber& s) { return s.raw == client && s.identifier == identifier; }),
             subs.end());
  if (subs.empty()) streams_.erase(it);
}

void Hub::fanout(const std::string& stream, const std::string& message_json) {
  std::vector<std::pair<std::shared_ptr<Client>, std::string>> targets;
  {
    std::lock_guard lock(mutex_);
    auto it = streams_.find(stream);
    if (it == streams_.end()) return;
    for (const auto& s : it->second)
      if (auto c = s.client.lock()) targets.emplace_back(std::move(c), s.identifier);
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
