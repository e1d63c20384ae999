#include "core/validation.hpp"

#include <regex>

#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"

namespace camp::validate {

std::optional<std::string> email(std::string_view value) {
  if (value.empty()) return std::string(msg::email_required);
  // Pragmatic check (what browsers accept for type=email), plus RFC 5321's length limit.
  static const std::regex shape(R"(^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$)");
  if (value.size() > 254 || !std::regex_match(value.begin(), value.end(), shape))
    return std::string(msg::email_format);
  return std::nullopt;
}

std::optional<std::string> password(std::string_view value) {
  if (value.empty()) return std::string(msg::password_required);
  auto n = char_count(value);
  if (n < limits::password_min) return std::string(msg::password_too_short);
  if (n > limits::password_max) return std::string(msg::password_too_long);
  return std::nullopt;
}

std::optional<std::string> nickname(std::string_view value) {
  if (char_count(value) > limits::nickname_max) return std::string(msg::nickname_too_long);
  // A display name: mails greet with it, so one line like every text that may reach a header.
  if (!text::one_line(value)) return std::string(msg::forbidden_character);
  return std::nullopt;
}

std::optional<std::string> url(std::string_view value, bool required) {
  if (value.empty()) {
    if (required) return std::string(msg::url_required);
    return std::nullopt;
  }
  static const std::regex absolute(R"(^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[^\s]*)?$)");
  static const std::regex site_path(R"(^/[^/\\\s][^\s\\]*$)");
  if (value.size() > 2048) return std::string(msg::url_format);
  if (std::regex_match(value.begin(), value.end(), absolute) ||
      std::regex_match(value.begin(), value.end(), site_path))
    return std::nullopt;
  return std::string(msg::url_format);
}

}  // namespace camp::validate
