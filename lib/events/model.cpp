#include "events/model.hpp"

#include <chrono>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/school_time.hpp"

namespace camp::events {

bool has_events(const accounts::Account& a) {
  using accounts::Role;
  if (a.role == Role::admin || a.role == Role::graduate) return true;
  return a.role == Role::student && !(a.course && a.course->code == "u29");
}

void require_events_admin(const accounts::Account& a) {
  if (!has_events(a)) throw Error(errc::not_found, std::string(msg::not_found));
  if (a.role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
}

void require_events_member(const accounts::Account& a) {
  if (!has_events(a)) throw Error(errc::not_found, std::string(msg::not_found));
  if (a.role == accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
}

SchoolTime school_time(std::int64_t epoch_seconds) {
  const auto at = unix_time(epoch_seconds);
  return {format_date(school_date(at)), format_school(at, "%H:%M"), iso_school(at)};
}

std::string when(const Event& e) {
  static const char* const kWeekdays[] = {"日", "月", "火", "水", "木", "金", "土"};
  const auto starts = school_time(e.starts_at), ends = school_time(e.ends_at);
  const auto d = school_date(unix_time(e.starts_at));
  const auto weekday = std::chrono::weekday(std::chrono::sys_days(d)).c_encoding();
  return std::to_string(static_cast<unsigned>(d.month())) + "月" + std::to_string(static_cast<unsigned>(d.day())) + "日(" +
         kWeekdays[weekday] + ") " + starts.clock + "〜" + ends.clock;
}

nlohmann::json to_json(const Tag& t) { return {{"id", t.id}, {"name", t.name}}; }

nlohmann::json to_json(const Event& e) {
  const auto starts = school_time(e.starts_at), ends = school_time(e.ends_at);
  auto opt = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  return {{"id", e.id},
          {"title", e.title},
          {"tag", to_json(e.tag)},
          {"image_url", opt(e.image_url)},
          {"description", e.description},
          {"capacity", e.capacity},
          {"participants_count", e.participants_count},
          {"waitlist_count", e.waitlist_count},
          {"start_date", starts.date},
          {"start_at", starts.clock},
          {"end_at", ends.clock},
          {"starts_at", starts.iso},
          {"ends_at", ends.iso},
          {"status", e.status},
          {"meeting_url", opt(e.meeting_url)},
          {"my_participation", opt(e.my_participation)},
          {"waitlist_position", opt(e.waitlist_position)},
          {"published_at", e.published_at ? nlohmann::json(iso_utc(unix_time(*e.published_at))) : nlohmann::json(nullptr)},
          {"created_at", iso_utc(unix_time(e.created_at))}};
}

nlohmann::json to_json(const Participant& p) {
  return {{"account", {{"id", p.account_id}, {"display_name", p.display_name}, {"email", p.email}}},
          {"status", p.status},
          {"position", p.position},
          {"joined_at", iso_utc(unix_time(p.joined_at))}};
}

std::string to_csv(const std::vector<Participant>& rows) {
  std::string out;
  csv::append_row(out, {"account_id", "display_name", "email", "status", "position", "joined_at"});
  for (const auto& p : rows)
    csv::append_row(out, {std::to_string(p.account_id), p.display_name, p.email, p.status, std::to_string(p.position),
                          iso_utc(unix_time(p.joined_at))});
  return out;
}

}  // namespace camp::events
