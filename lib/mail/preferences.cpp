#include "mail/preferences.hpp"

#include <sodium.h>

#include <charconv>

#include "db/arrays.hpp"

namespace camp::mail {
namespace {

// Topic `events` is the event category's mail preference (notification_preferences, migration
// 0030): stopping it there and on the events unsubscribe page is one and the same setting.
#define CAMP_EVENTS_NEVER(account) \
  "EXISTS (SELECT 1 FROM notification_preferences p WHERE p.account_id = " account " AND p.category = 'event' " \
  "AND p.mail = 'never')"
constexpr db::Statement kOptedOut{
    "mail_preferences.opted_out",
    "SELECT topic FROM mail_unsubscriptions WHERE account_id = $1 UNION "
    "SELECT 'events' WHERE " CAMP_EVENTS_NEVER("$1") " ORDER BY 1"};
constexpr db::Statement kWants{
    "mail_preferences.wants",
    "SELECT NOT EXISTS (SELECT 1 FROM mail_unsubscriptions WHERE account_id = $1 AND topic IN ($2, 'school')) "
    "AND NOT ($2 = 'events' AND " CAMP_EVENTS_NEVER("$1") ")"};
constexpr db::Statement kUnsubscribe{
    "mail_preferences.unsubscribe",
    "INSERT INTO mail_unsubscriptions (account_id, topic) SELECT id, $2 FROM accounts WHERE id = $1 "
    "ON CONFLICT DO NOTHING RETURNING 1"};
constexpr db::Statement kUnsubscribeEvents{
    "mail_preferences.unsubscribe_events",
    "INSERT INTO notification_preferences (account_id, category, mail) SELECT id, 'event', 'never' FROM accounts "
    "WHERE id = $1 ON CONFLICT (account_id, category) DO UPDATE SET mail = 'never', updated_at = now() "
    "WHERE notification_preferences.mail <> 'never' RETURNING 1"};
constexpr db::Statement kResubscribe{
    "mail_preferences.resubscribe", "DELETE FROM mail_unsubscriptions WHERE account_id = $1 AND topic = $2"};
// Back to the category's default.
constexpr db::Statement kResubscribeEvents{
    "mail_preferences.resubscribe_events",
    "DELETE FROM notification_preferences WHERE account_id = $1 AND category = 'event' AND mail = 'never'"};
constexpr db::Statement kRecipients{
    "mail_preferences.recipients",
    "SELECT a.id, a.email, a.nickname FROM accounts a "
    "WHERE (cardinality($2::text[]) = 0 OR a.role = ANY($2::text[])) "
    "AND NOT EXISTS (SELECT 1 FROM mail_unsubscriptions u WHERE u.account_id = a.id AND u.topic IN ($1, 'school')) "
    "AND NOT ($1 = 'events' AND " CAMP_EVENTS_NEVER("a.id") ") "
    "ORDER BY a.id"};

std::string base64url(const unsigned char* bytes, std::size_t n) {
  std::string out(sodium_base64_ENCODED_LEN(n, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(out.data(), out.size(), bytes, n, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(out.find('\0'));
  return out;
}

std::string hmac(std::string_view key, std::string_view message) {
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key.data()), key.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()), message.size());
  crypto_auth_hmacsha256_final(&state, mac);
  return {reinterpret_cast<const char*>(mac), sizeof mac};
}

const char* page_path(Topic topic) {
  switch (topic) {
    case Topic::school: return "/in_house_mng_system/unsubscription-to-email/";
    case Topic::events: return "/unsubscribe-event-notifications/";
    case Topic::magazine: return "/unsubscribe-magazine/";
  }
  return "/";
}

}  // namespace

std::string_view topic_name(Topic topic) {
  switch (topic) {
    case Topic::school: return "school";
    case Topic::events: return "events";
    case Topic::magazine: return "magazine";
  }
  return "school";
}

std::optional<Topic> topic_from(std::string_view name) {
  for (auto t : {Topic::school, Topic::events, Topic::magazine})
    if (topic_name(t) == name) return t;
  return std::nullopt;
}

bool wants(db::Tx& tx, std::int64_t account_id, Topic topic) {
  return tx.exec(kWants, account_id, std::string(topic_name(topic)))[0][0].as<bool>();
}

std::vector<Topic> opted_out(db::Tx& tx, std::int64_t account_id) {
  std::vector<Topic> out;
  for (const auto& row : tx.exec(kOptedOut, account_id))
    if (auto t = topic_from(row[0].as<std::string>())) out.push_back(*t);
  return out;
}

bool unsubscribe(db::Tx& tx, std::int64_t account_id, Topic topic) {
  if (topic == Topic::events) return !tx.exec(kUnsubscribeEvents, account_id).empty();
  return !tx.exec(kUnsubscribe, account_id, std::string(topic_name(topic))).empty();
}

void resubscribe(db::Tx& tx, std::int64_t account_id, Topic topic) {
  if (topic == Topic::events) tx.exec(kResubscribeEvents, account_id);
  else tx.exec(kResubscribe, account_id, std::string(topic_name(topic)));
}

std::vector<Recipient> recipients(db::Tx& tx, Topic topic, const std::vector<std::string>& roles) {
  std::vector<Recipient> out;
  const auto rows = tx.exec(kRecipients, std::string(topic_name(topic)), db::text_array(roles));
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>()});
  return out;
}

// The key is the JWT secret's HMAC of a fixed label: one secret to keep, and a tag made for
// unsubscribing can never pass as anything else signed with that secret.
UnsubscribeLinks::UnsubscribeLinks(std::string_view secret, std::string public_url)
    : key_(hmac(secret, "camp mail unsubscribe v1")), public_url_(std::move(public_url)) {}

std::string UnsubscribeLinks::tag(std::int64_t account_id, Topic topic) const {
  const auto mac = hmac(key_, std::string(topic_name(topic)) + ":" + std::to_string(account_id));
  return base64url(reinterpret_cast<const unsigned char*>(mac.data()), 16);
}

std::string UnsubscribeLinks::id(std::int64_t account_id, Topic topic) const {
  return std::to_string(account_id) + "." + tag(account_id, topic);
}

std::optional<std::int64_t> UnsubscribeLinks::verify(std::string_view id, Topic topic) const {
  const auto dot = id.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot > 18) return std::nullopt;
  std::int64_t account_id = 0;
  const auto digits = id.substr(0, dot);
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), account_id);
  if (ec != std::errc{} || end != digits.data() + digits.size() || account_id < 1 || digits[0] == '0') return std::nullopt;
  const auto given = id.substr(dot + 1);
  const auto expected = tag(account_id, topic);
  if (given.size() != expected.size() || sodium_memcmp(given.data(), expected.data(), expected.size()) != 0)
    return std::nullopt;
  return account_id;
}

std::string UnsubscribeLinks::page_url(std::int64_t account_id, Topic topic) const {
  return public_url_ + page_path(topic) + id(account_id, topic);
}

std::string UnsubscribeLinks::one_click_url(std::int64_t account_id, Topic topic) const {
  return public_url_ + "/api/v1/mail_unsubscriptions/" + std::string(topic_name(topic)) + "/" + id(account_id, topic);
}

}  // namespace camp::mail
