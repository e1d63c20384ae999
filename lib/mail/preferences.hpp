#pragma once
// What an account receives, and the signed links that let anyone holding the mail stop it
// without logging in (docs/mail.md "Unsubscribing").
//
// Every non-transactional mail checks its topic in the transaction that enqueues it:
//   if (mail::repo::wants(tx, account_id, mail::Topic::events)) mail::enqueue(tx, {...});
// or picks its recipients with mail::repo::recipients(tx, topic, roles) for a bulk send.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/pool.hpp"

namespace camp::mail {

// Transactional mail (password reset, invitations, anything the account asked for) has no
// topic and is always sent.
enum class Topic {
  school,    // every non-transactional mail from the school: the master switch
  events,    // event notifications (published events, waitlist moves, reminders)
  magazine,  // the mail magazine
};

std::string_view topic_name(Topic topic);  // "school", "events", "magazine"
std::optional<Topic> topic_from(std::string_view name);

struct Recipient {
  std::int64_t account_id = 0;
  std::string email;
  std::string display_name;
};

// Signed ids for the unsubscribe pages: "<account_id>.<tag>", the tag an HMAC-SHA-256 (first
// 128 bits, base64url) of the topic and the id under a key derived from the JWT secret, so an
// id works for its own topic and account only and cannot be guessed from another. They do not
// expire (a mail from last year must still stop the next one); rotating jwt_secret voids them.
class UnsubscribeLinks {
 public:
  UnsubscribeLinks(std::string_view secret, std::string public_url);

  std::string id(std::int64_t account_id, Topic topic) const;
  // The account a well-formed id of `topic` names, or nothing (tampered, truncated, other topic).
  std::optional<std::int64_t> verify(std::string_view id, Topic topic) const;

  // The page that shows what stops and a confirm button:
  //   school   /in_house_mng_system/unsubscription-to-email/{id}
  //   events   /unsubscribe-event-notifications/{id}
  //   magazine /unsubscribe-magazine/{id}
  std::string page_url(std::int64_t account_id, Topic topic) const;
  // The RFC 8058 one-click target for List-Unsubscribe: a POST with no questions asked.
  std::string one_click_url(std::int64_t account_id, Topic topic) const;

 private:
  std::string tag(std::int64_t account_id, Topic topic) const;
  std::string key_;  // 32 bytes
  std::string public_url_;
};

}  // namespace camp::mail
