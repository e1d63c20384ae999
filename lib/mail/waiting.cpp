#include "mail/waiting.hpp"

#include "core/utf8.hpp"
#include "mail/outbox.hpp"
#include "mail/repo.hpp"
#include "reporting/waiting.hpp"

namespace camp::mail {
namespace {

using std::chrono::duration_cast;
using std::chrono::seconds;

constexpr const char* kDigestKind = "mentor_digest";

std::int64_t epoch(TimePoint t) { return duration_cast<seconds>(t.time_since_epoch()).count(); }

// A title as one subject-safe line of at most 60 characters.
std::string one_line(const std::string& title, std::size_t max_chars) {
  const auto kept = text::take_chars(title, max_chars);
  std::string out;
  for (char c : kept) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7F ? ' ' : c;
  return kept.size() < title.size() ? out + "…" : out;
}

std::string render_sections(const std::vector<DigestSection>& sections, const std::string& public_url) {
  std::string out;
  for (const auto& s : sections) {
    if (!out.empty()) out += "\n";
    out += "■ " + s.heading + "（" + std::to_string(s.total) + "件）\n";
    for (const auto& item : s.items)
      out += "・" + item.title + (item.detail.empty() ? "" : "（" + item.detail + "）") + "\n  " + item.url + "\n";
    if (s.total > s.items.size())
      out += "ほか " + std::to_string(s.total - s.items.size()) + " 件: " + public_url + "/questions\n";
  }
  return out;
}

}  // namespace

DigestSection unanswered_questions(db::Tx& tx, const DigestContext& ctx) {
  const auto days = ctx.config.digest_unanswered_days;
  const auto waiting = reporting::unanswered_questions(tx, ctx.now, days, kDigestItems);
  DigestSection section{"回答を待っている質問（" + std::to_string(days) + "日以上回答なし）", waiting.total, {}};
  for (const auto& q : waiting.oldest)
    section.items.push_back({one_line(q.title, 80), ctx.public_url + "/questions/" + std::to_string(q.id),
                             std::to_string(q.days_waiting) + "日前"});
  return section;
}

namespace {

// The reviews' section: submissions waiting for a first review as long.
DigestSection waiting_submissions(db::Tx& tx, const DigestContext& ctx) {
  const auto days = ctx.config.digest_unanswered_days;
  const auto waiting = reporting::waiting_submissions(tx, ctx.now, days, kDigestItems);
  DigestSection section{"レビューを待っている提出（" + std::to_string(days) + "日以上レビューなし）", waiting.total, {}};
  for (const auto& s : waiting.oldest)
    section.items.push_back({"課題" + std::to_string(s.task_id) + "「" + s.task_title + "」" +
                                 (s.nickname.empty() ? std::string() : "（" + s.nickname + "さん）"),
                             ctx.public_url + "/reviews", std::to_string(s.days_waiting) + "日前"});
  return section;
}

}  // namespace

const std::vector<DigestSource>& digest_sources() {
  static const std::vector<DigestSource> sources = {unanswered_questions, waiting_submissions};
  return sources;
}

DigestResult WaitingMail::run_digest(std::optional<Date> day_opt, bool dry_run) const {
  const auto now_real = clock_.now();
  const Date day = day_opt.value_or(school_date(now_real));
  const auto day_end = school_day_start(Date(std::chrono::sys_days(day) + std::chrono::days(1)));
  const DigestContext ctx{std::min(now_real, day_end), config_.mail, config_.public_url};
  const auto date = format_date(day);
  return pool_.transaction([&](db::Tx& tx) {
    DigestResult result{day};
    // Claimed first: a second run of the day waits here for the first to commit, then skips.
    if (dry_run ? repo::run_day_claimed(tx, kDigestKind, date) : !repo::claim_run_day(tx, kDigestKind, date)) {
      result.already_ran = true;
      return result;
    }
    std::vector<DigestSection> sections;
    for (const auto& source : digest_sources()) {
      auto s = source(tx, ctx);
      result.waiting += s.total;
      if (s.total > 0) sections.push_back(std::move(s));
    }
    if (sections.empty()) return result;
    const auto people = repo::recipients(tx, Topic::school, config_.mail.digest_roles);
    result.mails = people.size();
    if (dry_run) return result;
    const auto text = render_sections(sections, config_.public_url);
    std::vector<Outgoing> mails;
    mails.reserve(people.size());
    for (const auto& r : people)
      mails.push_back({.to = r.email,
                       .template_name = kDigestKind,
                       .values = {{"nickname", r.nickname.empty() ? "メンター" : r.nickname},
                                  {"date", date},
                                  {"count", std::to_string(result.waiting)},
                                  {"sections", text}},
                       .links = {{"unsubscribe_url", links_.page_url(r.account_id, Topic::school)}},
                       .bulk = true,
                       .unsubscribe_url = links_.one_click_url(r.account_id, Topic::school)});
    if (!mails.empty()) enqueue_many(tx, mails);
    repo::set_run_day_mails(tx, kDigestKind, date, static_cast<int>(mails.size()));
    return result;
  });
}

ReminderResult WaitingMail::run_reminders(bool dry_run) const {
  const auto now = epoch(clock_.now());
  const int days = config_.mail.reminder_unsolved_days;
  return pool_.transaction([&](db::Tx& tx) {
    ReminderResult result;
    const auto due = dry_run ? repo::due_reminders(tx, now, days) : repo::take_due_reminders(tx, now, days);
    std::vector<Outgoing> mails;
    for (const auto& r : due) {
      ++result.questions;
      if (!r.wanted) continue;
      const auto account_id = r.account_id;
      const auto& nickname = r.nickname;
      mails.push_back({.to = r.email,
                       .template_name = "question_reminder",
                       .values = {{"nickname", nickname.empty() ? "受講生" : nickname},
                                  {"title", one_line(r.title, 60)},
                                  {"days", std::to_string(days)},
                                  {"url", config_.public_url + "/questions/" + std::to_string(r.question_id)}},
                       .links = {{"unsubscribe_url", links_.page_url(account_id, Topic::school)}},
                       .bulk = true,
                       .unsubscribe_url = links_.one_click_url(account_id, Topic::school)});
    }
    result.mails = mails.size();
    if (!dry_run && !mails.empty()) enqueue_many(tx, mails);
    return result;
  });
}

bool WaitingMail::run_if_due() const {
  if (!config_.mail.digest_enabled) return false;
  const auto now = clock_.now();
  const Date today = school_date(now);
  if (now < school_day_start(today) + std::chrono::hours(config_.mail.digest_hour)) return false;
  const bool ran = pool_.autocommit([&](db::Tx& tx) { return repo::run_day_claimed(tx, kDigestKind, format_date(today)); });
  if (ran) return false;
  const auto digest = run_digest(today, false);
  if (digest.already_ran) return false;
  run_reminders(false);
  return true;
}

}  // namespace camp::mail
