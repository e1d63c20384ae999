#pragma once
// The ActionCable wire protocol (actioncable-v1-json), as @rails/actioncable speaks it.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace camp::cable {

inline constexpr const char* kSubprotocol = "actioncable-v1-json";
// An identifier is the subscription's params as JSON; AiChatChannel's carry the student's input
// (at most 2,000 characters, up to ~6 KB in UTF-8), so the cap leaves room for that and no more.
inline constexpr std::size_t kMaxIdentifierBytes = 16 * 1024;

struct Command {
  std::string command;     // subscribe | unsubscribe | message
  std::string identifier;  // the JSON string the client chose, echoed back verbatim
  nlohmann::json params;   // the identifier parsed: {"channel": ..., ...}; null for a subscribe
                           // whose identifier is unusable (too long, not JSON, no channel)
  nlohmann::json data;     // for "message": the parsed data ({"action": ...})
};

// Nothing for anything that is not a well-formed command (the caller ignores it).
std::optional<Command> parse_command(const std::string& text);

std::string welcome();
std::string ping(long long unix_seconds);
std::string confirm(const std::string& identifier);
std::string reject(const std::string& identifier);
std::string broadcast(const std::string& identifier, const std::string& message_json);
std::string disconnect(const std::string& reason, bool reconnect);

}  // namespace camp::cable
