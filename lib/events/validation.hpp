#pragma once
// The rules of an event's fields that need no database (unit-tested): the API and the CLI
// both go through EventService, which calls these first.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace camp::events {

// What an author sends. Absent members (nullopt) are left as they are on update; a JSON null
// arrives as "" for the required text fields (so it reads as missing) and as an empty inner
// optional for the nullable ones.
struct EventInput {
  std::optional<std::string> title;
  std::optional<std::int64_t> tag_id;  // out of the 32-bit range: names no tag
  std::optional<std::optional<std::string>> image_url;
  std::optional<std::string> description;
  std::optional<std::string> capacity;  // ASCII digits, as typed (a JSON number arrives as its text)
  std::optional<std::string> start_date, start_at, end_at;
  std::optional<std::optional<std::string>> meeting_url;
};

// 1..1000, or the message: empty → 定員は必須です, not only ASCII digits → 半角数字のみ…,
// 0 → 1名以上…, over 1000 → 1000名以下… (never overflows, whatever the length).
struct CapacityCheck {
  std::optional<int> value;
  std::string error;
};
CapacityCheck check_capacity(std::string_view text);

// "19:00" (00:00..23:59, two digits each): minutes after midnight, or nothing.
std::optional<int> parse_clock(std::string_view text);

// Every rule on the fields that are present (all required ones when `creating`), except the
// ones that need the stored event: end after start when only part of the schedule changes
// (check_schedule) and capacity against participants.
FieldErrors validate(const EventInput& in, bool creating);

// Start and end instants from the school's date and clock times, or the field error
// ('終了時刻は開始時刻より後に設定してください' on end_at). The three texts must have passed validate().
struct Schedule {
  std::int64_t starts_at = 0, ends_at = 0;
};
Schedule schedule(std::string_view date, std::string_view start_at, std::string_view end_at);

}  // namespace camp::events
