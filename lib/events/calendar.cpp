// The secret iCalendar feed of joined events and "add to calendar" (lib/events/ical.hpp).
#include <sodium.h>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "events/ical.hpp"
#include "events/repo.hpp"
#include "events/service.hpp"

namespace camp::events {
namespace {

using accounts::Role;

// 32 random bytes, base64url without padding: 43 characters.
std::string new_token() {
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char out[sodium_base64_ENCODED_LEN(32, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(out, sizeof out, bytes, sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return out;
}

bool token_shape(const std::string& t) {
  if (t.size() != 43) return false;
  for (char c : t)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
  return true;
}

ical::Entry entry(const Event& e, const std::string& url) {
  return {e.id, e.title, e.description, url, e.meeting_url.value_or(""), e.starts_at, e.ends_at, e.updated_at,
          e.status == "cancelled"};
}

}  // namespace

std::string EventService::calendar_url(const accounts::Account& actor) {
  require_events_member(actor);
  const auto token = pool_.transaction([&](db::Tx& tx) { return repo::feed_token(tx, actor.id, new_token()); });
  return public_url_ + "/calendar/" + token + ".ics";
}

std::string EventService::reset_calendar(const accounts::Account& actor) {
  require_events_member(actor);
  const auto token = new_token();
  pool_.transaction([&](db::Tx& tx) { repo::reset_feed_token(tx, actor.id, token); });
  return public_url_ + "/calendar/" + token + ".ics";
}

std::optional<std::string> EventService::calendar(const std::string& token) {
  if (!token_shape(token)) return std::nullopt;
  return pool_.transaction(
      [&](db::Tx& tx) -> std::optional<std::string> {
        const auto owner = repo::feed_owner(tx, token);
        if (!owner) return std::nullopt;
        std::vector<ical::Entry> entries;
        for (const auto& e : repo::joined(tx, *owner)) entries.push_back(entry(e, page_url()));
        return ical::calendar(entries, host(), "camp イベント");
      },
      db::Isolation::repeatable_read);
}

std::string EventService::event_ics(const accounts::Account& actor, std::int64_t id) {
  const auto e = get(actor, id);
  return ical::calendar({entry(e, page_url())}, host(), e.title);
}

}  // namespace camp::events
