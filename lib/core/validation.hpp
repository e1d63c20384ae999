#pragma once
// Field rules shared by every entry point (API and CLI). Each returns the Japanese message
// of the first rule that fails, or nothing.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/utf8.hpp"

namespace camp::validate {

// Length limits count characters (code points): the one count, core/utf8.hpp.
using text::char_count;

std::optional<std::string> email(std::string_view value);
std::optional<std::string> password(std::string_view value);
std::optional<std::string> nickname(std::string_view value);
// Optional URL: empty passes; otherwise http(s)://host... or a site path starting with one '/'.
std::optional<std::string> url(std::string_view value, bool required = false);

}  // namespace camp::validate
