#pragma once
// Nothing left waiting (docs/mail.md): a daily digest to the mentors of what is waiting for
// them, and a one-time reminder to an asker whose question has answers but no solution. Both
// are scheduled jobs that record a domain event (waiting.digest, question.unsolved); who hears
// of it, in the app and by mail as each chose (mentor_digest, question_reminder), is the
// notifications' dispatcher's (lib/notifications/rules.cpp). Time comes from a Clock.
//
// The digest is a list of sections, each from one source (digest_sources()): the questions
// nobody has answered, then the submissions waiting for a review. Both are read by the
// reporting module (lib/reporting/waiting.hpp) and worded here. Another section is one more
// source appended there; the run, the once-per-day guard and the event stay.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/config.hpp"
#include "db/pool.hpp"

namespace camp::mail {

// What a section source may look at.
struct DigestContext {
  TimePoint now;              // "now" for every threshold
  const MailConfig& config;   // thresholds
  const std::string& public_url;
};

struct DigestItem {
  std::string title;   // one line
  std::string url;     // where to act on it
  std::string detail;  // e.g. "3日前" (how long it has waited)
};

struct DigestSection {
  std::string key;      // the event's count of it: "questions", "submissions"
  std::string heading;  // e.g. "回答を待っている質問"
  std::size_t total = 0;  // how many are waiting (items holds the oldest, at most kDigestItems)
  std::vector<DigestItem> items;
};
inline constexpr std::size_t kDigestItems = 30;

using DigestSource = std::function<DigestSection(db::Tx&, const DigestContext&)>;
// The digest's sections, in order. Add a source here to add a section.
const std::vector<DigestSource>& digest_sources();
// The questions without an answer for mail.digest.unanswered_days (the first source).
DigestSection unanswered_questions(db::Tx& tx, const DigestContext& ctx);

struct DigestResult {
  Date day;
  bool already_ran = false;  // another run (another daemon, an earlier command) had this day
  std::size_t waiting = 0;   // items over all sections
  std::size_t mails = 0;     // mentors mailed at once (the dispatcher queues them), or that would be
};
struct ReminderResult {
  std::size_t questions = 0;  // newly due questions (each reminded once, ever)
  std::size_t mails = 0;      // of their askers, those mailed at once (or that would be)
};

class WaitingMail {
 public:
  WaitingMail(db::Pool& pool, const Config& config, const Clock& clock) : pool_(pool), config_(config), clock_(clock) {}

  // The digest of `day` (default: today in Japan). Thresholds are measured at the clock's now,
  // or at the end of `day` when that is earlier (a past day's digest as it would have been).
  // One transaction: the mail_runs row (kind, day) is inserted first, so a concurrent run of
  // the same day waits and then records nothing. With nothing waiting the day is still
  // recorded and nobody is told. A dry run writes nothing.
  DigestResult run_digest(std::optional<Date> day, bool dry_run) const;
  // Reminders for every question answered at least mail.reminders.unsolved_days ago (first
  // answer by someone other than the asker) and still unsolved, not reminded before: one
  // question.unsolved event each. One transaction; a question_reminders row per question, so
  // each is reminded at most once, also with two concurrent runs.
  ReminderResult run_reminders(bool dry_run) const;
  // The daemon's timer: both runs when the digest is enabled, the hour has come and today's
  // digest has not run. Returns whether it ran.
  bool run_if_due() const;

 private:
  db::Pool& pool_;
  const Config& config_;
  const Clock& clock_;
};

}  // namespace camp::mail
