#include "core/utf8.hpp"

namespace camp::text {
namespace {

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }  // 10xxxxxx

}  // namespace

std::size_t char_count(std::string_view utf8) {
  std::size_t n = 0;
  for (char c : utf8) n += !continuation(c);
  return n;
}

std::string_view take_chars(std::string_view utf8, std::size_t max_chars) {
  std::size_t end = 0;
  for (std::size_t chars = 0; end < utf8.size() && chars < max_chars; ++chars) {
    ++end;
    while (end < utf8.size() && continuation(utf8[end])) ++end;
  }
  return utf8.substr(0, end);
}

std::size_t char_start(std::string_view utf8, std::size_t at) {
  if (at >= utf8.size()) return utf8.size();
  while (at > 0 && continuation(utf8[at])) --at;
  return at;
}

}  // namespace camp::text
