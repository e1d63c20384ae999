#include "events/validation.hpp"

#include <chrono>

#include "core/clock.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"

namespace camp::events {
namespace {

bool all_ascii_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

void add(FieldErrors& errors, const char* field, std::string_view message) { errors[field].emplace_back(message); }

// Only an /uploads/event/... name our upload route makes (random hex, sniffed extension).
bool own_event_upload(std::string_view url) {
  constexpr std::string_view prefix = "/uploads/event/";
  if (url.substr(0, prefix.size()) != prefix) return false;
  const auto name = url.substr(prefix.size());
  const auto dot = name.find('.');
  if (dot != 32) return false;
  for (char c : name.substr(0, 32))
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  const auto ext = name.substr(33);
  return ext == "jpg" || ext == "png" || ext == "webp";
}

// http(s)://host... with a host, no spaces or controls, at most 2048 bytes.
bool web_url(std::string_view url) {
  if (url.size() > 2048) return false;
  std::size_t rest;
  if (url.substr(0, 7) == "http://") rest = 7;
  else if (url.substr(0, 8) == "https://") rest = 8;
  else return false;
  for (unsigned char c : url)
    if (c <= 0x20 || c == 0x7f) return false;
  const auto host_end = url.find_first_of("/?#", rest);
  const auto host = url.substr(rest, host_end == std::string_view::npos ? std::string_view::npos : host_end - rest);
  return !host.empty() && host.find('@') == std::string_view::npos && host[0] != ':' && host[0] != '.';
}

}  // namespace

CapacityCheck check_capacity(std::string_view text) {
  if (text.empty()) return {std::nullopt, std::string(msg::event_capacity_required)};
  if (!all_ascii_digits(text)) return {std::nullopt, std::string(msg::event_capacity_digits)};
  const auto significant = text.find_first_not_of('0');
  if (significant == std::string_view::npos) return {std::nullopt, std::string(msg::event_capacity_at_least_one)};
  const auto digits = text.substr(significant);
  if (digits.size() > 4) return {std::nullopt, std::string(msg::event_capacity_max)};
  const int value = std::stoi(std::string(digits));
  if (value > limits::event_capacity_max) return {std::nullopt, std::string(msg::event_capacity_max)};
  return {value, {}};
}

std::optional<int> parse_clock(std::string_view t) {
  if (t.size() != 5 || t[2] != ':' || !all_ascii_digits(t.substr(0, 2)) || !all_ascii_digits(t.substr(3, 2)))
    return std::nullopt;
  const int h = std::stoi(std::string(t.substr(0, 2))), m = std::stoi(std::string(t.substr(3, 2)));
  if (h > 23 || m > 59) return std::nullopt;
  return h * 60 + m;
}

FieldErrors validate(const EventInput& in, bool creating) {
  FieldErrors errors;
  if (in.title || creating) {
    const auto title = text::trim(in.title.value_or(""));
    if (title.empty()) add(errors, "title", msg::title_required);
    else if (!text::one_line(title)) add(errors, "title", msg::title_one_line);  // it goes into mail subjects
    else if (validate::char_count(title) > limits::event_title_max) add(errors, "title", msg::event_title_too_long);
  }
  if (in.tag_id && *in.tag_id > 2147483647) add(errors, "tag_id", msg::event_tag_unknown);
  if (in.image_url && *in.image_url && !in.image_url->value().empty() && !own_event_upload(**in.image_url))
    add(errors, "image_url", msg::image_url_own_upload);
  if (in.description && validate::char_count(*in.description) > limits::event_description_max)
    add(errors, "description", msg::event_description_too_long);
  if (in.capacity || creating) {
    const auto c = check_capacity(in.capacity.value_or(""));
    if (!c.value) add(errors, "capacity", c.error);
  }
  if (in.start_date || creating) {
    const auto d = in.start_date.value_or("");
    if (d.empty()) add(errors, "start_date", msg::event_start_date_required);
    else if (!parse_date(d)) add(errors, "start_date", msg::event_start_date_format);
  }
  const auto clock = [&](const std::optional<std::string>& v, const char* field, std::string_view required) {
    if (!v && !creating) return;
    if (v.value_or("").empty()) add(errors, field, required);
    else if (!parse_clock(*v)) add(errors, field, msg::event_time_format);
  };
  clock(in.start_at, "start_at", msg::event_start_at_required);
  clock(in.end_at, "end_at", msg::event_end_at_required);
  if (!errors.count("start_at") && !errors.count("end_at") && in.start_at && in.end_at &&
      *parse_clock(*in.end_at) <= *parse_clock(*in.start_at))
    add(errors, "end_at", msg::event_end_before_start);
  if (in.meeting_url && *in.meeting_url && !in.meeting_url->value().empty() && !web_url(**in.meeting_url))
    add(errors, "meeting_url", msg::url_format);
  return errors;
}

Schedule schedule(std::string_view date, std::string_view start_at, std::string_view end_at) {
  const auto d = *parse_date(date);  // validated
  const auto start = *parse_clock(start_at), end = *parse_clock(end_at);
  if (end <= start)
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"end_at", {std::string(msg::event_end_before_start)}}});
  const auto epoch = std::chrono::duration_cast<std::chrono::seconds>(school_day_start(d).time_since_epoch()).count();
  return {epoch + start * 60, epoch + end * 60};
}

}  // namespace camp::events
