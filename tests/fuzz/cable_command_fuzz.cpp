// libFuzzer target: a websocket text frame as /cable reads it (daemon/cable/protocol.cpp).
// A command that parses must keep the invariants the channels rely on.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cable/protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto command = camp::cable::parse_command(text);
  if (!command) return 0;
  // The answers echo the identifier: they must be valid JSON whatever it holds.
  const auto reject = nlohmann::json::parse(camp::cable::reject(command->identifier), nullptr, false);
  if (reject.is_discarded() || reject["identifier"] != command->identifier) __builtin_trap();
  // Params are null only for a subscribe that is to be rejected; otherwise they name a channel.
  if (command->params.is_null()) {
    if (command->command != "subscribe") __builtin_trap();
    return 0;
  }
  if (command->identifier.size() > camp::cable::kMaxIdentifierBytes) __builtin_trap();
  if (!command->params.is_object() || !command->params["channel"].is_string()) __builtin_trap();
  if (command->command == "message" && !command->data.is_object()) __builtin_trap();
  const auto confirm = nlohmann::json::parse(camp::cable::confirm(command->identifier), nullptr, false);
  if (confirm.is_discarded() || confirm["identifier"] != command->identifier) __builtin_trap();
  return 0;
}
