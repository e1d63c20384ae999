#include "mail/waiting.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "core/utf8.hpp"
#include "mail/repo.hpp"
#include "notifications/dispatcher.hpp"
#include "notifications/events.hpp"
#include "reporting/waiting.hpp"

namespace camp::mail {
namespace {

constexpr const char* kDigestKind = "mentor_digest";

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
  DigestSection section{"questions", "回答を待っている質問（" + std::to_string(days) + "日以上回答なし）", waiting.total, {}};
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
  DigestSection section{"submissions", "レビューを待っている提出（" + std::to_string(days) + "日以上レビューなし）", waiting.total, {}};
  for (const auto& s : waiting.oldest)
    section.items.push_back({"課題" + std::to_string(s.task_id) + "「" + s.task_title + "」" +
                                 "（" + s.student_name + "さん）",
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
    nlohmann::json facts{{"date", date}, {"roles", config_.mail.digest_roles}};
    for (const auto& source : digest_sources()) {
      auto s = source(tx, ctx);
      result.waiting += s.total;
      facts[s.key] = s.total;
      if (s.total > 0) sections.push_back(std::move(s));
    }
    if (sections.empty()) return result;
    facts["sections"] = render_sections(sections, config_.public_url);
    result.mails = notifications::preview(tx, notifications::kWaitingDigest, std::nullopt, facts).mails;
    if (dry_run) return result;
    notifications::record_event(tx, notifications::kWaitingDigest, std::nullopt, facts);
    repo::set_run_day_mails(tx, kDigestKind, date, static_cast<int>(result.mails));
    return result;
  });
}

ReminderResult WaitingMail::run_reminders(bool dry_run) const {
  const int days = config_.mail.reminder_unsolved_days;
  return pool_.transaction([&](db::Tx& tx) {
    ReminderResult result;
    const auto due = reporting::unsolved_questions(tx, clock_.now(), days, 10000);
    std::vector<std::int64_t> ids;
    for (const auto& q : due) ids.push_back(q.id);
    // Taken first: a concurrent run waits on each question's key, then skips it.
    std::vector<std::int64_t> taken = dry_run ? ids : repo::mark_questions_reminded(tx, ids);
    std::sort(taken.begin(), taken.end());
    for (const auto& q : due) {
      if (!std::binary_search(taken.begin(), taken.end(), q.id)) continue;
      ++result.questions;
      const nlohmann::json facts{{"question_id", q.id}, {"question_title", q.title}, {"account_id", q.asker_id}, {"days", days}};
      result.mails += notifications::preview(tx, notifications::kQuestionUnsolved, std::nullopt, facts).mails;
      if (!dry_run) notifications::record_event(tx, notifications::kQuestionUnsolved, std::nullopt, facts);
    }
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
