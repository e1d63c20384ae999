#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace camp::db {

// A text[] literal ({"a","b"}) to pass as one query parameter, every element quoted.
inline std::string text_array(const std::vector<std::string>& items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += '"';
    for (char ch : items[i]) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
    out += '"';
  }
  return out + "}";
}

// An int8[] literal ({1,2,3}) to pass as one query parameter.
inline std::string int_array(std::span<const std::int64_t> items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + std::to_string(items[i]);
  return out + "}";
}

}  // namespace camp::db
