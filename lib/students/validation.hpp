#pragma once
// Field rules of the students domain (docs/students.md "Validation"): each returns the
// catalogue's message, or nothing.
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/clock.hpp"

namespace camp::students {

// A mentoring date-time: "YYYY-MM-DD HH:MM[:SS]", "T" or "/" spellings, optional offset (Z,
// +09:00, +0900); without one it is school time (Asia/Tokyo). The message when it is missing
// (empty, only blanks), shorter than limits::mentoring_held_at_min characters or not a valid
// date-time.
std::variant<TimePoint, std::string> parse_held_at(std::string_view text);
// Mentoring body: required (not only blanks), at most limits::mentoring_body_max characters.
std::optional<std::string> mentoring_body(std::string_view body);
// Student name: required, one line (text::one_line), at most limits::student_name_max characters.
std::optional<std::string> student_name(std::string_view name);
// "2026-11-01" or "2026/11/01".
std::optional<Date> parse_day(std::string_view text);

}  // namespace camp::students
