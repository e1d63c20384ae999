#include "events/notifications.hpp"

#include <algorithm>
#include <chrono>
#include <unordered_set>

#include "core/school_time.hpp"
#include "events/repo.hpp"
#include "events/validation.hpp"
#include "mail/outbox.hpp"
#include "mail/repo.hpp"

namespace camp::events::notify {
namespace {

const std::vector<std::string> kMembers{"student", "graduate"};

// One event mail; the unsubscribe page is a link (kept out of the stored mail once sent).
mail::Outgoing event_mail(const Context& c, const Event& e, const mail::Recipient& r, const std::string& template_name,
                          bool bulk) {
  return {.to = r.email,
          .template_name = template_name,
          .values = {{"nickname", r.nickname.empty() ? r.email : r.nickname},
                     {"title", e.title},
                     {"when", when(e)},
                     {"url", c.page_url}},
          .links = {{"unsubscribe_url", c.links.page_url(r.account_id, mail::Topic::events)}},
          .bulk = bulk,
          .unsubscribe_url = bulk ? c.links.one_click_url(r.account_id, mail::Topic::events) : ""};
}

}  // namespace

std::string when(const Event& e) {
  static const char* const kWeekdays[] = {"日", "月", "火", "水", "木", "金", "土"};
  const auto starts = school_time(e.starts_at), ends = school_time(e.ends_at);
  const auto d = school_date(unix_time(e.starts_at));
  const auto weekday = std::chrono::weekday(std::chrono::sys_days(d)).c_encoding();
  return std::to_string(static_cast<unsigned>(d.month())) + "月" + std::to_string(static_cast<unsigned>(d.day())) + "日(" +
         kWeekdays[weekday] + ") " + starts.clock + "〜" + ends.clock;
}

std::vector<mail::Recipient> audience(db::Tx& tx) {
  const auto closed = repo::u29_student_ids(tx);
  const std::unordered_set<std::int64_t> excluded(closed.begin(), closed.end());
  auto people = mail::repo::recipients(tx, mail::Topic::events, kMembers);
  std::erase_if(people, [&](const mail::Recipient& r) { return excluded.count(r.account_id) > 0; });
  return people;
}

std::size_t to_accounts(db::Tx& tx, const Context& c, const Event& e, const std::string& template_name,
                        const std::vector<std::int64_t>& account_ids) {
  if (account_ids.empty()) return 0;
  const std::unordered_set<std::int64_t> wanted(account_ids.begin(), account_ids.end());
  std::vector<mail::Outgoing> mails;
  for (const auto& r : mail::repo::recipients(tx, mail::Topic::events, kMembers))
    if (wanted.count(r.account_id))
      mails.push_back(event_mail(c, e, r, template_name, false));
  return mails.empty() ? 0 : mail::enqueue_many(tx, mails);
}

}  // namespace camp::events::notify
