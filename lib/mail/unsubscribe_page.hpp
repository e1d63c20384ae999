#pragma once
// The unsubscribe pages' use cases (GET/POST /api/v1/mail_unsubscriptions/{topic}/{id}, the
// RFC 8058 one-click target too). The signed id is the credential: no login, the same answer
// for everyone who holds the link. A tampered, truncated or other-topic id, an unknown topic or
// an account that no longer exists: Error(not_found, msg::unsubscribe_link_invalid), nothing
// changed.
#include <string>
#include <string_view>

#include "db/pool.hpp"
#include "mail/preferences.hpp"

namespace camp::mail {

struct UnsubscribeView {
  Topic topic = Topic::school;
  std::string masked_email;  // "t***@example.com": enough to recognise, not to learn the address
  bool stopped = false;      // the account does not receive the topic now (its own or `school` opt-out)
  bool changed = false;      // this request recorded the opt-out (POST only)
};

// What the link would stop, and whether it already is.
UnsubscribeView unsubscribe_view(db::Pool& pool, const UnsubscribeLinks& links, std::string_view topic,
                                 std::string_view id);
// Records the opt-out (idempotent: a second call answers the same with changed = false).
UnsubscribeView unsubscribe_with_link(db::Pool& pool, const UnsubscribeLinks& links, std::string_view topic,
                                      std::string_view id);

// The first character of the local part, "***", and the domain.
std::string mask_email(const std::string& email);

}  // namespace camp::mail
