#include "events/ical.hpp"

#include "core/school_time.hpp"
#include "core/utf8.hpp"
#include "events/model.hpp"

namespace camp::events::ical {
namespace {

}  // namespace

std::string escape_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    switch (c) {
      case '\\': out += "\\\\"; break;
      case ';': out += "\\;"; break;
      case ',': out += "\\,"; break;
      case '\r':
        if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        out += "\\n";
        break;
      case '\n': out += "\\n"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) break;  // controls are not TEXT
        out += c;
    }
  }
  return out;
}

std::string fold(std::string_view line) {
  std::string out;
  std::size_t width = 0;  // octets on the current physical line
  std::size_t limit = 75;
  for (std::size_t i = 0; i < line.size();) {
    const auto n = text::take_chars(line.substr(i), 1).size();  // one whole character
    if (width + n > limit) {
      out += "\r\n ";
      width = 1;
    }
    out.append(line.substr(i, n));
    width += n;
    i += n;
  }
  return out + "\r\n";
}

std::string local_time(std::int64_t epoch_seconds) { return format_school(unix_time(epoch_seconds), "%Y%m%dT%H%M%S"); }

std::string utc_time(std::int64_t epoch_seconds) { return format_utc(unix_time(epoch_seconds), "%Y%m%dT%H%M%SZ"); }

std::string calendar(const std::vector<Entry>& entries, std::string_view host, std::string_view name) {
  std::string out;
  const auto line = [&](std::string_view l) { out += fold(l); };
  line("BEGIN:VCALENDAR");
  line("VERSION:2.0");
  line("PRODID:-//camp//events//JA");
  line("CALSCALE:GREGORIAN");
  line("X-WR-CALNAME:" + escape_text(name));
  line("X-WR-TIMEZONE:Asia/Tokyo");
  // Asia/Tokyo has one offset all year (no daylight saving time since 1951): the zone's own.
  const auto offset = format_school(unix_time(0), "%z");  // +0900
  line("BEGIN:VTIMEZONE");
  line("TZID:Asia/Tokyo");
  line("BEGIN:STANDARD");
  line("DTSTART:19700101T000000");
  line("TZOFFSETFROM:" + offset);
  line("TZOFFSETTO:" + offset);
  line("TZNAME:JST");
  line("END:STANDARD");
  line("END:VTIMEZONE");
  for (const auto& e : entries) {
    line("BEGIN:VEVENT");
    line("UID:event-" + std::to_string(e.id) + "@" + std::string(host));
    line("DTSTAMP:" + utc_time(e.stamp));
    line("LAST-MODIFIED:" + utc_time(e.stamp));
    line("DTSTART;TZID=Asia/Tokyo:" + local_time(e.starts_at));
    line("DTEND;TZID=Asia/Tokyo:" + local_time(e.ends_at));
    line("SUMMARY:" + escape_text(e.title));
    if (!e.description.empty()) line("DESCRIPTION:" + escape_text(e.description));
    if (!e.location.empty()) line("LOCATION:" + escape_text(e.location));
    if (!e.url.empty()) line("URL:" + e.url);
    line(e.cancelled ? "STATUS:CANCELLED" : "STATUS:CONFIRMED");
    line("END:VEVENT");
  }
  line("END:VCALENDAR");
  return out;
}

}  // namespace camp::events::ical
