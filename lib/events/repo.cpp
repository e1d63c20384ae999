#include "events/repo.hpp"

#include "db/arrays.hpp"
#include "reporting/definitions.hpp"

namespace camp::events::repo {
namespace {

constexpr db::Statement kTags{"event_tags.list", "SELECT id, name FROM event_tags ORDER BY id"};
constexpr db::Statement kFindTag{"event_tags.find", "SELECT id, name FROM event_tags WHERE id = $1"};
constexpr db::Statement kHoldTag{"event_tags.hold", "SELECT 1 FROM event_tags WHERE id = $1 FOR KEY SHARE"};
constexpr db::Statement kLockTag{"event_tags.lock", "SELECT 1 FROM event_tags WHERE id = $1 FOR UPDATE"};
constexpr db::Statement kInsertTag{"event_tags.insert", "INSERT INTO event_tags (name) VALUES ($1) RETURNING id"};
constexpr db::Statement kRenameTag{"event_tags.rename", "UPDATE event_tags SET name = $2 WHERE id = $1"};
constexpr db::Statement kTagInUse{"event_tags.in_use", "SELECT 1 FROM events WHERE tag_id = $1 LIMIT 1"};
constexpr db::Statement kTagNamed{"event_tags.named", "SELECT 1 FROM event_tags WHERE name = $1 AND id <> $2"};
constexpr db::Statement kDeleteTag{"event_tags.delete", "DELETE FROM event_tags WHERE id = $1"};

// $1: the viewer (their participation and waitlist position).
#define CAMP_EVENT_COLUMNS                                                                                       \
  "e.id, e.title, t.id, t.name, e.image_url, e.description, e.capacity, e.participants_count, "                 \
  "e.waitlist_count, floor(extract(epoch FROM e.starts_at))::int8, floor(extract(epoch FROM e.ends_at))::int8, " \
  "e.status, e.meeting_url, p.status, "                                                                         \
  "CASE WHEN p.status = 'waitlisted' THEN (SELECT count(*) FROM event_participations w "                       \
  "WHERE w.event_id = e.id AND w.status = 'waitlisted' AND w.seq <= p.seq) END, "                              \
  "floor(extract(epoch FROM e.published_at))::int8, floor(extract(epoch FROM e.created_at))::int8, "           \
  "floor(extract(epoch FROM e.updated_at))::int8 "
#define CAMP_EVENT_FROM                                                \
  "FROM events e JOIN event_tags t ON t.id = e.tag_id "                \
  "LEFT JOIN event_participations p ON p.event_id = e.id AND p.account_id = $1 "
#define CAMP_EVENT_SELECT "SELECT " CAMP_EVENT_COLUMNS CAMP_EVENT_FROM

// The viewer ($1) has seen every published event: the unread badge goes to zero. `when` says
// whether to (a boolean parameter). An account that saw the newest already is not written, and
// not even reached by ON CONFLICT, which would lock its row: a transaction id and a WAL flush
// on every visit to the list. The conflict clause stays for two first visits at once.
#define CAMP_MARK_SEEN(when)                                                                                  \
  "INSERT INTO event_reads (account_id, seen_seq) SELECT $1, newest.seq FROM (SELECT coalesce("               \
  "(SELECT max(publish_seq) FROM events WHERE publish_seq IS NOT NULL), 0) AS seq) newest WHERE " when " "    \
  "AND newest.seq > coalesce((SELECT r.seen_seq FROM event_reads r WHERE r.account_id = $1), -1) "           \
  "ON CONFLICT (account_id) DO UPDATE SET seen_seq = EXCLUDED.seen_seq, updated_at = now() "                 \
  "WHERE event_reads.seen_seq < EXCLUDED.seen_seq"
// A page of a list in one statement (one round trip on the busiest event route): $2 now (epoch
// seconds), $3 LIMIT, $4 OFFSET, $5 mark the events seen; the scope's total is the last column
// (an InitPlan, counted once).
#define CAMP_EVENT_PAGE(total)                                                                        \
  "WITH seen AS (" CAMP_MARK_SEEN("$5::boolean") ") SELECT " CAMP_EVENT_COLUMNS ", (" total ") " CAMP_EVENT_FROM

// An event is upcoming until it ends.
#define CAMP_COUNT_UPCOMING(now) "SELECT count(*) FROM events c WHERE " CAMP_EVENT_UPCOMING("c", now)
#define CAMP_COUNT_PAST(now) "SELECT count(*) FROM events c WHERE c.status <> 'draft' AND c.ends_at <= " now
#define CAMP_COUNT_DRAFTS "SELECT count(*) FROM events c WHERE c.status = 'draft'"
constexpr db::Statement kUpcoming{"events.upcoming", CAMP_EVENT_PAGE(CAMP_COUNT_UPCOMING("to_timestamp($2)"))
                                  "WHERE " CAMP_EVENT_UPCOMING("e", "to_timestamp($2)") " "
                                  "ORDER BY e.starts_at, e.id LIMIT $3 OFFSET $4"};
constexpr db::Statement kPast{"events.past", CAMP_EVENT_PAGE(CAMP_COUNT_PAST("to_timestamp($2)"))
                              "WHERE e.status <> 'draft' AND e.ends_at <= to_timestamp($2) "
                              "ORDER BY e.starts_at DESC, e.id DESC LIMIT $3 OFFSET $4"};
constexpr db::Statement kDrafts{"events.drafts", CAMP_EVENT_PAGE(CAMP_COUNT_DRAFTS)
                                "WHERE e.status = 'draft' AND $2::int8 IS NOT NULL "
                                "ORDER BY e.created_at DESC, e.id DESC LIMIT $3 OFFSET $4"};
// The total alone, for a page past the last (the page statement then returns no row to carry it).
constexpr db::Statement kCountUpcoming{"events.count_upcoming", CAMP_COUNT_UPCOMING("to_timestamp($1)")};
constexpr db::Statement kCountPast{"events.count_past", CAMP_COUNT_PAST("to_timestamp($1)")};
constexpr db::Statement kCountDrafts{"events.count_drafts", CAMP_COUNT_DRAFTS " AND $1::int8 IS NOT NULL"};
constexpr db::Statement kFind{"events.find", CAMP_EVENT_SELECT "WHERE e.id = $2"};
constexpr db::Statement kTitled{"events.titled", "SELECT 1 FROM events WHERE title = $1 LIMIT 1"};
constexpr db::Statement kLock{
    "events.lock",
    "SELECT status, capacity, participants_count, waitlist_count, floor(extract(epoch FROM starts_at))::int8, "
    "floor(extract(epoch FROM ends_at))::int8, image_url FROM events WHERE id = $1 FOR UPDATE"};
constexpr db::Statement kInsert{
    "events.insert",
    "INSERT INTO events (title, tag_id, image_url, description, capacity, starts_at, ends_at, meeting_url, created_by) "
    "VALUES ($1, $2, $3, $4, $5, to_timestamp($6), to_timestamp($7), $8, $9) RETURNING id"};
// Unset fields ($n null) keep what the row has; $10/$11 say whether the nullable URLs are set.
constexpr db::Statement kUpdate{
    "events.update",
    "UPDATE events SET title = coalesce($2, title), tag_id = coalesce($3, tag_id), "
    "image_url = CASE WHEN $10 THEN $4 ELSE image_url END, description = coalesce($5, description), "
    "capacity = coalesce($6, capacity), starts_at = coalesce(to_timestamp($7), starts_at), "
    "ends_at = coalesce(to_timestamp($8), ends_at), meeting_url = CASE WHEN $11 THEN $9 ELSE meeting_url END, "
    "updated_at = now() WHERE id = $1"};
constexpr db::Statement kPublish{
    "events.publish",
    "UPDATE events SET status = 'published', publish_seq = nextval('events_publish_seq'), published_at = now(), "
    "updated_at = now() WHERE id = $1 AND status = 'draft'"};
constexpr db::Statement kCancel{
    "events.cancel",
    "UPDATE events SET status = 'cancelled', cancelled_at = now(), updated_at = now() WHERE id = $1 AND status = 'published'"};

constexpr db::Statement kJoinedAmong{
    "event_participations.among",
    "SELECT account_id FROM event_participations WHERE event_id = $1 AND account_id = ANY ($2::int8[])"};
// In the arrays' order: nextval over an ordered subquery numbers the rows in that order, so
// seq (the waitlist order) is the arrival order. clock_timestamp(): the moment of the insert
// under the event's lock (now() is when the transaction began, before it waited).
constexpr db::Statement kInsertParticipations{
    "event_participations.insert",
    "INSERT INTO event_participations (event_id, account_id, status, seq, joined_at) "
    "SELECT $1, a, s, nextval('event_participations_seq'), clock_timestamp() FROM ("
    "SELECT a, s FROM unnest($2::int8[], $3::text[]) WITH ORDINALITY AS j(a, s, n) ORDER BY n) ordered"};
constexpr db::Statement kDeleteParticipation{
    "event_participations.delete",
    "DELETE FROM event_participations WHERE event_id = $1 AND account_id = $2 RETURNING status"};
constexpr db::Statement kPromoteFirst{
    "event_participations.promote",
    "UPDATE event_participations SET status = 'participant' WHERE (event_id, account_id) = ("
    "SELECT event_id, account_id FROM event_participations WHERE event_id = $1 AND status = 'waitlisted' "
    "ORDER BY seq LIMIT 1) RETURNING account_id"};
constexpr db::Statement kAddCounts{
    "events.add_counts",
    "UPDATE events SET participants_count = participants_count + $2, waitlist_count = waitlist_count + $3 WHERE id = $1"};
constexpr db::Statement kParticipants{
    "event_participations.list",
    "SELECT a.id, a.display_name, a.email, p.status, row_number() OVER (PARTITION BY p.status ORDER BY p.seq)::int, "
    "floor(extract(epoch FROM p.joined_at))::int8 FROM event_participations p JOIN people a ON a.id = p.account_id "
    "WHERE p.event_id = $1 ORDER BY p.status = 'waitlisted', p.seq"};
constexpr db::Statement kMemberIds{
    "event_participations.members",
    "SELECT account_id FROM event_participations WHERE event_id = $1 AND ($2 OR status = 'participant') ORDER BY seq"};

constexpr db::Statement kMarkSeen{"event_reads.mark", CAMP_MARK_SEEN("true")};
constexpr db::Statement kUnread{
    "event_reads.unread",
    "SELECT count(*) FROM events WHERE status = 'published' AND publish_seq IS NOT NULL "
    "AND publish_seq > coalesce((SELECT seen_seq FROM event_reads WHERE account_id = $1), 0)"};
constexpr db::Statement kU29Students{
    "events.u29_students",
    "SELECT a.id FROM accounts a JOIN courses c ON c.id = a.course_id WHERE a.role = 'student' AND c.code = 'u29'"};
constexpr db::Statement kClaimReminders{
    "events.claim_reminders",
    "UPDATE events SET reminded_at = now() WHERE status = 'published' AND reminded_at IS NULL "
    "AND starts_at >= to_timestamp($1) AND starts_at < to_timestamp($2) RETURNING id"};

constexpr db::Statement kFeedInsert{
    "calendar_feeds.insert", "INSERT INTO calendar_feeds (account_id, token) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING"};
constexpr db::Statement kFeedToken{"calendar_feeds.token", "SELECT token FROM calendar_feeds WHERE account_id = $1"};
constexpr db::Statement kFeedReset{
    "calendar_feeds.reset",
    "INSERT INTO calendar_feeds (account_id, token) VALUES ($1, $2) "
    "ON CONFLICT (account_id) DO UPDATE SET token = EXCLUDED.token, created_at = now()"};
constexpr db::Statement kFeedOwner{"calendar_feeds.owner", "SELECT account_id FROM calendar_feeds WHERE token = $1"};
constexpr db::Statement kJoined{"events.joined", CAMP_EVENT_SELECT
                                "WHERE p.status = 'participant' AND e.status <> 'draft' ORDER BY e.starts_at, e.id"};

template <class T>
std::optional<T> opt(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<T>();
}

Event read_event(const pqxx::row& r) {
  Event e;
  e.id = r[0].as<std::int64_t>();
  e.title = r[1].as<std::string>();
  e.tag = {r[2].as<int>(), r[3].as<std::string>()};
  e.image_url = opt<std::string>(r[4]);
  e.description = r[5].as<std::string>();
  e.capacity = r[6].as<int>();
  e.participants_count = r[7].as<int>();
  e.waitlist_count = r[8].as<int>();
  e.starts_at = r[9].as<std::int64_t>();
  e.ends_at = r[10].as<std::int64_t>();
  e.status = r[11].as<std::string>();
  e.meeting_url = opt<std::string>(r[12]);
  e.my_participation = opt<std::string>(r[13]);
  e.waitlist_position = opt<int>(r[14]);
  e.published_at = opt<std::int64_t>(r[15]);
  e.created_at = r[16].as<std::int64_t>();
  e.updated_at = r[17].as<std::int64_t>();
  return e;
}

std::vector<Event> read_events(const pqxx::result& rows) {
  std::vector<Event> out;
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back(read_event(r));
  return out;
}

std::vector<std::int64_t> read_ids(const pqxx::result& rows) {
  std::vector<std::int64_t> out;
  for (const auto& r : rows) out.push_back(r[0].as<std::int64_t>());
  return out;
}

}  // namespace

std::vector<Tag> tags(db::Tx& tx) {
  std::vector<Tag> out;
  for (const auto& r : tx.exec(kTags)) out.push_back({r[0].as<int>(), r[1].as<std::string>()});
  return out;
}
std::optional<Tag> find_tag(db::Tx& tx, int id) {
  const auto rows = tx.exec(kFindTag, id);
  if (rows.empty()) return std::nullopt;
  return Tag{rows[0][0].as<int>(), rows[0][1].as<std::string>()};
}
bool hold_tag(db::Tx& tx, int id) { return !tx.exec(kHoldTag, id).empty(); }
int insert_tag(db::Tx& tx, const std::string& name) { return tx.exec(kInsertTag, name)[0][0].as<int>(); }
bool rename_tag(db::Tx& tx, int id, const std::string& name) { return tx.exec(kRenameTag, id, name).affected_rows() > 0; }
bool lock_tag(db::Tx& tx, int id) { return !tx.exec(kLockTag, id).empty(); }
bool tag_in_use(db::Tx& tx, int id) { return !tx.exec(kTagInUse, id).empty(); }
bool tag_named(db::Tx& tx, const std::string& name, int except_id) { return !tx.exec(kTagNamed, name, except_id).empty(); }
void delete_tag(db::Tx& tx, int id) { tx.exec(kDeleteTag, id); }

std::pair<std::vector<Event>, std::int64_t> list(db::Tx& tx, std::int64_t viewer, Scope scope, std::int64_t now, int page,
                                                 int per, bool mark_seen) {
  const auto& st = scope == Scope::upcoming ? kUpcoming : scope == Scope::past ? kPast : kDrafts;
  const auto rows = tx.exec(st, viewer, now, per, static_cast<std::int64_t>(page - 1) * per, mark_seen);
  constexpr int kTotalAt = 18;  // after CAMP_EVENT_COLUMNS
  if (!rows.empty()) return {read_events(rows), rows[0][kTotalAt].as<std::int64_t>()};
  if (page == 1) return {{}, 0};
  const auto& count = scope == Scope::upcoming ? kCountUpcoming : scope == Scope::past ? kCountPast : kCountDrafts;
  return {{}, tx.exec(count, now)[0][0].as<std::int64_t>()};
}

std::optional<Event> find(db::Tx& tx, std::int64_t id, std::int64_t viewer) {
  const auto rows = tx.exec(kFind, viewer, id);
  if (rows.empty()) return std::nullopt;
  return read_event(rows[0]);
}

bool titled(db::Tx& tx, const std::string& title) { return !tx.exec(kTitled, title).empty(); }

std::optional<Row> lock(db::Tx& tx, std::int64_t id) {
  const auto rows = tx.exec(kLock, id);
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return Row{r[0].as<std::string>(), r[1].as<int>(), r[2].as<int>(), r[3].as<int>(), r[4].as<std::int64_t>(),
             r[5].as<std::int64_t>(), opt<std::string>(r[6])};
}

std::int64_t insert(db::Tx& tx, const Fields& f, std::optional<std::int64_t> author_id) {
  return tx.exec(kInsert, *f.title, f.tag_id.value_or(1), f.image_url.value_or(std::nullopt), f.description.value_or(""),
                 *f.capacity, *f.starts_at, *f.ends_at, f.meeting_url.value_or(std::nullopt),
                 author_id)[0][0]
      .as<std::int64_t>();
}

void update(db::Tx& tx, std::int64_t id, const Fields& f) {
  tx.exec(kUpdate, id, f.title, f.tag_id, f.image_url.value_or(std::nullopt), f.description, f.capacity, f.starts_at,
          f.ends_at, f.meeting_url.value_or(std::nullopt), f.image_url.has_value(), f.meeting_url.has_value());
}

bool publish(db::Tx& tx, std::int64_t id) { return tx.exec(kPublish, id).affected_rows() > 0; }
bool cancel(db::Tx& tx, std::int64_t id) { return tx.exec(kCancel, id).affected_rows() > 0; }

std::vector<std::int64_t> joined_among(db::Tx& tx, std::int64_t event_id, const std::vector<std::int64_t>& account_ids) {
  std::vector<std::int64_t> out;
  for (const auto& r : tx.exec(kJoinedAmong, event_id, db::int_array(account_ids))) out.push_back(r[0].as<std::int64_t>());
  return out;
}
void insert_participations(db::Tx& tx, std::int64_t event_id, const std::vector<std::int64_t>& account_ids,
                           const std::vector<std::string>& statuses) {
  tx.exec(kInsertParticipations, event_id, db::int_array(account_ids), db::text_array(statuses));
}
std::optional<std::string> delete_participation(db::Tx& tx, std::int64_t event_id, std::int64_t account_id) {
  const auto rows = tx.exec(kDeleteParticipation, event_id, account_id);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<std::string>();
}
std::optional<std::int64_t> promote_first(db::Tx& tx, std::int64_t event_id) {
  const auto rows = tx.exec(kPromoteFirst, event_id);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<std::int64_t>();
}
void add_counts(db::Tx& tx, std::int64_t event_id, int participants, int waitlisted) {
  tx.exec(kAddCounts, event_id, participants, waitlisted);
}

std::vector<Participant> participants(db::Tx& tx, std::int64_t event_id) {
  std::vector<Participant> out;
  for (const auto& r : tx.exec(kParticipants, event_id))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>(), r[3].as<std::string>(),
                   r[4].as<int>(), r[5].as<std::int64_t>()});
  return out;
}
std::vector<std::int64_t> member_ids(db::Tx& tx, std::int64_t event_id, bool with_waitlist) {
  return read_ids(tx.exec(kMemberIds, event_id, with_waitlist));
}

void mark_seen(db::Tx& tx, std::int64_t account_id) { tx.exec(kMarkSeen, account_id); }
std::int64_t unread_count(db::Tx& tx, std::int64_t account_id) { return tx.exec(kUnread, account_id)[0][0].as<std::int64_t>(); }
std::vector<std::int64_t> u29_student_ids(db::Tx& tx) { return read_ids(tx.exec(kU29Students)); }
std::vector<std::int64_t> claim_reminders(db::Tx& tx, std::int64_t from, std::int64_t to) {
  return read_ids(tx.exec(kClaimReminders, from, to));
}

std::string feed_token(db::Tx& tx, std::int64_t account_id, const std::string& fresh_token) {
  tx.exec(kFeedInsert, account_id, fresh_token);
  return tx.exec(kFeedToken, account_id)[0][0].as<std::string>();
}
void reset_feed_token(db::Tx& tx, std::int64_t account_id, const std::string& token) { tx.exec(kFeedReset, account_id, token); }
std::optional<std::int64_t> feed_owner(db::Tx& tx, const std::string& token) {
  const auto rows = tx.exec(kFeedOwner, token);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<std::int64_t>();
}
std::vector<Event> joined(db::Tx& tx, std::int64_t account_id) { return read_events(tx.exec(kJoined, account_id)); }

}  // namespace camp::events::repo
