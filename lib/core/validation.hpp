#pragma once
// Field rules shared by every entry point (API and CLI). Each returns the Japanese message
// of the first rule that fails, or nothing.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace camp::validate {

// Number of Unicode code points in a UTF-8 string (what a user calls "characters").
std::size_t char_count(std::string_view utf8);

std::optional<std::string> email(std::string_view value);
std::optional<std::string> password(std::string_view value);
std::optional<std::string> nickname(std::string_view value);
// Optional URL: empty passes; otherwise http(s)://host... or a site path starting with one '/'.
std::optional<std::string> url(std::string_view value, bool required = false);

}  // namespace camp::validate
