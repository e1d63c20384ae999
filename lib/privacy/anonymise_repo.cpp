#include "privacy/anonymise_repo.hpp"

#include "accounts/session_repo.hpp"

namespace camp::privacy::anonymise_repo {
namespace {

constexpr db::Statement kLock{"privacy.lock", "SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE"};
constexpr db::Statement kPerson{
    "privacy.person",
    "SELECT p.role, p.email, p.nickname, coalesce(s.name, ''), p.display_name, p.anonymised_at IS NOT NULL "
    "FROM people p LEFT JOIN students s ON s.account_id = p.id WHERE p.id = $1"};

// Data-modifying CTEs all run to completion, read or not: one round trip.
constexpr db::Statement kRemoveOwnRows{
    "privacy.remove_own_rows",
    "WITH s AS (DELETE FROM sessions WHERE account_id = $1), "
    "r AS (DELETE FROM password_resets WHERE account_id = $1), "
    "c AS (DELETE FROM two_factor_challenges WHERE account_id = $1), "
    "pat AS (DELETE FROM personal_access_tokens WHERE account_id = $1), "
    "t AS (DELETE FROM account_two_factor WHERE account_id = $1), "
    "rc AS (DELETE FROM account_recovery_codes WHERE account_id = $1), "
    "f AS (DELETE FROM calendar_feeds WHERE account_id = $1), "
    "mu AS (DELETE FROM mail_unsubscriptions WHERE account_id = $1), "
    "np AS (DELETE FROM notification_preferences WHERE account_id = $1), "
    "n AS (DELETE FROM notifications WHERE account_id = $1), "
    "w AS (DELETE FROM question_watches WHERE account_id = $1), "
    "pr AS (DELETE FROM question_presences WHERE account_id = $1), "
    "er AS (DELETE FROM event_reads WHERE account_id = $1), "
    "ms AS (DELETE FROM milestones WHERE account_id = $1), "
    "ai AS (DELETE FROM ai_conversations WHERE account_id = $1), "
    "ik AS (DELETE FROM idempotency_keys WHERE account_id = $1), "
    "qr AS (DELETE FROM questionnaire_reminders WHERE account_id = $1), "
    "mt AS (DELETE FROM mentorings WHERE student_id IN (SELECT id FROM students WHERE account_id = $1)), "
    "al AS (UPDATE audit_log SET actor = 'account ' || $1::bigint::text WHERE actor_id = $1) "
    "SELECT 1"};
constexpr db::Statement kRemoveByEmail{
    "privacy.remove_by_email",
    "WITH m AS (DELETE FROM mail_outbox WHERE lower(to_address) = lower($2)), "
    "i AS (DELETE FROM invitations WHERE account_id = $1 OR lower(email) = lower($2)), "
    "t AS (DELETE FROM login_throttles WHERE key IN ('email:' || lower($2), 'reset:email:' || lower($2)) "
    "OR (key LIKE 'pair:%' AND right(key, length($2) + 1) = ' ' || lower($2))) "
    "SELECT 1"};
constexpr db::Statement kRedact{
    "privacy.redact_quotes",
    "WITH n AS (UPDATE notifications SET title = left(replace(title, $1, $2), 300), "
    "body = left(replace(body, $1, $2), 300) WHERE strpos(title, $1) > 0 OR strpos(body, $1) > 0), "
    "m AS (UPDATE mail_outbox SET subject = replace(subject, $1, $2), text_body = replace(text_body, $1, $2), "
    "html_body = replace(html_body, $1, $2) "
    "WHERE strpos(subject, $1) > 0 OR strpos(text_body, $1) > 0 OR strpos(html_body, $1) > 0), "
    "e AS (UPDATE domain_events SET payload = privacy_redact_json(payload, $1, $2) WHERE strpos(payload::text, $1) > 0) "
    "SELECT 1"};
// The account's own profile pictures, and the one it shows when an admin uploaded it, unless
// another account shows that one too.
constexpr db::Statement kRemoveUploads{
    "privacy.remove_profile_uploads",
    "DELETE FROM uploads u WHERE u.kind = 'profile' "
    "AND (u.account_id = $1 OR u.path = (SELECT image_url FROM accounts WHERE id = $1)) "
    "AND NOT EXISTS (SELECT 1 FROM accounts o WHERE o.id <> $1 AND o.image_url = u.path)"};
// The password hash '!' is no argon2id string: nothing verifies against it.
constexpr db::Statement kScrubAccount{
    "privacy.scrub_account",
    "UPDATE accounts SET email = $2, nickname = '', image_url = NULL, password_hash = '!', "
    "anonymised_at = now(), updated_at = now() WHERE id = $1"};  // announced by migration 0045's trigger
constexpr db::Statement kScrubStudent{
    "privacy.scrub_student", "UPDATE students SET name = '', email = $2, updated_at = now() WHERE account_id = $1"};
constexpr db::Statement kPurgeAnswers{
    "privacy.purge_answers",
    "WITH gone AS (DELETE FROM questionnaire_answers q USING accounts a "
    "LEFT JOIN students st ON st.account_id = a.id LEFT JOIN courses c ON c.id = st.course_id "
    "WHERE q.account_id = a.id AND a.anonymised_at IS NOT NULL AND ($3::bigint IS NULL OR a.id = $3) "
    "AND coalesce((st.start_date + make_interval(months => c.months::int))::date, "
    "(a.anonymised_at AT TIME ZONE 'Asia/Tokyo')::date) + make_interval(years => $1::int) <= $2::date "
    "RETURNING 1) SELECT count(*) FROM gone"};

}  // namespace

std::optional<Person> lock(db::Tx& tx, std::int64_t account_id) {
  if (tx.exec(kLock, account_id).empty()) return std::nullopt;
  const auto r = tx.exec(kPerson, account_id)[0];
  return Person{r[0].as<std::string>(), r[1].as<std::string>(), r[2].as<std::string>(),
                r[3].as<std::string>(), r[4].as<std::string>(), r[5].as<bool>()};
}

void remove_personal_rows(db::Tx& tx, std::int64_t account_id, const std::string& email) {
  accounts::session_repo::end_sessions(tx, account_id);
  tx.exec(kRemoveOwnRows, account_id);
  tx.exec(kRemoveByEmail, account_id, email);
}

void redact_quotes(db::Tx& tx, const std::string& needle, const std::string& replacement) {
  tx.exec(kRedact, needle, replacement);
}

void remove_profile_uploads(db::Tx& tx, std::int64_t account_id) { tx.exec(kRemoveUploads, account_id); }

void scrub(db::Tx& tx, std::int64_t account_id, const std::string& placeholder_email) {
  tx.exec(kScrubAccount, account_id, placeholder_email);
  tx.exec(kScrubStudent, account_id, placeholder_email);
}

int purge_expired_answers(db::Tx& tx, int years, const std::string& today, std::optional<std::int64_t> account_id) {
  return tx.exec(kPurgeAnswers, years, today, account_id)[0][0].as<int>();
}

}  // namespace camp::privacy::anonymise_repo
