#include "mail/preferences.hpp"

#include <sodium.h>

#include <charconv>

namespace camp::mail {
namespace {

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
