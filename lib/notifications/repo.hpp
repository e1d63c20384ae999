#pragma once
// The SQL of notifications, their preferences and the domain events waiting for dispatch.
// Every function runs in the caller's transaction.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "notifications/model.hpp"

namespace camp::notifications::repo {

// --- the centre
struct ListQuery {
  std::int64_t account_id = 0;
  std::optional<Category> category;
  bool unread_only = false;
  int page = 1, per = 20;
};
std::pair<std::vector<Notification>, std::int64_t> list(db::Tx& tx, const ListQuery& q);
UnreadCounts unread_counts(db::Tx& tx, std::int64_t account_id);
// The account's own notification read now (already read: unchanged). False: no such
// notification of this account.
bool mark_read(db::Tx& tx, std::int64_t account_id, std::int64_t id);
// Every unread one of the category (or all): how many became read.
std::int64_t mark_read_where(db::Tx& tx, std::int64_t account_id, std::optional<Category> category);
// Tells the account's open tabs on every daemon (stream notifications:<id>, sent at commit).
void announce(db::Tx& tx, std::int64_t account_id, const nlohmann::json& message);
// Deletes up to `batch` notifications created before `cutoff` (epoch seconds): how many.
std::int64_t prune(db::Tx& tx, std::int64_t cutoff, int batch);

// --- preferences
std::map<Category, MailPreference> mail_preferences(db::Tx& tx, std::int64_t account_id);  // stored rows only
void set_mail_preference(db::Tx& tx, std::int64_t account_id, Category category, MailPreference preference);

// --- dispatch
struct DomainEvent {
  std::int64_t id = 0;
  std::string type;
  std::optional<std::int64_t> actor_id;
  nlohmann::json payload;
  int attempts = 0;
};
// The oldest due event, locked FOR UPDATE SKIP LOCKED (another dispatcher skips it).
std::optional<DomainEvent> claim_event(db::Tx& tx);
void delete_event(db::Tx& tx, std::int64_t id);
// The oldest due events, at most `limit`, locked and deleted (gone once the transaction
// commits), oldest first.
std::vector<DomainEvent> take_events(db::Tx& tx, int limit);
// A failed attempt: due again later, failed for good after `max_attempts`.
void event_failed(db::Tx& tx, std::int64_t id, const std::string& error, int max_attempts);
struct EventCounts {
  std::int64_t pending = 0, failed = 0;
};
EventCounts event_counts(db::Tx& tx);
// Whether migration 0030 is applied (the CLI on a database not migrated yet).
bool events_table_exists(db::Tx& tx);

// Someone who may be told: the account as its domain policies need it, how it wants mail of
// the category, and whether it stopped every school mail (mail_unsubscriptions `school`).
struct Recipient {
  accounts::Account account;
  MailPreference mail = MailPreference::never;
  bool school_mail_stopped = false;
};
std::vector<Recipient> recipients(db::Tx& tx, const std::vector<std::int64_t>& account_ids, Category category);
std::vector<std::int64_t> account_ids_with_roles(db::Tx& tx, const std::vector<std::string>& roles);

struct NewNotifications {
  std::int64_t event_id = 0;
  std::string kind;
  Category category = Category::announcement;
  std::string title, body, link;
  std::optional<std::int64_t> actor_id;
};
// One row per account (an account already told of this event is skipped): the accounts
// written. Wakes every daemon's NotificationChannel (stream notifications, at commit).
std::vector<std::int64_t> insert_notifications(db::Tx& tx, const NewNotifications& n,
                                               const std::vector<std::int64_t>& account_ids);

// For a daemon's connected tabs: the event's notification of each of these accounts, and
// their unread counts.
std::vector<std::pair<std::int64_t, Notification>> of_event(db::Tx& tx, std::int64_t event_id,
                                                            const std::vector<std::int64_t>& account_ids);
std::map<std::int64_t, UnreadCounts> unread_counts_of(db::Tx& tx, const std::vector<std::int64_t>& account_ids);

// --- the daily digest: unread notifications created in [from, to) of the categories each
// account takes daily (no row: `daily_by_default`), to accounts that did not stop school mail.
struct DigestItem {
  std::int64_t account_id = 0;
  std::string email, display_name;
  Category category = Category::announcement;
  std::string title, link;
};
std::vector<DigestItem> digest_items(db::Tx& tx, std::int64_t from, std::int64_t to,
                                     const std::vector<std::string>& daily_by_default);

// Once per school day (mail_runs, kind notification_digest): true when this call took `day`
// (a concurrent run waits for it, then finds it taken).
bool claim_digest_day(db::Tx& tx, const std::string& day);
void set_digest_mails(db::Tx& tx, const std::string& day, int mails);

// The stream of one account's tabs, and the one every NotificationChannel relays.
std::string account_stream(std::int64_t account_id);
inline constexpr const char* kNewNotificationsStream = "notifications";

}  // namespace camp::notifications::repo
