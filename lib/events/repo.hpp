#pragma once
// The only SQL about events, their tags, participations, reads and calendar feeds. Every
// function runs inside the caller's transaction or autocommit scope.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "events/model.hpp"

namespace camp::events::repo {

// --- tags
std::vector<Tag> tags(db::Tx& tx);
std::optional<Tag> find_tag(db::Tx& tx, int id);
bool hold_tag(db::Tx& tx, int id);  // exists and stays until commit (FOR KEY SHARE)
int insert_tag(db::Tx& tx, const std::string& name);
bool rename_tag(db::Tx& tx, int id, const std::string& name);
bool lock_tag(db::Tx& tx, int id);  // FOR UPDATE
bool tag_in_use(db::Tx& tx, int id);
bool tag_named(db::Tx& tx, const std::string& name, int except_id);
void delete_tag(db::Tx& tx, int id);

// --- events (read as `viewer` sees them: their own participation; 0 for nobody)
enum class Scope { upcoming, past, drafts };
// A page of the scope and the scope's total; with mark_seen the viewer has seen every published event.
std::pair<std::vector<Event>, std::int64_t> list(db::Tx& tx, std::int64_t viewer, Scope scope, std::int64_t now, int page,
                                                 int per, bool mark_seen);
std::optional<Event> find(db::Tx& tx, std::int64_t id, std::int64_t viewer);
// Whether an event has this title (the seed's natural key).
bool titled(db::Tx& tx, const std::string& title);

struct Row {  // the event row, locked FOR UPDATE
  std::string status;
  int capacity = 0, participants_count = 0, waitlist_count = 0;
  std::int64_t starts_at = 0, ends_at = 0;
  std::optional<std::string> image_url;
};
std::optional<Row> lock(db::Tx& tx, std::int64_t id);

struct Fields {  // what insert/update write (update: only what is set)
  std::optional<std::string> title;
  std::optional<int> tag_id;
  std::optional<std::optional<std::string>> image_url, meeting_url;
  std::optional<std::string> description;
  std::optional<int> capacity;
  std::optional<std::int64_t> starts_at, ends_at;
};
std::int64_t insert(db::Tx& tx, const Fields& f, std::optional<std::int64_t> author_id);
void update(db::Tx& tx, std::int64_t id, const Fields& f);
// draft -> published with the next publishing number; false when it was not a draft.
bool publish(db::Tx& tx, std::int64_t id);
bool cancel(db::Tx& tx, std::int64_t id);

// --- participations (the event row locked by the caller)
// Which of the accounts have a row (participating or waiting) in the event.
std::vector<std::int64_t> joined_among(db::Tx& tx, std::int64_t event_id, const std::vector<std::int64_t>& account_ids);
// One row per account with its status, numbered (seq, the waitlist order) in the given order.
void insert_participations(db::Tx& tx, std::int64_t event_id, const std::vector<std::int64_t>& account_ids,
                           const std::vector<std::string>& statuses);
// The removed row's status, if there was one.
std::optional<std::string> delete_participation(db::Tx& tx, std::int64_t event_id, std::int64_t account_id);
// Moves the first waitlisted account up; its id, or nothing when the waitlist is empty.
std::optional<std::int64_t> promote_first(db::Tx& tx, std::int64_t event_id);
void add_counts(db::Tx& tx, std::int64_t event_id, int participants, int waitlisted);
std::vector<Participant> participants(db::Tx& tx, std::int64_t event_id);
// Accounts with a row in the event (participants only, or also the waitlist).
std::vector<std::int64_t> member_ids(db::Tx& tx, std::int64_t event_id, bool with_waitlist);

// --- unread badge
void mark_seen(db::Tx& tx, std::int64_t account_id);
std::int64_t unread_count(db::Tx& tx, std::int64_t account_id);

// --- accounts the events are closed to (students of course u29)
std::vector<std::int64_t> u29_student_ids(db::Tx& tx);

// --- reminders: published events starting in [from, to) not reminded yet, marked reminded now.
std::vector<std::int64_t> claim_reminders(db::Tx& tx, std::int64_t from, std::int64_t to);

// --- calendar feeds
std::string feed_token(db::Tx& tx, std::int64_t account_id, const std::string& fresh_token);  // existing or new
void reset_feed_token(db::Tx& tx, std::int64_t account_id, const std::string& token);
std::optional<std::int64_t> feed_owner(db::Tx& tx, const std::string& token);
// The events the account takes part in (not drafts), by start.
std::vector<Event> joined(db::Tx& tx, std::int64_t account_id);

}  // namespace camp::events::repo
