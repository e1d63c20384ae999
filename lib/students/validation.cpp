#include "students/validation.hpp"

#include "core/limits.hpp"
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

// The day the text starts with: the school's date rule, also spelt 2026/11/25 (as Excel writes it).
std::optional<Date> day_at(std::string_view t) {
  if (t.size() < 10 || !(t[4] == '-' || t[4] == '/') || t[7] != t[4]) return std::nullopt;
  std::string day(t.substr(0, 10));
  day[4] = day[7] = '-';
  return parse_date(day);
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
  if (validate::char_count(t) < limits::mentoring_held_at_min) return invalid;
  const auto day = day_at(t);
  if (!day || t.size() < 16 || (t[10] != ' ' && t[10] != 'T') || t[13] != ':') return invalid;
  int hh = 0, mm = 0, ss = 0;
  if (!digits(t, 11, 2, hh) || !digits(t, 14, 2, mm) || hh > 23 || mm > 59) return invalid;
  std::size_t at = 16;
  if (at < t.size() && t[at] == ':') {
    if (!digits(t, at + 1, 2, ss) || ss > 59) return invalid;
    at += 3;
  }
  std::optional<int> offset_minutes;  // none: school time
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
  const auto wall_clock = std::chrono::hours(hh) + std::chrono::minutes(mm) + std::chrono::seconds(ss);
  if (!offset_minutes) return school_day_start(*day) + wall_clock;
  return TimePoint{std::chrono::sys_days(*day) + wall_clock - std::chrono::minutes(*offset_minutes)};
}

std::optional<std::string> mentoring_body(std::string_view body) {
  if (text::is_blank(body)) return std::string(msg::mentoring_body_required);
  if (validate::char_count(body) > limits::mentoring_body_max) return std::string(msg::mentoring_body_too_long);
  return std::nullopt;
}

std::optional<std::string> student_name(std::string_view name) {
  if (text::is_blank(name)) return std::string(msg::student_name_required);
  if (!text::one_line(text::trim(name))) return std::string(msg::student_name_one_line);  // it becomes a nickname, a display name
  if (validate::char_count(name) > limits::student_name_max) return std::string(msg::student_name_too_long);
  return std::nullopt;
}

}  // namespace camp::students
