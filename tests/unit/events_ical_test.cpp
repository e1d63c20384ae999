// lib/events/ical: RFC 5545 output (folding at 75 octets, text escaping, TZID and VTIMEZONE).
#include <gtest/gtest.h>

#include "events/ical.hpp"

using namespace camp::events;

namespace {

// 2026-12-05 19:00 and 21:00 in Tokyo (10:00 and 12:00 UTC).
constexpr std::int64_t kStart = 1796464800, kEnd = 1796472000;

std::vector<std::string> physical_lines(const std::string& ics) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (auto crlf = ics.find("\r\n"); crlf != std::string::npos; crlf = ics.find("\r\n", at)) {
    out.push_back(ics.substr(at, crlf - at));
    at = crlf + 2;
  }
  EXPECT_EQ(at, ics.size()) << "the calendar must end with CRLF";
  return out;
}

std::string unfold(const std::string& ics) {
  std::string out;
  for (std::size_t i = 0; i < ics.size(); ++i) {
    if (ics.compare(i, 3, "\r\n ") == 0) {
      i += 2;
      continue;
    }
    out += ics[i];
  }
  return out;
}

}  // namespace

TEST(EventsIcal, EscapesTextValues) {
  EXPECT_EQ(ical::escape_text("a,b;c\\d"), "a\\,b\\;c\\\\d");
  EXPECT_EQ(ical::escape_text("一行目\r\n二行目\n三行目"), "一行目\\n二行目\\n三行目");
  EXPECT_EQ(ical::escape_text(std::string("tab\there\x01")), "tabhere");
}

TEST(EventsIcal, FoldsAt75OctetsWithoutSplittingCharacters) {
  const std::string line = "SUMMARY:" + std::string(200, 'a');
  const auto folded = ical::fold(line);
  for (const auto& l : physical_lines(folded)) EXPECT_LE(l.size(), 75u);
  EXPECT_EQ(unfold(folded), line + "\r\n");

  std::string japanese = "SUMMARY:";
  for (int i = 0; i < 60; ++i) japanese += "勉";  // 3 octets each
  const auto jf = ical::fold(japanese);
  for (const auto& l : physical_lines(jf)) {
    EXPECT_LE(l.size(), 75u);
    // Every physical line holds whole characters: none starts with a continuation byte
    // (after the folding space).
    const auto body = l[0] == ' ' ? l.substr(1) : l;
    ASSERT_FALSE(body.empty());
    EXPECT_NE(static_cast<unsigned char>(body[0]) & 0xC0, 0x80);
  }
  EXPECT_EQ(unfold(jf), japanese + "\r\n");
  EXPECT_EQ(ical::fold("SHORT"), "SHORT\r\n");
}

TEST(EventsIcal, TimesInTokyoAndUtc) {
  EXPECT_EQ(ical::local_time(kStart), "20261205T190000");
  EXPECT_EQ(ical::utc_time(kStart), "20261205T100000Z");
}

TEST(EventsIcal, CalendarHasTimezoneEventsAndCancellations) {
  ical::Entry a{12, "Rails もくもく会, 第3回; 初心者歓迎", "説明\n二行目", "https://camp.example.com/events", "",
                kStart, kEnd, kStart - 3600, false};
  ical::Entry b = a;
  b.id = 13;
  b.cancelled = true;
  b.location = "https://meet.example.com/abc";
  const auto ics = ical::calendar({a, b}, "camp.example.com", "camp イベント");
  const auto text = unfold(ics);
  EXPECT_EQ(text.rfind("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", 0), 0u);
  EXPECT_NE(text.find("BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo\r\n"), std::string::npos);
  EXPECT_NE(text.find("TZOFFSETTO:+0900\r\n"), std::string::npos);
  EXPECT_NE(text.find("UID:event-12@camp.example.com\r\n"), std::string::npos);
  EXPECT_NE(text.find("DTSTART;TZID=Asia/Tokyo:20261205T190000\r\n"), std::string::npos);
  EXPECT_NE(text.find("DTEND;TZID=Asia/Tokyo:20261205T210000\r\n"), std::string::npos);
  EXPECT_NE(text.find("DTSTAMP:20261205T090000Z\r\n"), std::string::npos);
  EXPECT_NE(text.find("SUMMARY:Rails もくもく会\\, 第3回\\; 初心者歓迎\r\n"), std::string::npos);
  EXPECT_NE(text.find("DESCRIPTION:説明\\n二行目\r\n"), std::string::npos);
  EXPECT_NE(text.find("LOCATION:https://meet.example.com/abc\r\n"), std::string::npos);
  const auto second = text.find("UID:event-13@");
  ASSERT_NE(second, std::string::npos);
  EXPECT_NE(text.find("STATUS:CANCELLED\r\n", second), std::string::npos);
  EXPECT_NE(text.find("STATUS:CONFIRMED\r\n"), std::string::npos);
  EXPECT_LT(text.find("STATUS:CONFIRMED\r\n"), second);
  EXPECT_EQ(text.substr(text.size() - 15), "END:VCALENDAR\r\n");
  for (const auto& l : physical_lines(ics)) EXPECT_LE(l.size(), 75u) << l;
  // No bare LF anywhere.
  for (std::size_t i = 0; i < ics.size(); ++i) {
    if (ics[i] == '\n') {
      EXPECT_EQ(ics[i - 1], '\r');
    }
  }
}
