#include "mail/repo.hpp"

#include "db/arrays.hpp"

namespace camp::mail::repo {
namespace {

// Topic `events` is the event category's mail preference (notification_preferences, migration
// 0030): stopping it there and on the events unsubscribe page is one and the same setting.
#define CAMP_EVENTS_NEVER(account) \
  "EXISTS (SELECT 1 FROM notification_preferences p WHERE p.account_id = " account " AND p.category = 'event' " \
  "AND p.mail = 'never')"
constexpr db::Statement kOptedOut{
    "mail_preferences.opted_out",
    "SELECT topic FROM mail_unsubscriptions WHERE account_id = $1 UNION "
    "SELECT 'events' WHERE " CAMP_EVENTS_NEVER("$1") " ORDER BY 1"};
constexpr db::Statement kWants{
    "mail_preferences.wants",
    "SELECT NOT EXISTS (SELECT 1 FROM mail_unsubscriptions WHERE account_id = $1 AND topic IN ($2, 'school')) "
    "AND NOT ($2 = 'events' AND " CAMP_EVENTS_NEVER("$1") ")"};
constexpr db::Statement kUnsubscribe{
    "mail_preferences.unsubscribe",
    "INSERT INTO mail_unsubscriptions (account_id, topic) SELECT id, $2 FROM accounts WHERE id = $1 "
    "ON CONFLICT DO NOTHING RETURNING 1"};
constexpr db::Statement kUnsubscribeEvents{
    "mail_preferences.unsubscribe_events",
    "INSERT INTO notification_preferences (account_id, category, mail) SELECT id, 'event', 'never' FROM accounts "
    "WHERE id = $1 ON CONFLICT (account_id, category) DO UPDATE SET mail = 'never', updated_at = now() "
    "WHERE notification_preferences.mail <> 'never' RETURNING 1"};
constexpr db::Statement kResubscribe{
    "mail_preferences.resubscribe", "DELETE FROM mail_unsubscriptions WHERE account_id = $1 AND topic = $2"};
// Back to the category's default.
constexpr db::Statement kResubscribeEvents{
    "mail_preferences.resubscribe_events",
    "DELETE FROM notification_preferences WHERE account_id = $1 AND category = 'event' AND mail = 'never'"};
constexpr db::Statement kRecipients{
    "mail_preferences.recipients",
    "SELECT a.id, a.email, a.display_name FROM people a "
    "WHERE (cardinality($2::text[]) = 0 OR a.role = ANY($2::text[])) "
    "AND NOT EXISTS (SELECT 1 FROM mail_unsubscriptions u WHERE u.account_id = a.id AND u.topic IN ($1, 'school')) "
    "AND NOT ($1 = 'events' AND " CAMP_EVENTS_NEVER("a.id") ") "
    "ORDER BY a.id"};

constexpr db::Statement kLockHash{"magazine.lock_hash", "SELECT pg_advisory_xact_lock(hashtextextended($1, 9))"};
constexpr db::Statement kLastSend{
    "magazine.last_send",
    "SELECT EXTRACT(EPOCH FROM sent_at)::bigint, to_char(sent_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI') "
    "FROM mail_magazine_sends WHERE body_sha256 = $1 "
    "ORDER BY id DESC LIMIT 1"};
constexpr db::Statement kRecordSend{
    "magazine.record",
    "INSERT INTO mail_magazine_sends (subject, body_sha256, roles, recipients, again) "
    "VALUES ($1, $2, $3::text[], $4, $5) RETURNING id"};

constexpr db::Statement kEmail{"unsubscribe_page.email", "SELECT email FROM accounts WHERE id = $1"};
constexpr db::Statement kEmailLocked{"unsubscribe_page.email_locked",
                                     "SELECT email FROM accounts WHERE id = $1 FOR KEY SHARE"};

constexpr db::Statement kClaimDay{
    "waiting.claim_day",
    "INSERT INTO mail_runs (kind, day, mails) VALUES ($1, $2::date, 0) ON CONFLICT DO NOTHING RETURNING 1"};
constexpr db::Statement kDayRan{"waiting.day_ran", "SELECT 1 FROM mail_runs WHERE kind = $1 AND day = $2::date"};
constexpr db::Statement kDayMails{"waiting.day_mails", "UPDATE mail_runs SET mails = $3 WHERE kind = $1 AND day = $2::date"};

constexpr db::Statement kMarkReminded{
    "waiting.mark_reminded",
    "INSERT INTO question_reminders (question_id) SELECT unnest($1::int8[]) ON CONFLICT DO NOTHING "
    "RETURNING question_id"};

std::optional<std::string> email(db::Tx& tx, const db::Statement& st, std::int64_t account_id) {
  const auto rows = tx.exec(st, account_id);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<std::string>();
}

}  // namespace

bool wants(db::Tx& tx, std::int64_t account_id, Topic topic) {
  return tx.exec(kWants, account_id, std::string(topic_name(topic)))[0][0].as<bool>();
}

std::vector<Topic> opted_out(db::Tx& tx, std::int64_t account_id) {
  std::vector<Topic> out;
  for (const auto& row : tx.exec(kOptedOut, account_id))
    if (auto t = topic_from(row[0].as<std::string>())) out.push_back(*t);
  return out;
}

bool unsubscribe(db::Tx& tx, std::int64_t account_id, Topic topic) {
  if (topic == Topic::events) return !tx.exec(kUnsubscribeEvents, account_id).empty();
  return !tx.exec(kUnsubscribe, account_id, std::string(topic_name(topic))).empty();
}

void resubscribe(db::Tx& tx, std::int64_t account_id, Topic topic) {
  if (topic == Topic::events) tx.exec(kResubscribeEvents, account_id);
  else tx.exec(kResubscribe, account_id, std::string(topic_name(topic)));
}

std::vector<Recipient> recipients(db::Tx& tx, Topic topic, const std::vector<std::string>& roles) {
  std::vector<Recipient> out;
  const auto rows = tx.exec(kRecipients, std::string(topic_name(topic)), db::text_array(roles));
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>()});
  return out;
}

std::optional<std::string> find_email(db::Tx& tx, std::int64_t account_id) { return email(tx, kEmail, account_id); }

std::optional<std::string> hold_email(db::Tx& tx, std::int64_t account_id) {
  return email(tx, kEmailLocked, account_id);
}

void lock_magazine(db::Tx& tx, const std::string& body_sha256) { tx.exec(kLockHash, body_sha256); }

std::optional<MagazineSend> last_magazine_send(db::Tx& tx, const std::string& body_sha256) {
  const auto rows = tx.exec(kLastSend, body_sha256);
  if (rows.empty()) return std::nullopt;
  return MagazineSend{rows[0][0].as<std::int64_t>(), rows[0][1].as<std::string>()};
}

std::int64_t record_magazine_send(db::Tx& tx, const std::string& subject, const std::string& body_sha256,
                                  const std::vector<std::string>& roles, int recipients, bool again) {
  return tx.exec(kRecordSend, subject, body_sha256, db::text_array(roles), recipients, again)[0][0].as<std::int64_t>();
}

bool claim_run_day(db::Tx& tx, const std::string& kind, const std::string& day) {
  return !tx.exec(kClaimDay, kind, day).empty();
}

bool run_day_claimed(db::Tx& tx, const std::string& kind, const std::string& day) {
  return !tx.exec(kDayRan, kind, day).empty();
}

void set_run_day_mails(db::Tx& tx, const std::string& kind, const std::string& day, int mails) {
  tx.exec(kDayMails, kind, day, mails);
}

std::vector<std::int64_t> mark_questions_reminded(db::Tx& tx, const std::vector<std::int64_t>& question_ids) {
  std::vector<std::int64_t> out;
  if (question_ids.empty()) return out;
  for (const auto& r : tx.exec(kMarkReminded, db::int_array(question_ids))) out.push_back(r[0].as<std::int64_t>());
  return out;
}

}  // namespace camp::mail::repo
