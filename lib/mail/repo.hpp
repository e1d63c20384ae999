#pragma once
// The only SQL about mail preferences, the mail magazine's sends, the unsubscribe page and the
// daily mail jobs' bookkeeping (the outbox's own is in mail/outbox.hpp). Every function runs in the
// caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "mail/preferences.hpp"

namespace camp::mail::repo {

// --- preferences (topic `events` is the event category's mail preference in
// notification_preferences: stopping it there and on the events unsubscribe page is one setting)
// Whether the account receives `topic`: it has opted out of neither `topic` nor `school`.
bool wants(db::Tx& tx, std::int64_t account_id, Topic topic);
// The topics the account has opted out of.
std::vector<Topic> opted_out(db::Tx& tx, std::int64_t account_id);
// Records the opt-out (idempotent: a second call changes nothing). Returns whether it was new.
bool unsubscribe(db::Tx& tx, std::int64_t account_id, Topic topic);
// Takes the opt-out back (idempotent).
void resubscribe(db::Tx& tx, std::int64_t account_id, Topic topic);
// Accounts with one of `roles` (every role when empty) that receive `topic`, by id.
std::vector<Recipient> recipients(db::Tx& tx, Topic topic, const std::vector<std::string>& roles);

// --- the unsubscribe page: an account's e-mail, or none when the account is gone
std::optional<std::string> find_email(db::Tx& tx, std::int64_t account_id);
// The same, the account held FOR KEY SHARE (a concurrent delete waits) until the transaction ends.
std::optional<std::string> hold_email(db::Tx& tx, std::int64_t account_id);

// --- the mail magazine
// Holds a transaction-scoped advisory lock on the magazine's hash: sends of one magazine queue.
void lock_magazine(db::Tx& tx, const std::string& body_sha256);
struct MagazineSend {
  std::int64_t sent_at = 0;  // Unix seconds
  std::string sent_at_jst;   // YYYY-MM-DD HH:MI, school time
};
std::optional<MagazineSend> last_magazine_send(db::Tx& tx, const std::string& body_sha256);
std::int64_t record_magazine_send(db::Tx& tx, const std::string& subject, const std::string& body_sha256,
                                  const std::vector<std::string>& roles, int recipients, bool again);

// --- the daily runs (mail_runs: one row per kind and school day, YYYY-MM-DD)
// Claims the day; false when it was claimed already (a concurrent claim waits for the first).
bool claim_run_day(db::Tx& tx, const std::string& kind, const std::string& day);
bool run_day_claimed(db::Tx& tx, const std::string& kind, const std::string& day);
void set_run_day_mails(db::Tx& tx, const std::string& kind, const std::string& day, int mails);

// The askers' reminders: each question reminded once, ever. Records `question_ids` as reminded
// and returns those that were not yet (a concurrent run waits on the key, then skips it).
std::vector<std::int64_t> mark_questions_reminded(db::Tx& tx, const std::vector<std::int64_t>& question_ids);

}  // namespace camp::mail::repo
