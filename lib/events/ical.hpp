#pragma once
// iCalendar (RFC 5545) for the events feed and "add to calendar". Pure: no database, no clock.
//   - text values escaped (\\ \; \, and newlines as \n), controls dropped;
//   - content lines folded at 75 octets (CRLF + one space), never inside a UTF-8 character;
//   - CRLF line ends; times in the school's zone (DTSTART;TZID=Asia/Tokyo) with a VTIMEZONE;
//     DTSTAMP in UTC; a cancelled event as STATUS:CANCELLED.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace camp::events::ical {

struct Entry {
  std::int64_t id = 0;
  std::string title, description, url;
  std::string location;              // the meeting URL for participants, else empty
  std::int64_t starts_at = 0, ends_at = 0, stamp = 0;  // epoch seconds
  bool cancelled = false;
};

std::string escape_text(std::string_view text);
// One content line, folded; ends with CRLF.
std::string fold(std::string_view line);
// "20261205T190000" in the school's zone; "20261205T100000Z" in UTC.
std::string local_time(std::int64_t epoch_seconds);
std::string utc_time(std::int64_t epoch_seconds);

// A VCALENDAR with the Asia/Tokyo VTIMEZONE and one VEVENT per entry. `host` makes the UIDs
// (event-<id>@<host>); `name` is the calendar's display name (X-WR-CALNAME).
std::string calendar(const std::vector<Entry>& entries, std::string_view host, std::string_view name);

}  // namespace camp::events::ical
