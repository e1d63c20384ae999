#include "mail/outbox.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <tuple>

#include "core/error.hpp"
#include "core/text.hpp"
#include "db/arrays.hpp"
#include "notifications/events.hpp"

namespace camp::mail {
namespace {

#define CAMP_MAIL_COLUMNS                                                                                         \
  "id, message_key::text, template, to_address, subject, text_body, html_body, bulk, unsubscribe_url, status, " \
  "attempts, EXTRACT(EPOCH FROM next_attempt_at)::bigint, last_error, EXTRACT(EPOCH FROM created_at)::bigint, "   \
  "EXTRACT(EPOCH FROM sent_at)::bigint, links::text"
// One wake-up per transaction: PostgreSQL folds identical notifications of a transaction.
#define CAMP_MAIL_NOTIFY "pg_notify('camp_cable', '{\"stream\":\"mail\",\"message\":{}}')"

constexpr db::Statement kInsert{
    "mail.insert",
    "WITH m AS (INSERT INTO mail_outbox (template, to_address, subject, text_body, html_body, bulk, unsubscribe_url, links) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id) SELECT m.id, " CAMP_MAIL_NOTIFY " FROM m"};
// A mail that cannot be rendered: failed at once, never sent, shown by `camp mail list --failed`.
// Its links are not kept: it is never delivered.
constexpr db::Statement kInsertFailed{
    "mail.insert_failed",
    "INSERT INTO mail_outbox (template, to_address, subject, text_body, html_body, bulk, unsubscribe_url, status, "
    "last_error) VALUES ($1, $2, $3, $4, NULL, $5, $6, 'failed', left($7, 2000)) RETURNING id"};
constexpr db::Statement kWake{"mail.wake", "SELECT " CAMP_MAIL_NOTIFY};
constexpr db::Statement kList{
    "mail.list",
    "SELECT " CAMP_MAIL_COLUMNS " FROM mail_outbox WHERE ($1::text IS NULL OR status = $1) ORDER BY id DESC LIMIT $2"};
constexpr db::Statement kFind{"mail.find", "SELECT " CAMP_MAIL_COLUMNS " FROM mail_outbox WHERE id = $1"};
constexpr db::Statement kRetry{
    "mail.retry",
    "WITH r AS (UPDATE mail_outbox SET status = 'queued', attempts = 0, next_attempt_at = now() "
    "WHERE id = $1 AND status <> 'sent' RETURNING id) SELECT r.id, " CAMP_MAIL_NOTIFY " FROM r"};
constexpr db::Statement kRetryFailed{
    "mail.retry_failed",
    "WITH r AS (UPDATE mail_outbox SET status = 'queued', attempts = 0, next_attempt_at = now() "
    "WHERE status = 'failed' RETURNING 1) SELECT (SELECT count(*) FROM r), " CAMP_MAIL_NOTIFY};
constexpr db::Statement kCounts{
    "mail.counts",
    "SELECT count(*) FILTER (WHERE status = 'queued'), count(*) FILTER (WHERE status = 'sent'), "
    "count(*) FILTER (WHERE status = 'failed') FROM mail_outbox"};
constexpr db::Statement kClaim{
    "mail.claim",
    "SELECT " CAMP_MAIL_COLUMNS " FROM mail_outbox WHERE status = 'queued' AND next_attempt_at <= now() "
    "ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED"};
// Sent, the mail keeps no live link: its links and List-Unsubscribe URL go (docs/mail.md "Links").
constexpr db::Statement kMarkSent{
    "mail.mark_sent",
    "UPDATE mail_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL, "
    "links = NULL, unsubscribe_url = NULL WHERE id = ANY ($1::int8[])"};
constexpr db::Statement kMarkFailedAttempt{
    "mail.mark_failed_attempt",
    "UPDATE mail_outbox SET attempts = attempts + 1, last_error = left($2, 2000), "
    "status = CASE WHEN $3 OR attempts + 1 >= $4 THEN 'failed' ELSE 'queued' END, "
    "next_attempt_at = now() + make_interval(secs => least($5::float8 * power(2, least(attempts, 30)), $6::float8)) "
    "WHERE id = $1 RETURNING status"};
constexpr db::Statement kUntilDue{
    "mail.until_due",
    "SELECT EXTRACT(EPOCH FROM min(next_attempt_at) - now())::float8 FROM mail_outbox WHERE status = 'queued'"};

Mail row_to_mail(const pqxx::row& r) {
  Mail m;
  m.id = r[0].as<std::int64_t>();
  m.message_key = r[1].as<std::string>();
  m.template_name = r[2].as<std::string>();
  m.to = r[3].as<std::string>();
  m.subject = r[4].as<std::string>();
  m.text_body = r[5].as<std::string>();
  if (!r[6].is_null()) m.html_body = r[6].as<std::string>();
  m.bulk = r[7].as<bool>();
  if (!r[8].is_null()) m.unsubscribe_url = r[8].as<std::string>();
  m.status = status_from(r[9].as<std::string>());
  m.attempts = r[10].as<int>();
  m.next_attempt_at = r[11].as<std::int64_t>();
  if (!r[12].is_null()) m.last_error = r[12].as<std::string>();
  m.created_at = r[13].as<std::int64_t>();
  if (!r[14].is_null()) m.sent_at = r[14].as<std::int64_t>();
  if (!r[15].is_null()) m.links = nlohmann::json::parse(r[15].as<std::string>()).get<Values>();
  return m;
}

// RFC 8058 needs an HTTPS URI; http:// is allowed for development set-ups.
void check_unsubscribe_url(const std::string& url) {
  const bool scheme = url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0;
  const bool clean = url.size() <= 2000 && url.find_first_of(" <>\"") == std::string::npos &&
                     std::all_of(url.begin(), url.end(), [](char c) { return c > 0x20 && c < 0x7f; });
  if (!scheme || !clean) throw Error(errc::invalid, "mail unsubscribe_url must be an http(s) URL, got '" + url + "'");
}

struct Row {
  std::string template_name, to, subject, text;
  std::optional<std::string> html;
  bool bulk;
  std::optional<std::string> unsubscribe_url;
  std::optional<std::string> links;         // JSON object, name -> URL (erased once sent)
  std::optional<std::string> render_error;  // set: store as failed, never send
};

// Stored text of a mail that could not be rendered: what the template makes of the values
// without the checks (so the operator sees which mail it was), kept valid UTF-8.
std::string unchecked(const std::string& text, const Values& values, const std::string& where) {
  const auto filled = fill(text, values, false, where);
  return text::valid_utf8(filled) ? filled : text::escape_for_log(filled);
}

Row prepare(const Outgoing& mail) {
  check_address(mail.to);
  if (mail.bulk) check_unsubscribe_url(mail.unsubscribe_url);
  else if (!mail.unsubscribe_url.empty()) throw Error(errc::invalid, "mail unsubscribe_url is for bulk mail only");
  Values values;
  for (const auto& [name, value] : mail.values) values.emplace(name, defuse_link_markers(value));
  for (const auto& [name, url] : mail.links) {
    if (!text::valid_utf8(url)) throw Error(errc::invalid, "mail link {{" + name + "}} is not valid UTF-8");
    if (!values.emplace(name, link_marker(name)).second)
      throw Error(errc::internal, "mail " + mail.template_name + ": {{" + name + "}} is both a value and a link");
  }
  // The bodies hold a marker where each link goes (templates.hpp, link_marker); the links
  // themselves are stored apart, to be erased once the mail is sent.
  std::optional<std::string> links;
  if (!mail.links.empty()) links = nlohmann::json(mail.links).dump();
  Row row{mail.template_name, mail.to, {}, {}, std::nullopt, mail.bulk,
          mail.bulk ? std::optional<std::string>(mail.unsubscribe_url) : std::nullopt, std::move(links), std::nullopt};
  try {
    auto r = render(mail.template_name, values);
    row.subject = std::move(r.subject);
    row.text = std::move(r.text);
    row.html = std::move(r.html);
  } catch (const Error& e) {
    // A value this mail cannot carry (a title with a line break) fails this mail alone;
    // a programming error (unknown template, missing value) still rolls the change back.
    if (e.code() != errc::invalid) throw;
    const auto& source = *std::find_if(embedded_templates().begin(), embedded_templates().end(),
                                       [&](const TemplateSource& t) { return mail.template_name == t.name; });
    row.subject = unchecked(source.subject, values, mail.template_name + ".subject");
    row.text = unchecked(source.text, values, mail.template_name + ".txt");
    row.render_error = e.what();
  }
  return row;
}

std::int64_t insert_failed(db::Tx& tx, const Row& r) {
  const auto id = tx.exec(kInsertFailed, r.template_name, r.to, r.subject, r.text, r.bulk, r.unsubscribe_url,
                          *r.render_error)[0][0]
                      .as<std::int64_t>();
  spdlog::error("mail {} ({}) to {} cannot be rendered and is failed: {}", id, r.template_name, r.to,
                text::escape_for_log(*r.render_error));
  return id;
}

// The admins hear of mails that could not be made, once per change however many there were
// (in the app only: a mail about it could fail the same way).
void tell_admins(db::Tx& tx, std::int64_t first_id, const Row& first, std::size_t count) {
  notifications::record_event(tx, notifications::kMailFailed, std::nullopt,
                              {{"mail_id", first_id}, {"template", first.template_name}, {"count", count},
                               {"error", std::string(text::utf8_prefix(text::escape_for_log(*first.render_error), 300))}});
}

}  // namespace

std::int64_t enqueue(db::Tx& tx, const Outgoing& mail) {
  const auto r = prepare(mail);
  if (r.render_error) {
    const auto id = insert_failed(tx, r);
    tell_admins(tx, id, r, 1);
    return id;
  }
  return tx.exec(kInsert, r.template_name, r.to, r.subject, r.text, r.html, r.bulk, r.unsubscribe_url,
                 r.links)[0][0]
      .as<std::int64_t>();
}

std::size_t enqueue_many(db::Tx& tx, const std::vector<Outgoing>& mails) {
  std::size_t failed = 0;
  std::optional<std::pair<std::int64_t, Row>> first_failed;
  std::vector<Row> rows;
  rows.reserve(mails.size());
  for (const auto& mail : mails) {
    auto r = prepare(mail);
    if (!r.render_error) {
      rows.push_back(std::move(r));
      continue;
    }
    const auto id = insert_failed(tx, r);
    if (!first_failed) first_failed.emplace(id, std::move(r));
    ++failed;
  }
  if (first_failed) tell_admins(tx, first_failed->first, first_failed->second, failed);
  if (rows.empty()) return failed;
  using Columns = std::tuple<const char*, const char*, const char*, const char*, const char*, const char*,
                             const char*, const char*>;
  const auto text = [](const std::optional<std::string>& v) { return v ? v->c_str() : nullptr; };
  std::vector<Columns> columns;
  columns.reserve(rows.size());
  for (const auto& r : rows)
    columns.emplace_back(r.template_name.c_str(), r.to.c_str(), r.subject.c_str(), r.text.c_str(), text(r.html),
                         r.bulk ? "t" : "f", text(r.unsubscribe_url), text(r.links));
  tx.copy_into("mail_outbox",
               {"template", "to_address", "subject", "text_body", "html_body", "bulk", "unsubscribe_url", "links"},
               columns);
  tx.exec(kWake);
  return failed + rows.size();
}

std::vector<Mail> list(db::Tx& tx, std::optional<Status> status, int limit) {
  std::optional<std::string> s;
  if (status) s = to_string(*status);
  std::vector<Mail> out;
  for (const auto& r : tx.exec(kList, s, limit)) out.push_back(row_to_mail(r));
  return out;
}

std::optional<Mail> find(db::Tx& tx, std::int64_t id) {
  const auto rows = tx.exec(kFind, id);
  if (rows.empty()) return std::nullopt;
  return row_to_mail(rows[0]);
}

void retry(db::Tx& tx, std::int64_t id) {
  if (!tx.exec(kRetry, id).empty()) return;
  if (!find(tx, id)) throw Error(errc::not_found, "no mail with id " + std::to_string(id));
  throw Error(errc::invalid, "mail " + std::to_string(id) + " was already sent");
}

int retry_failed(db::Tx& tx) { return tx.exec(kRetryFailed)[0][0].as<int>(); }

Counts counts(db::Tx& tx) {
  const auto r = tx.exec(kCounts)[0];
  return {r[0].as<std::int64_t>(), r[1].as<std::int64_t>(), r[2].as<std::int64_t>()};
}

std::vector<Mail> claim_due(db::Tx& tx, int limit) {
  std::vector<Mail> out;
  for (const auto& r : tx.exec(kClaim, limit)) out.push_back(row_to_mail(r));
  return out;
}

void mark_sent(db::Tx& tx, const std::vector<std::int64_t>& ids) { tx.exec(kMarkSent, db::int_array(ids)); }

Status mark_attempt_failed(db::Tx& tx, std::int64_t id, const std::string& error, bool permanent,
                           const RetryPolicy& policy) {
  // The error text comes from a remote server: keep it to one valid line.
  const auto line = text::escape_for_log(error);
  const auto rows = tx.exec(kMarkFailedAttempt, id, line, permanent, policy.max_attempts, policy.base_seconds,
                            policy.max_seconds);
  return rows.empty() ? Status::queued : status_from(rows[0][0].as<std::string>());
}

std::optional<double> seconds_until_due(db::Tx& tx) {
  const auto r = tx.exec(kUntilDue)[0][0];
  if (r.is_null()) return std::nullopt;
  return r.as<double>();
}

}  // namespace camp::mail
