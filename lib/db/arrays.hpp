#pragma once
#include <charconv>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
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

// An array literal built element by element, every element quoted or NULL; for the
// unnest(...) batch statements, whose element type the query casts ($1::int8[], $2::date[]).
class ArrayLiteral {
 public:
  void add(const std::optional<std::string>& item) {
    out_ += out_.empty() ? "{" : ",";
    if (!item) {
      out_ += "NULL";
      return;
    }
    out_ += '"';
    // Whole runs between the characters that need a backslash: a mail's body is kilobytes, and
    // a batch of 10,000 mails tens of megabytes.
    std::string_view rest = *item;
    for (auto at = rest.find_first_of("\"\\"); at != std::string_view::npos; at = rest.find_first_of("\"\\")) {
      out_.append(rest.data(), at);
      out_ += '\\';
      out_ += rest[at];
      rest.remove_prefix(at + 1);
    }
    out_.append(rest);
    out_ += '"';
  }
  std::string str() const { return out_.empty() ? "{}" : out_ + "}"; }

 private:
  std::string out_;
};

// The same from a whole vector.
inline std::string nullable_text_array(const std::vector<std::optional<std::string>>& items) {
  ArrayLiteral out;
  for (const auto& item : items) out.add(item);
  return out.str();
}

// An int8[] literal ({1,2,3}) to pass as one query parameter.
inline std::string int_array(std::span<const std::int64_t> items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + std::to_string(items[i]);
  return out + "}";
}

// An int8[] as PostgreSQL writes it as text ({1,2,3}, {} when empty).
inline std::vector<std::int64_t> parse_int_array(std::string_view text) {
  std::vector<std::int64_t> out;
  for (std::size_t at = 1; at < text.size();) {
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(text.data() + at, text.data() + text.size(), n);
    if (ec != std::errc{}) break;
    out.push_back(n);
    at = static_cast<std::size_t>(end - text.data()) + 1;
  }
  return out;
}

}  // namespace camp::db
