#pragma once
// The event mails (mail/templates/event_*.{subject,txt,html}), queued in the caller's
// transaction, only to accounts that want topic `events` (lib/mail/preferences.hpp).
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

// Who a newly published event is mailed to: every student (not u29) and graduate who wants
// `events`.
std::vector<mail::Recipient> audience(db::Tx& tx);
// event_published to the audience: bulk mail with List-Unsubscribe (the events one-click URL).
// How many were queued.
std::size_t published(db::Tx& tx, const Context& c, const Event& e);
// `template_name` (event_moved_up, event_reminder, event_cancelled) to those of `account_ids`
// who want `events`. How many were queued.
std::size_t to_accounts(db::Tx& tx, const Context& c, const Event& e, const std::string& template_name,
                        const std::vector<std::int64_t>& account_ids);

}  // namespace camp::events::notify
