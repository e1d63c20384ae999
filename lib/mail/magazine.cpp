#include "mail/magazine.hpp"

#include "accounts/model.hpp"
#include "core/digest.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "mail/outbox.hpp"
#include "mail/repo.hpp"

namespace camp::mail {
namespace {

// The subject is a mail header: one line (text::one_line), 1-200 characters.
void validate(const Magazine& m) {
  FieldErrors fields;
  if (text::trim(m.subject).empty()) fields["subject"].emplace_back(msg::magazine_subject_required);
  else if (!text::valid_utf8(m.subject) || !text::one_line(m.subject)) fields["subject"].emplace_back(msg::magazine_subject_one_line);
  else if (validate::char_count(m.subject) > 200) fields["subject"].emplace_back(msg::magazine_subject_too_long);
  if (text::trim(m.body).empty()) fields["body"].emplace_back(msg::magazine_body_required);
  else if (m.body.size() > 100000) fields["body"].emplace_back(msg::magazine_body_too_large);
  else if (!text::valid_utf8(m.body) || m.body.find('\0') != std::string::npos) fields["body"].emplace_back(msg::forbidden_character);
  for (const auto& role : m.roles)
    if (!accounts::parse_role(role)) fields["roles"].emplace_back(msg::role_unknown);
  throw_if_invalid(fields);
}

}  // namespace

std::string magazine_hash(const std::string& subject, const std::string& body) {
  return sha256_hex(subject + "\n" + body);
}

MagazineResult send_magazine(db::Pool& pool, const UnsubscribeLinks& links, const Magazine& magazine,
                             const MagazineOptions& options) {
  validate(magazine);
  const auto hash = magazine_hash(magazine.subject, magazine.body);
  const std::size_t batch = std::max<std::size_t>(options.batch_size, 1);
  return pool.transaction([&](db::Tx& tx) {
    MagazineResult result;
    result.body_sha256 = hash;
    // Two operators sending the same magazine at once: the second waits, then sees the first.
    if (!options.dry_run) repo::lock_magazine(tx, hash);
    const auto last = repo::last_magazine_send(tx, hash);
    if (last) result.previously_sent_at = last->sent_at;
    if (last && !options.again && !options.dry_run)
      throw Error(errc::conflict, "this magazine (same subject and body) was already sent on " + last->sent_at_jst +
                                      " JST; give --again to send it again");
    const auto people = repo::recipients(tx, Topic::magazine, magazine.roles);
    result.recipients = people.size();
    if (options.dry_run) return result;
    result.send_id = repo::record_magazine_send(tx, magazine.subject, hash, magazine.roles,
                                                static_cast<int>(people.size()), options.again);
    std::vector<Outgoing> mails;
    mails.reserve(std::min(batch, people.size()));
    for (std::size_t i = 0; i < people.size(); ++i) {
      const auto& r = people[i];
      mails.push_back({.to = r.email,
                       .template_name = "magazine",
                       .values = {{"name", r.display_name},
                                  {"subject", magazine.subject},
                                  {"body", magazine.body}},
                       .links = {{"unsubscribe_url", links.page_url(r.account_id, Topic::magazine)}},
                       .bulk = true,
                       .unsubscribe_url = links.one_click_url(r.account_id, Topic::magazine)});
      if (mails.size() == batch || i + 1 == people.size()) {
        result.queued += enqueue_many(tx, mails);
        mails.clear();
        if (options.progress) options.progress(result.queued, people.size());
      }
    }
    return result;
  });
}

}  // namespace camp::mail
