#pragma once
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

}  // namespace camp::db
