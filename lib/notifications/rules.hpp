#pragma once
// Who hears of what: one table, one row per (event type, audience). The dispatcher
// (dispatcher.hpp) runs every row of an event's type; nothing else decides recipients.
// docs/notifications.md shows the same table in words.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "mail/templates.hpp"
#include "notifications/model.hpp"
#include "notifications/repo.hpp"

namespace camp::notifications {

// What the notification says; the same for every recipient of the row.
struct Content {
  std::string title;  // one line
  std::string body;   // one line, maybe empty
  std::string link;   // a path of the web app
};

struct Rule {
  std::string_view type;  // the domain event (events.hpp)
  Category category;
  // The accounts to consider (the actor and those the policy refuses are dropped after).
  std::function<std::vector<std::int64_t>(db::Tx&, const repo::DomainEvent&)> audience;
  // The owning domain's read policy: may this account read the object the event is about?
  std::function<bool(const accounts::Account&, const repo::DomainEvent&)> may_read;
  std::function<Content(const repo::DomainEvent&)> content;
  // The mail for those who take the category immediately: a template of mail/templates
  // ("notification" when nothing special), or empty for none (never a mail about a mail).
  std::string_view mail_template = "notification";
  // The values the template needs beyond name, title, body, url, settings_url and
  // unsubscribe_url (the event mails' own title and date).
  std::function<mail::Values(const repo::DomainEvent&)> mail_values = nullptr;
  bool bulk = false;  // List-Unsubscribe with the category's one-click link (RFC 8058)
};

const std::vector<Rule>& rules();

}  // namespace camp::notifications
