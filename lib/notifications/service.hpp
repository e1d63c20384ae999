#pragma once
// The notification centre's use cases: every account reads and marks only its own
// notifications (anyone else's id is a 404, as if it did not exist), and sets how it hears of
// each category by mail. Every change of read state tells the account's open tabs on every
// daemon (stream notifications:<id>) in the same transaction, with the new unread counts.
// Admin announcements (the CLI) are domain events like any other.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "notifications/model.hpp"

namespace camp::notifications {

struct ListParams {
  std::string category;  // empty: every category
  bool unread_only = false;
  int page = 1, per = 20;
};

struct Page {
  std::vector<Notification> items;
  std::int64_t total = 0;
  int page = 1, per = 20;
  UnreadCounts unread;
};

struct Preferences {
  std::map<Category, MailPreference> mail;  // every category (the default where none was chosen)
  bool school_mail = true;                  // false: every school mail stopped (the school unsubscribe page)
  bool magazine = true;                     // the mail magazine
};
struct PreferencesInput {
  std::map<Category, MailPreference> mail;  // only the categories to change
  std::optional<bool> school_mail, magazine;
};

// What a tab hears of a new notification.
struct Delivery {
  std::int64_t account_id = 0;
  Notification notification;
  UnreadCounts unread;
};

struct Announcement {
  std::string title;
  std::string body;
  std::vector<std::string> roles;  // at least one
};
struct AnnounceResult {
  std::int64_t recipients = 0;  // accounts of those roles (each is told; mail per preference)
  bool dry_run = false;
};

class NotificationService {
 public:
  explicit NotificationService(db::Pool& pool) : pool_(pool) {}

  Page list(const accounts::Account& actor, const ListParams& params);
  UnreadCounts unread(const accounts::Account& actor);
  // One of the actor's own notifications (another's, or none: not_found).
  UnreadCounts mark_read(const accounts::Account& actor, std::int64_t id);
  // Every unread one of a category ("" : all of them).
  UnreadCounts mark_all_read(const accounts::Account& actor, const std::string& category);

  // For a daemon's open tabs (NotificationChannel): the notification of domain event
  // `event_id` of each of these accounts that has one, with its unread counts.
  std::vector<Delivery> of_event(std::int64_t event_id, const std::vector<std::int64_t>& account_ids);

  Preferences preferences(const accounts::Account& actor);
  Preferences update_preferences(const accounts::Account& actor, const PreferencesInput& input);

  // Admins only (the CLI's system actor among them): validated like a form (catalogue
  // messages), recorded as a domain event (announcement.created) unless `dry_run`.
  AnnounceResult announce(const accounts::Account& actor, const Announcement& announcement, bool dry_run);
  // Admins only: the latest `limit` notifications of an account, newest first.
  std::vector<Notification> latest_of(const accounts::Account& actor, std::int64_t account_id, bool unread_only,
                                      int limit);
  // Deletes the notifications and the daily scan's marks older than `retention_days` at `now`,
  // in batches of 1000 (at most `max_batches` of each, so a daemon's housekeeping stays
  // short): how many of each.
  struct Pruned {
    std::int64_t notifications = 0, marks = 0;
  };
  Pruned prune(TimePoint now, int retention_days, int max_batches);

 private:
  db::Pool& pool_;
};

// The roles an announcement may name.
bool is_role_name(const std::string& role);

}  // namespace camp::notifications
