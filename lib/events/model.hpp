#pragma once
// Events (docs/events.md): what the API, the CLI and the calendar read.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"

namespace camp::events {

// Whether the account has the events area at all (else every route is a 404): admins,
// graduates and students but those of course u29. Also the events' read policy for
// notifications (lib/notifications/rules.cpp).
bool has_events(const accounts::Account& actor);
// The two halves of the area. Everyone without it gets 404 (not_found), then:
// admins only, 403 to students and graduates;
void require_events_admin(const accounts::Account& actor);
// students and graduates (those who join, with a badge and a calendar), 403 to admins.
void require_events_member(const accounts::Account& actor);

struct Tag {
  int id = 0;
  std::string name;
};

// An event as one account sees it. Instants are epoch seconds; the school's dates and clock
// times (Asia/Tokyo) are derived by to_json.
struct Event {
  std::int64_t id = 0;
  std::string title;
  Tag tag;
  std::optional<std::string> image_url;
  std::string description;
  int capacity = 0;
  int participants_count = 0;
  int waitlist_count = 0;
  std::int64_t starts_at = 0, ends_at = 0;
  std::string status;  // draft | published | cancelled
  std::optional<std::string> meeting_url;  // null unless the reader may see it (service decides)
  std::optional<std::string> my_participation;  // participant | waitlisted
  std::optional<int> waitlist_position;
  std::optional<std::int64_t> published_at;
  std::int64_t created_at = 0, updated_at = 0;
};

struct Participant {
  std::int64_t account_id = 0;
  std::string display_name, email;
  std::string status;  // participant | waitlisted
  int position = 0;    // 1-based, within its status, in arrival order
  std::int64_t joined_at = 0;
};

// The school's wall clock at an instant: "2026-12-05", "19:00", "2026-12-05T19:00:00+09:00".
struct SchoolTime {
  std::string date, clock, iso;
};
SchoolTime school_time(std::int64_t epoch_seconds);
// "12月5日(土) 19:00〜21:00" in the school's time (notifications and mails).
std::string when(const Event& e);

nlohmann::json to_json(const Tag& t);
nlohmann::json to_json(const Event& e);
nlohmann::json to_json(const Participant& p);
// participants --csv and GET .../participants?format=csv: a header, then one line per row.
std::string to_csv(const std::vector<Participant>& rows);

}  // namespace camp::events
