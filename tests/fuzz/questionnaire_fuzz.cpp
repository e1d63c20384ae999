// libFuzzer target: a submitted questionnaire answer as lib/questionnaires/validator.cpp judges
// it, against each of the four definitions. Bytes that parse as a JSON object are checked; the
// normalized answer holds only fields the definition knows, and checking it again changes
// nothing and finds no error.
#include <cstddef>
#include <cstdint>
#include <string>

#include "questionnaires/definition.hpp"
#include "questionnaires/validator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto answer = nlohmann::json::parse(std::string(reinterpret_cast<const char*>(data), size), nullptr, false);
  if (answer.is_discarded()) return 0;
  for (const char* kind : {"pre-curriculum", "post-curriculum", "post-job-change", "follow-up"}) {
    const auto& def = camp::questionnaires::get(kind);
    const auto first = camp::questionnaires::check(def, answer);
    if (!first.errors.empty()) continue;
    for (const auto& [key, value] : first.answer.items())
      if (!def.field(key)) __builtin_trap();
    const auto again = camp::questionnaires::check(def, first.answer);
    if (!again.errors.empty() || again.answer != first.answer || !again.ignored.empty()) __builtin_trap();
  }
  return 0;
}
