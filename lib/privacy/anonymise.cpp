#include "privacy/anonymise.hpp"

#include <algorithm>
#include <set>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/school_time.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"
#include "mail/templates.hpp"
#include "privacy/anonymise_repo.hpp"
#include "questionnaires/audit.hpp"

namespace camp::privacy {
namespace {

std::string checked_reason(const std::string& reason) {
  const auto r = text::trim(reason);
  if (r.empty())
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"reason", {std::string(msg::anonymisation_reason_required)}}});
  if (!text::valid_utf8(r) || text::has_control(r) || text::char_count(r) > limits::audit_reason_max)
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"reason", {std::string(msg::anonymisation_reason_too_long)}}});
  return r;
}

// What other people's notifications and mails may quote: the e-mail, the nickname, the student
// record's name and the display name (the e-mail's local part only when it was the display
// name: elsewhere it may be an ordinary word), as written and HTML-escaped (the mails' HTML
// part), longest first (the e-mail before a name inside it). A single character would match
// far more than the person, so it is left alone.
std::vector<std::string> quotes_of(const anonymise_repo::Person& p) {
  std::set<std::string> found;
  for (const auto& s : {p.email, text::trim(p.nickname), text::trim(p.student_name), p.display_name}) {
    if (text::char_count(s) < 2) continue;
    found.insert(s);
    found.insert(mail::fill("{{v}}", {{"v", s}}, true, "redaction"));
  }
  std::vector<std::string> out(found.begin(), found.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  return out;
}

}  // namespace

AnonymisationService::AnonymisationService(db::Pool& pool, int subsidy_retention_years,
                                           accounts::SessionCache* sessions, questions::QuestionListCache* lists,
                                           const Clock& clock)
    : pool_(pool),
      retention_years_(subsidy_retention_years),
      sessions_(sessions),
      lists_(lists),
      clock_(clock) {}

std::string AnonymisationService::placeholder_email(std::int64_t account_id) {
  return "deleted-" + std::to_string(account_id) + "@anonymised.invalid";
}

Anonymised AnonymisationService::anonymise(const accounts::Account& actor, std::int64_t account_id,
                                           const std::string& reason) {
  if (actor.role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  const auto why = checked_reason(reason);
  const auto today = format_date(clock_.today());
  Anonymised out{account_id, 0};
  pool_.transaction([&](db::Tx& tx) {
    const auto person = anonymise_repo::lock(tx, account_id);
    if (!person) throw Error(errc::not_found, std::string(msg::not_found));
    if (person->anonymised) throw Error(errc::conflict, std::string(msg::anonymisation_already_done));
    if (person->role == "admin") throw Error(errc::invalid, std::string(msg::anonymisation_admin_refused));
    anonymise_repo::remove_personal_rows(tx, account_id, person->email);
    for (const auto& quote : quotes_of(*person))
      anonymise_repo::redact_quotes(tx, quote, std::string(msg::anonymised_display_name));
    // Their blobs go with the last upload naming them, and the daemons drop their cached
    // copies (migration 0039).
    anonymise_repo::remove_profile_uploads(tx, account_id);
    anonymise_repo::scrub(tx, account_id, placeholder_email(account_id));
    out.answers_purged = anonymise_repo::purge_expired_answers(tx, retention_years_, today, account_id);
    questionnaires::audit::record(tx, questionnaires::audit::actor_of(actor), "account.anonymise",
                                  "account " + std::to_string(account_id), why);
  });
  // At once here; other daemons hear the NOTIFY the statements sent.
  if (sessions_) sessions_->forget_account(account_id);
  if (lists_) lists_->forget_all();
  return out;
}

int AnonymisationService::purge_expired_answers() {
  const auto today = format_date(clock_.today());
  return pool_.transaction(
      [&](db::Tx& tx) { return anonymise_repo::purge_expired_answers(tx, retention_years_, today, std::nullopt); });
}

}  // namespace camp::privacy
