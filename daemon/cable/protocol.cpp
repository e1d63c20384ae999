#include "cable/protocol.hpp"

namespace camp::cable {

std::optional<Command> parse_command(const std::string& text) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  if (!j.contains("command") || !j["command"].is_string() || !j.contains("identifier") || !j["identifier"].is_string())
    return std::nullopt;
  Command c{j["command"].get<std::string>(), j["identifier"].get<std::string>(), nullptr, nullptr};
  if (c.identifier.size() <= kMaxIdentifierBytes) c.params = nlohmann::json::parse(c.identifier, nullptr, false);
  if (c.params.is_discarded() || !c.params.is_object() || !c.params.contains("channel") || !c.params["channel"].is_string()) {
    // A subscription the client waits for is answered (rejected) rather than dropped, so the
    // client stops waiting; any other command with such an identifier names nothing.
    if (c.command != "subscribe") return std::nullopt;
    c.params = nullptr;
    return c;
  }
  if (c.command == "message") {
    if (!j.contains("data") || !j["data"].is_string()) return std::nullopt;
    c.data = nlohmann::json::parse(j["data"].get<std::string>(), nullptr, false);
    if (c.data.is_discarded() || !c.data.is_object()) return std::nullopt;
  } else if (c.command != "subscribe" && c.command != "unsubscribe") {
    return std::nullopt;
  }
  return c;
}

std::string welcome() { return R"({"type":"welcome"})"; }

std::string ping(long long unix_seconds) { return R"({"type":"ping","message":)" + std::to_string(unix_seconds) + "}"; }

std::string confirm(const std::string& identifier) {
  return nlohmann::json({{"identifier", identifier}, {"type", "confirm_subscription"}}).dump();
}

std::string reject(const std::string& identifier) {
  return nlohmann::json({{"identifier", identifier}, {"type", "reject_subscription"}}).dump();
}

std::string broadcast(const std::string& identifier, const std::string& message_json) {
  // The message is already JSON: splice it in rather than parse and dump it again.
  return R"({"identifier":)" + nlohmann::json(identifier).dump() + R"(,"message":)" + message_json + "}";
}

std::string disconnect(const std::string& reason, bool reconnect) {
  return nlohmann::json({{"type", "disconnect"}, {"reason", reason}, {"reconnect", reconnect}}).dump();
}

}  // namespace camp::cable
