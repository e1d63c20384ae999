#include "core/school_time.hpp"

#include <locale>
#include <regex>

// GCC 12's libstdc++ has the C++20 calendar but not its time zones (std::chrono::zoned_time
// arrived in GCC 14), so the zone rules come from Howard Hinnant's date library (the design
// that was standardised), reading the system's tzdata.
#include <date/tz.h>

namespace camp {
namespace {

const date::time_zone* school_zone() {
  static const date::time_zone* zone = date::locate_zone(kSchoolTimeZone);
  return zone;
}

bool digits(std::string_view t, std::size_t at, std::size_t n) {
  for (std::size_t i = at; i < at + n; ++i)
    if (t[i] < '0' || t[i] > '9') return false;
  return true;
}

int number(std::string_view t, std::size_t at, std::size_t n) {
  int out = 0;
  for (std::size_t i = at; i < at + n; ++i) out = out * 10 + (t[i] - '0');
  return out;
}

// The ISO forms are written by hand: they run for every timestamp of every JSON answer, where
// date::format's stream cost microseconds apiece (a few per cent of campd's CPU). Years outside
// 0000..9999, which no school has, keep the library's way.
bool four_digit_year(Date day) { return day.year() >= std::chrono::year(0) && day.year() <= std::chrono::year(9999); }

void put(std::string& out, unsigned value, int width) {
  char digits[4];
  for (int i = width - 1; i >= 0; --i, value /= 10) digits[i] = static_cast<char>('0' + value % 10);
  out.append(digits, static_cast<std::size_t>(width));
}

void put_date(std::string& out, Date day) {
  put(out, static_cast<unsigned>(static_cast<int>(day.year())), 4);
  out += '-';
  put(out, static_cast<unsigned>(day.month()), 2);
  out += '-';
  put(out, static_cast<unsigned>(day.day()), 2);
}

// "YYYY-MM-DDTHH:MM:SS" of `s` read as a wall clock, then `suffix`; nullopt past year 9999.
std::optional<std::string> date_time(std::chrono::sys_seconds s, std::string_view suffix) {
  const auto midnight = std::chrono::floor<std::chrono::days>(s);
  const Date day(midnight);
  if (!four_digit_year(day)) return std::nullopt;
  const std::chrono::hh_mm_ss clock(s - midnight);
  std::string out;
  out.reserve(19 + suffix.size());
  put_date(out, day);
  out += 'T';
  put(out, static_cast<unsigned>(clock.hours().count()), 2);
  out += ':';
  put(out, static_cast<unsigned>(clock.minutes().count()), 2);
  out += ':';
  put(out, static_cast<unsigned>(clock.seconds().count()), 2);
  out += suffix;
  return out;
}

}  // namespace

Date school_date(TimePoint t) {
  const auto local = school_zone()->to_local(t);
  const auto day = date::floor<date::days>(local).time_since_epoch();
  return Date(std::chrono::sys_days(day));
}

TimePoint school_day_start(Date day) {
  const auto local_midnight = date::local_days(std::chrono::sys_days(day).time_since_epoch());
  // Tokyo has no daylight saving time today; `earliest` still gives a defined answer if a
  // midnight were ever skipped or repeated.
  return school_zone()->to_sys(local_midnight, date::choose::earliest);
}

Date week_start(Date day) {
  const std::chrono::sys_days d(day);
  return Date(d - std::chrono::days(std::chrono::weekday(d).iso_encoding() - 1));
}

bool is_date_or_time(std::string_view text) {
  static const std::regex iso(R"(^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?(Z|[+-]\d{2}:?\d{2})?$)");
  return std::regex_match(text.begin(), text.end(), iso);
}

std::optional<Date> parse_date(std::string_view t) {
  if (t.size() != 10 || t[4] != '-' || t[7] != '-' || !digits(t, 0, 4) || !digits(t, 5, 2) || !digits(t, 8, 2))
    return std::nullopt;
  const int year = number(t, 0, 4);
  const Date day{std::chrono::year(year), std::chrono::month(static_cast<unsigned>(number(t, 5, 2))),
                 std::chrono::day(static_cast<unsigned>(number(t, 8, 2)))};
  if (!day.ok() || year < 1900 || year > 2999) return std::nullopt;
  return day;
}

std::string format_date(Date day) {
  if (!four_digit_year(day)) return date::format(std::locale::classic(), "%F", std::chrono::sys_days(day));
  std::string out;
  out.reserve(10);
  put_date(out, day);
  return out;
}

std::string format_utc(TimePoint t, const char* format) {
  return date::format(std::locale::classic(), format, date::floor<std::chrono::seconds>(t));
}

std::string format_school(TimePoint t, const char* format) {
  return date::format(std::locale::classic(), format, date::make_zoned(school_zone(), date::floor<std::chrono::seconds>(t)));
}

std::string iso_utc(TimePoint t) {
  if (auto out = date_time(date::floor<std::chrono::seconds>(t), "Z")) return std::move(*out);
  return format_utc(t, "%FT%TZ");
}

std::string iso_school(TimePoint t) {
  const auto s = date::floor<std::chrono::seconds>(t);
  const auto offset = school_zone()->get_info(s).offset;  // the zone's rules, not a constant
  const auto minutes = std::chrono::abs(std::chrono::duration_cast<std::chrono::minutes>(offset)).count();
  std::string suffix(1, offset < std::chrono::seconds::zero() ? '-' : '+');
  put(suffix, static_cast<unsigned>(minutes / 60), 2);
  suffix += ':';
  put(suffix, static_cast<unsigned>(minutes % 60), 2);
  if (auto out = date_time(s + offset, suffix)) return std::move(*out);
  return format_school(t, "%FT%T%Ez");
}

}  // namespace camp
