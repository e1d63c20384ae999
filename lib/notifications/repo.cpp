#include "notifications/repo.hpp"

#include <algorithm>

#include "db/arrays.hpp"

namespace camp::notifications::repo {
namespace {

#define CAMP_ISO(x) "to_char((" x ") AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
#define CAMP_NOTIFICATION_COLUMNS                                                                      \
  "n.id, n.category, n.kind, n.title, n.body, n.link, n.actor_id, coalesce(a.display_name, ''), a.image_url, " \
  CAMP_ISO("n.read_at") ", " CAMP_ISO("n.created_at") " "

// $2 category or NULL, $3 unread only. The page comes from the (account[, category], id) index;
// only its rows are joined to their actors.
#define CAMP_LIST_FILTER \
  "WHERE n.account_id = $1 AND ($2::text IS NULL OR n.category = $2::text) AND (NOT $3 OR n.read_at IS NULL) "
constexpr db::Statement kList{
    "notifications.list",
    "SELECT " CAMP_NOTIFICATION_COLUMNS "FROM (SELECT * FROM notifications n " CAMP_LIST_FILTER
    "ORDER BY n.id DESC LIMIT $4 OFFSET $5) n LEFT JOIN people a ON a.id = n.actor_id ORDER BY n.id DESC"};
constexpr db::Statement kCount{"notifications.count", "SELECT count(*) FROM notifications n " CAMP_LIST_FILTER};
constexpr db::Statement kUnread{
    "notifications.unread",
    "SELECT category, count(*) FROM notifications WHERE account_id = $1 AND read_at IS NULL GROUP BY category"};
constexpr db::Statement kMarkRead{
    "notifications.mark_read",
    "UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $2 AND account_id = $1 RETURNING 1"};
constexpr db::Statement kMarkReadWhere{
    "notifications.mark_read_where",
    "WITH r AS (UPDATE notifications SET read_at = now() WHERE account_id = $1 AND read_at IS NULL "
    "AND ($2::text IS NULL OR category = $2::text) RETURNING 1) SELECT count(*) FROM r"};
constexpr db::Statement kAnnounce{
    "notifications.announce",
    "SELECT pg_notify('camp_cable', json_build_object('stream', 'notifications:' || $1::int8, 'message', $2::json)::text)"};
constexpr db::Statement kPrune{
    "notifications.prune",
    "WITH d AS (DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE created_at < to_timestamp($1) "
    "LIMIT $2) RETURNING 1) SELECT count(*) FROM d"};

constexpr db::Statement kPreferences{
    "notifications.preferences", "SELECT category, mail FROM notification_preferences WHERE account_id = $1"};
constexpr db::Statement kSetPreference{
    "notifications.set_preference",
    "INSERT INTO notification_preferences (account_id, category, mail) VALUES ($1, $2, $3) "
    "ON CONFLICT (account_id, category) DO UPDATE SET mail = EXCLUDED.mail, updated_at = now()"};

constexpr db::Statement kClaim{
    "notifications.claim_event",
    "SELECT id, type, actor_id, payload::text, attempts FROM domain_events "
    "WHERE failed_at IS NULL AND not_before <= now() ORDER BY not_before, id LIMIT 1 FOR UPDATE SKIP LOCKED"};
constexpr db::Statement kDeleteEvent{"notifications.delete_event", "DELETE FROM domain_events WHERE id = $1"};
// Claimed and deleted in one statement: the batch's transaction rolls back whole if one fails.
constexpr db::Statement kTakeEvents{
    "notifications.take_events",
    "DELETE FROM domain_events WHERE id IN (SELECT id FROM domain_events WHERE failed_at IS NULL AND not_before <= now() "
    "ORDER BY not_before, id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id, type, actor_id, payload::text, attempts"};
constexpr db::Statement kEventFailed{
    "notifications.event_failed",
    "UPDATE domain_events SET attempts = attempts + 1, last_error = left($2, 2000), "
    "not_before = now() + make_interval(secs => 30 * power(2, least(attempts, 10))), "
    "failed_at = CASE WHEN attempts + 1 >= $3 THEN now() END WHERE id = $1"};
constexpr db::Statement kEventCounts{
    "notifications.event_counts",
    "SELECT count(*) FILTER (WHERE failed_at IS NULL), count(*) FILTER (WHERE failed_at IS NOT NULL) FROM domain_events"};

constexpr db::Statement kEventsTable{"notifications.events_table", "SELECT to_regclass('domain_events') IS NOT NULL"};

constexpr db::Statement kRecipients{
    "notifications.recipients",
    "SELECT a.id, a.role, a.email, a.nickname, c.code, p.mail, "
    "EXISTS (SELECT 1 FROM mail_unsubscriptions u WHERE u.account_id = a.id AND u.topic = 'school'), "
    "a.display_name FROM people a LEFT JOIN courses c ON c.id = a.course_id "
    "LEFT JOIN notification_preferences p ON p.account_id = a.id AND p.category = $2 "
    "WHERE a.id = ANY ($1::int8[]) AND a.anonymised_at IS NULL ORDER BY a.id"};  // anonymised: told nothing
constexpr db::Statement kWithRoles{
    "notifications.with_roles", "SELECT id FROM accounts WHERE role = ANY ($1::text[]) AND anonymised_at IS NULL ORDER BY id"};
constexpr db::Statement kInsert{
    "notifications.insert",
    "WITH n AS (INSERT INTO notifications (account_id, event_id, kind, category, title, body, link, actor_id) "
    "SELECT x, $2::int8, $3::text, $4::text, $5::text, $6::text, $7::text, $8::int8 FROM unnest($1::int8[]) x "
    "ON CONFLICT (event_id, account_id) DO NOTHING RETURNING account_id) "
    "SELECT (SELECT coalesce(array_agg(account_id), '{}') FROM n)::text, pg_notify('camp_cable', "
    "json_build_object('stream', 'notifications', 'message', json_build_object('event_id', $2::int8))::text)"};
constexpr db::Statement kOfEvent{
    "notifications.of_event",
    "SELECT n.account_id, " CAMP_NOTIFICATION_COLUMNS "FROM notifications n LEFT JOIN people a ON a.id = n.actor_id "
    "WHERE n.event_id = $1 AND n.account_id = ANY ($2::int8[])"};
constexpr db::Statement kUnreadOf{
    "notifications.unread_of",
    "SELECT account_id, category, count(*) FROM notifications WHERE account_id = ANY ($1::int8[]) AND read_at IS NULL "
    "GROUP BY account_id, category"};

// $3: the categories taken daily when an account chose nothing.
constexpr db::Statement kDigest{
    "notifications.digest",
    "SELECT n.account_id, a.email, a.display_name, n.category, n.title, n.link FROM notifications n "
    "JOIN people a ON a.id = n.account_id "
    "LEFT JOIN notification_preferences p ON p.account_id = n.account_id AND p.category = n.category "
    "WHERE n.created_at >= to_timestamp($1) AND n.created_at < to_timestamp($2) AND n.read_at IS NULL "
    "AND coalesce(p.mail, CASE WHEN n.category = ANY ($3::text[]) THEN 'daily' END) = 'daily' "
    "AND NOT EXISTS (SELECT 1 FROM mail_unsubscriptions u WHERE u.account_id = n.account_id AND u.topic = 'school') "
    "ORDER BY n.account_id, n.id"};

constexpr db::Statement kClaimDay{
    "notifications.claim_digest_day",
    "INSERT INTO mail_runs (kind, day, mails) VALUES ('notification_digest', $1::date, 0) ON CONFLICT DO NOTHING "
    "RETURNING 1"};
constexpr db::Statement kDayMails{
    "notifications.digest_mails", "UPDATE mail_runs SET mails = $2 WHERE kind = 'notification_digest' AND day = $1::date"};

std::optional<std::string> category_param(std::optional<Category> c) {
  if (!c) return std::nullopt;
  return std::string(to_string(*c));
}

Notification row_to_notification(const pqxx::row& r, int at) {
  Notification n;
  n.id = r[at].as<std::int64_t>();
  n.category = category_from(r[at + 1].as<std::string>()).value_or(Category::announcement);
  n.kind = r[at + 2].as<std::string>();
  n.title = r[at + 3].as<std::string>();
  n.body = r[at + 4].as<std::string>();
  n.link = r[at + 5].as<std::string>();
  if (!r[at + 6].is_null()) n.actor_id = r[at + 6].as<std::int64_t>();
  n.actor_name = r[at + 7].as<std::string>();
  if (!r[at + 8].is_null()) n.actor_image_url = r[at + 8].as<std::string>();
  if (!r[at + 9].is_null()) n.read_at = r[at + 9].as<std::string>();
  n.created_at = r[at + 10].as<std::string>();
  return n;
}

void add_count(UnreadCounts& counts, const std::string& category, std::int64_t n) {
  counts.total += n;
  for (std::size_t i = 0; i < kCategories.size(); ++i)
    if (to_string(kCategories[i]) == category) counts.by_category[i] += n;
}

}  // namespace

std::string account_stream(std::int64_t account_id) { return "notifications:" + std::to_string(account_id); }

std::pair<std::vector<Notification>, std::int64_t> list(db::Tx& tx, const ListQuery& q) {
  const auto category = category_param(q.category);
  std::vector<Notification> items;
  for (const auto& r : tx.exec(kList, q.account_id, category, q.unread_only, q.per,
                               static_cast<std::int64_t>(q.page - 1) * q.per))
    items.push_back(row_to_notification(r, 0));
  const auto total = tx.exec(kCount, q.account_id, category, q.unread_only)[0][0].as<std::int64_t>();
  return {std::move(items), total};
}

UnreadCounts unread_counts(db::Tx& tx, std::int64_t account_id) {
  UnreadCounts counts;
  for (const auto& r : tx.exec(kUnread, account_id)) add_count(counts, r[0].as<std::string>(), r[1].as<std::int64_t>());
  return counts;
}

bool mark_read(db::Tx& tx, std::int64_t account_id, std::int64_t id) { return !tx.exec(kMarkRead, account_id, id).empty(); }

std::int64_t mark_read_where(db::Tx& tx, std::int64_t account_id, std::optional<Category> category) {
  return tx.exec(kMarkReadWhere, account_id, category_param(category))[0][0].as<std::int64_t>();
}

void announce(db::Tx& tx, std::int64_t account_id, const nlohmann::json& message) {
  tx.exec(kAnnounce, account_id, message.dump());
}

std::int64_t prune(db::Tx& tx, std::int64_t cutoff, int batch) {
  return tx.exec(kPrune, cutoff, batch)[0][0].as<std::int64_t>();
}

std::map<Category, MailPreference> mail_preferences(db::Tx& tx, std::int64_t account_id) {
  std::map<Category, MailPreference> out;
  for (const auto& r : tx.exec(kPreferences, account_id)) {
    const auto c = category_from(r[0].as<std::string>());
    const auto p = mail_preference_from(r[1].as<std::string>());
    if (c && p) out[*c] = *p;
  }
  return out;
}

void set_mail_preference(db::Tx& tx, std::int64_t account_id, Category category, MailPreference preference) {
  tx.exec(kSetPreference, account_id, std::string(to_string(category)), std::string(to_string(preference)));
}

namespace {
DomainEvent read_event(const pqxx::row& r) {
  DomainEvent e;
  e.id = r[0].as<std::int64_t>();
  e.type = r[1].as<std::string>();
  if (!r[2].is_null()) e.actor_id = r[2].as<std::int64_t>();
  e.payload = nlohmann::json::parse(r[3].as<std::string>(), nullptr, false);
  if (!e.payload.is_object()) e.payload = nlohmann::json::object();
  e.attempts = r[4].as<int>();
  return e;
}
}  // namespace

std::optional<DomainEvent> claim_event(db::Tx& tx) {
  const auto rows = tx.exec(kClaim);
  if (rows.empty()) return std::nullopt;
  return read_event(rows[0]);
}

std::vector<DomainEvent> take_events(db::Tx& tx, int limit) {
  std::vector<DomainEvent> out;
  for (const auto& r : tx.exec(kTakeEvents, limit)) out.push_back(read_event(r));
  std::sort(out.begin(), out.end(), [](const DomainEvent& a, const DomainEvent& b) { return a.id < b.id; });
  return out;
}

void delete_event(db::Tx& tx, std::int64_t id) { tx.exec(kDeleteEvent, id); }

void event_failed(db::Tx& tx, std::int64_t id, const std::string& error, int max_attempts) {
  tx.exec(kEventFailed, id, error, max_attempts);
}

EventCounts event_counts(db::Tx& tx) {
  const auto r = tx.exec(kEventCounts)[0];
  return {r[0].as<std::int64_t>(), r[1].as<std::int64_t>()};
}

bool events_table_exists(db::Tx& tx) { return tx.exec(kEventsTable)[0][0].as<bool>(); }

std::vector<Recipient> recipients(db::Tx& tx, const std::vector<std::int64_t>& account_ids, Category category) {
  std::vector<Recipient> out;
  if (account_ids.empty()) return out;
  const auto rows = tx.exec(kRecipients, db::int_array(account_ids), std::string(to_string(category)));
  out.reserve(rows.size());
  for (const auto& r : rows) {
    Recipient p;
    p.account.id = r[0].as<std::int64_t>();
    p.account.role = accounts::parse_role(r[1].as<std::string>()).value_or(accounts::Role::trial);
    p.account.email = r[2].as<std::string>();
    p.account.nickname = r[3].as<std::string>();
    if (!r[4].is_null()) p.account.course = accounts::Course{r[4].as<std::string>(), "", 0};
    p.mail = r[5].is_null() ? default_mail(category) : mail_preference_from(r[5].as<std::string>()).value_or(MailPreference::never);
    p.school_mail_stopped = r[6].as<bool>();
    p.account.display_name = r[7].as<std::string>();
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::int64_t> account_ids_with_roles(db::Tx& tx, const std::vector<std::string>& roles) {
  std::vector<std::int64_t> out;
  for (const auto& r : tx.exec(kWithRoles, db::text_array(roles))) out.push_back(r[0].as<std::int64_t>());
  return out;
}

std::vector<std::int64_t> insert_notifications(db::Tx& tx, const NewNotifications& n,
                                               const std::vector<std::int64_t>& account_ids) {
  if (account_ids.empty()) return {};
  // One NOTIFY for the event, not one per row; the accounts written come back as one int8[].
  return db::parse_int_array(tx.exec(kInsert, db::int_array(account_ids), n.event_id, n.kind,
                                     std::string(to_string(n.category)), n.title, n.body, n.link, n.actor_id)[0][0]
                                 .as<std::string>());
}

std::vector<std::pair<std::int64_t, Notification>> of_event(db::Tx& tx, std::int64_t event_id,
                                                            const std::vector<std::int64_t>& account_ids) {
  std::vector<std::pair<std::int64_t, Notification>> out;
  if (account_ids.empty()) return out;
  for (const auto& r : tx.exec(kOfEvent, event_id, db::int_array(account_ids)))
    out.emplace_back(r[0].as<std::int64_t>(), row_to_notification(r, 1));
  return out;
}

std::map<std::int64_t, UnreadCounts> unread_counts_of(db::Tx& tx, const std::vector<std::int64_t>& account_ids) {
  std::map<std::int64_t, UnreadCounts> out;
  for (const auto id : account_ids) out[id];
  if (account_ids.empty()) return out;
  for (const auto& r : tx.exec(kUnreadOf, db::int_array(account_ids)))
    add_count(out[r[0].as<std::int64_t>()], r[1].as<std::string>(), r[2].as<std::int64_t>());
  return out;
}

std::vector<DigestItem> digest_items(db::Tx& tx, std::int64_t from, std::int64_t to,
                                     const std::vector<std::string>& daily_by_default) {
  std::vector<DigestItem> out;
  for (const auto& r : tx.exec(kDigest, from, to, db::text_array(daily_by_default))) {
    DigestItem d;
    d.account_id = r[0].as<std::int64_t>();
    d.email = r[1].as<std::string>();
    d.display_name = r[2].as<std::string>();
    d.category = category_from(r[3].as<std::string>()).value_or(Category::announcement);
    d.title = r[4].as<std::string>();
    d.link = r[5].as<std::string>();
    out.push_back(std::move(d));
  }
  return out;
}

bool claim_digest_day(db::Tx& tx, const std::string& day) { return !tx.exec(kClaimDay, day).empty(); }
void set_digest_mails(db::Tx& tx, const std::string& day, int mails) { tx.exec(kDayMails, day, mails); }

}  // namespace camp::notifications::repo
