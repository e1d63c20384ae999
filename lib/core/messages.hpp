#pragma once
// The user-facing message catalogue. The texts live in lib/core/messages.ja.json, the one file
// the web app imports too (webui/src/lib/messages.ts); cmake/embed_messages.cmake turns it into
// core/messages_ja.hpp at build time: `msg::email_required` is a std::string_view, a text with
// placeholders is a function (`msg::integer_range("1", "100")`). docs/design.md "Messages and limits".
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace camp::msg::detail {

// Replaces each {name} in the template with its value; an unknown {name} stays as it is.
inline std::string fill(std::string_view text,
                        std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
  std::string out(text);
  for (const auto& [name, value] : values) {
    const std::string placeholder = "{" + std::string(name) + "}";
    for (auto at = out.find(placeholder); at != std::string::npos; at = out.find(placeholder, at + value.size()))
      out.replace(at, placeholder.size(), value);
  }
  return out;
}

}  // namespace camp::msg::detail

#include "core/messages_ja.hpp"  // generated
