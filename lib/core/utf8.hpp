#pragma once
// Counting and cutting UTF-8 text by characters (code points), the one place that knows how
// the bytes of a character look. Safe on any bytes: a stray continuation byte is never a
// character of its own, so invalid input is miscounted, never overrun.
#include <cstddef>
#include <string_view>

namespace camp::text {

// Characters as people count them ("𠮷" is one, "が" written as か + ゛ is two).
std::size_t char_count(std::string_view utf8);
// The first `max_chars` characters, never a character cut in two.
std::string_view take_chars(std::string_view utf8, std::size_t max_chars);
// Where the character holding byte `at` begins (`at` itself on a boundary; size() past the end).
std::size_t char_start(std::string_view utf8, std::size_t at);

}  // namespace camp::text
