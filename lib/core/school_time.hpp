#pragma once
// School time, the one way: the school runs on Japanese time (Asia/Tokyo, from the system's
// tzdata through Howard Hinnant's date library), whatever the server's own zone is. A school day
// starts at 00:00 Asia/Tokyo (15:00 UTC the day before). Every date and time written or read as
// text goes through here; nothing adds an offset by hand.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace camp {

inline constexpr std::string_view kSchoolTimeZone = "Asia/Tokyo";

using TimePoint = std::chrono::system_clock::time_point;  // UTC (system_clock is Unix time)
using Date = std::chrono::year_month_day;

// The instant `seconds` after 1970-01-01T00:00:00Z (epoch columns, JWT claims).
inline TimePoint unix_time(std::int64_t seconds) { return TimePoint(std::chrono::seconds(seconds)); }
// And back: whole seconds since 1970 (SQL parameters compared with to_timestamp($n)).
inline std::int64_t unix_seconds(TimePoint t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

// The calendar day in the school's time zone at the instant `t`.
Date school_date(TimePoint t);
// The instant a school day begins (its 00:00 in Asia/Tokyo).
TimePoint school_day_start(Date day);

// The Monday of the school week holding `day` (school weeks start on Monday).
Date week_start(Date day);

// The one date rule: "YYYY-MM-DD" exactly (ASCII digits), a real calendar day, year 1900..2999.
std::optional<Date> parse_date(std::string_view text);
// "2026-11-20".
std::string format_date(Date day);
// A `since` filter as the lists take it: a date (2026-11-01) or an ISO 8601 time
// (2026-11-01T09:00:00+09:00); PostgreSQL reads it, a bare date in the school's zone.
bool is_date_or_time(std::string_view text);
inline constexpr std::string_view kSinceFormat = "since must be a date like 2026-11-01 or 2026-11-01T09:00:00+09:00";

// `t` (whole seconds) written with a date library format (%F, %T, %H:%M, %a ...; C locale)
// on the UTC clock or the school's clock; %z / %Ez give the school's offset (+0900 / +09:00).
std::string format_utc(TimePoint t, const char* format);
std::string format_school(TimePoint t, const char* format);
// "2026-11-20T10:00:00Z".
std::string iso_utc(TimePoint t);
// "2026-11-20T19:00:00+09:00".
std::string iso_school(TimePoint t);

}  // namespace camp
