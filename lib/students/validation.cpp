#include "students/validation.hpp"

#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "students/model.hpp"

namespace camp::students {
namespace {

bool digits(std::string_view t, std::size_t at, std::size_t len, int& out) {
  if (at + len > t.size()) return false;
  out = 0;
  for (std::size_t i = at; i < at + len; ++i) {
    if (t[i] < '0' || t[i] > '9') return false;
    out = out * 10 + (t[i] - '0');
  }
  return true;
}

std::optional<Date> day_at(std::string_view t) {
  int y = 0, m = 0, d = 0;
  if (t.size() < 10 || !(t[4] == '-' || t[4] == '/') || t[7] != t[4]) return std::nullopt;
  if (!digits(t, 0, 4, y) || !digits(t, 5, 2, m) || !digits(t, 8, 2, d)) return std::nullopt;
  const Date date{std::chrono::year(y), std::chrono::month(static_cast<unsigned>(m)), std::chrono::day(static_cast<unsigned>(d))};
  if (y < 1900 || !date.ok()) return std::nullopt;
  return date;
}

}  // namespace

std::optional<Date> parse_day(std::string_view text) {
  if (text.size() != 10) return std::nullopt;
  return day_at(text);
}

std::variant<TimePoint, std::string> parse_held_at(std::string_view raw) {
  const auto t = text::trim(raw);
  if (t.empty()) return std::string(msg::mentoring_held_at_required);
  const std::string invalid(msg::mentoring_held_at_invalid);
  if (validate::char_count(t) < 14) return invalid;
  const auto day = day_at(t);
  if (!day || t.size() < 16 || (t[10] != ' ' && t[10] != 'T') || t[13] != ':') return invalid;
  int hh = 0, mm = 0, ss = 0;
  if (!digits(t, 11, 2, hh) || !digits(t, 14, 2, mm) || hh > 23 || mm > 59) return invalid;
  std::size_t at = 16;
  if (at < t.size() && t[at] == ':') {
    if (!digits(t, at + 1, 2, ss) || ss > 59) return invalid;
    at += 3;
  }
  int offset_minutes = 9 * 60;  // school time unless said otherwise
  if (at < t.size()) {
    const auto rest = std::string_view(t).substr(at);
    int oh = 0, om = 0;
    if (rest == "Z") offset_minutes = 0;
    else if ((rest[0] == '+' || rest[0] == '-') && digits(rest, 1, 2, oh) &&
             ((rest.size() == 6 && rest[3] == ':' && digits(rest, 4, 2, om)) || (rest.size() == 5 && digits(rest, 3, 2, om))) &&
             oh <= 14 && om <= 59)
      offset_minutes = (rest[0] == '-' ? -1 : 1) * (oh * 60 + om);
    else return invalid;
  }
  return TimePoint{std::chrono::sys_days(*day) + std::chrono::hours(hh) + std::chrono::minutes(mm - offset_minutes) +
                   std::chrono::seconds(ss)};
}

std::optional<std::string> mentoring_body(std::string_view body) {
  if (text::trim(body).empty()) return std::string(msg::mentoring_body_required);
  if (validate::char_count(body) > static_cast<std::size_t>(kMentoringBodyMax)) return std::string(msg::mentoring_body_too_long);
  return std::nullopt;
}

std::optional<std::string> student_name(std::string_view name) {
  const auto stored = text::trim(name);
  if (stored.empty()) return std::string(msg::student_name_required);
  if (!text::one_line(stored)) return std::string(msg::student_name_one_line);  // it becomes a nickname, a display name
  if (validate::char_count(name) > static_cast<std::size_t>(kNameMax)) return std::string(msg::student_name_too_long);
  return std::nullopt;
}

}  // namespace camp::students
