#include "core/text.hpp"

#include <utf8cpp/utf8.h>

#include <algorithm>

namespace camp::text {
namespace {

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

// The length of the White_Space character `s` starts with, or 0 (also for invalid UTF-8).
std::size_t leading_space(std::string_view s) {
  if (s.empty()) return 0;
  auto it = s.begin();
  try {
    return is_white_space(utf8::next(it, s.end())) ? static_cast<std::size_t>(it - s.begin()) : 0;
  } catch (const utf8::exception&) {
    return 0;
  }
}

// The length of the White_Space character `s` ends with, or 0: such a character takes at most
// three bytes, and UTF-8 tells where the last character starts.
std::size_t trailing_space(std::string_view s) {
  for (std::size_t n = 1; n <= 3 && n <= s.size(); ++n)
    if (leading_space(s.substr(s.size() - n)) == n) return n;
  return 0;
}

void append_hex(std::string& out, unsigned char c) {
  static constexpr char digits[] = "0123456789abcdef";
  out += "\\x";
  out += digits[c >> 4];
  out += digits[c & 15];
}

}  // namespace

bool valid_utf8(std::string_view bytes) { return utf8::is_valid(bytes.begin(), bytes.end()); }

std::size_t invalid_utf8_at(std::string_view bytes) {
  return static_cast<std::size_t>(utf8::find_invalid(bytes.begin(), bytes.end()) - bytes.begin());
}

bool has_control(std::string_view bytes) {
  return std::any_of(bytes.begin(), bytes.end(), [](char c) { return is_control(static_cast<unsigned char>(c)); });
}

bool one_line(std::string_view utf8) {
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    const auto c = static_cast<unsigned char>(utf8[i]);
    const auto next = i + 1 < utf8.size() ? static_cast<unsigned char>(utf8[i + 1]) : 0;
    if (is_control(c)) return false;
    if (c == 0xC2 && next >= 0x80 && next <= 0x9F) return false;  // C1: U+0080..U+009F (NEL among them)
    if (c == 0xE2 && next == 0x80 && i + 2 < utf8.size() &&
        (static_cast<unsigned char>(utf8[i + 2]) == 0xA8 || static_cast<unsigned char>(utf8[i + 2]) == 0xA9))
      return false;  // U+2028, U+2029
  }
  return true;
}

std::string_view utf8_prefix(std::string_view utf8, std::size_t max_bytes) {
  if (utf8.size() <= max_bytes) return utf8;
  std::size_t end = max_bytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && (static_cast<unsigned char>(utf8[end]) & 0xC0) == 0x80) --end;
  return utf8.substr(0, end);
}

std::string escape_for_log(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  auto it = bytes.begin();
  while (it != bytes.end()) {
    const auto bad = utf8::find_invalid(it, bytes.end());
    for (; it != bad; ++it) {  // a valid run: only ASCII controls and '\\' need escaping
      const auto c = static_cast<unsigned char>(*it);
      if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if (c == '\t') out += "\\t";
      else if (c == '\\') out += "\\\\";
      else if (is_control(c)) append_hex(out, c);
      else out += static_cast<char>(c);
    }
    if (it != bytes.end()) append_hex(out, static_cast<unsigned char>(*it++));
  }
  return out;
}

bool is_white_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool is_blank(std::string_view s) { return trim(s).empty(); }

std::string trim(std::string_view s) {
  while (const auto n = leading_space(s)) s.remove_prefix(n);
  while (const auto n = trailing_space(s)) s.remove_suffix(n);
  return std::string(s);
}

std::string trim(std::string_view s, std::string_view blanks) {
  const auto first = s.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(blanks) - first + 1));
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (auto& ch : out)
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  return out;
}

}  // namespace camp::text
