#pragma once
// The day-before reminder mail (mail/templates/event_reminder.*), queued in the caller's
// transaction, only to accounts that want topic `events` (lib/mail/preferences.hpp). Publishing,
// moving up and cancelling are domain events: their notifications and mails are the
// dispatcher's (lib/notifications/rules.cpp).
#include <cstdint>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "events/model.hpp"
#include "mail/preferences.hpp"

namespace camp::events::notify {

struct Context {
  const mail::UnsubscribeLinks& links;
  std::string page_url;  // <public_url>/events
};

// "12月5日(土) 19:00〜21:00" in the school's time.
std::string when(const Event& e);

// Who a newly published event is mailed to (immediately or in the daily digest), for the
// publish confirmation: every student (not u29) and graduate who wants `events`. The mails
// themselves are the dispatcher's (the rule table in lib/notifications/rules.cpp).
std::vector<mail::Recipient> audience(db::Tx& tx);
// `template_name` (event_reminder) to those of `account_ids` who want `events`. How many were
// queued.
std::size_t to_accounts(db::Tx& tx, const Context& c, const Event& e, const std::string& template_name,
                        const std::vector<std::int64_t>& account_ids);

}  // namespace camp::events::notify
