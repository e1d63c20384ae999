#include "notifications/scan.hpp"

#include <algorithm>
#include <map>

#include "notifications/events.hpp"
#include "notifications/scan_repo.hpp"
#include "questionnaires/definition.hpp"
#include "questionnaires/repo.hpp"
#include "reporting/overdue.hpp"

namespace camp::notifications {
namespace {

// Per kind and run; the rest waits for the next run (the marks keep what was told).
constexpr int kMaxPerKind = 10000;

// Records `event(item)` for the items whose key was not marked yet: how many.
template <class Item, class Key, class Facts>
int record_new(db::Tx& tx, std::string_view type, const std::vector<Item>& items, Key key, Facts facts) {
  std::map<std::string, const Item*> by_key;
  std::vector<std::string> keys;
  for (const auto& item : items) {
    auto k = key(item);
    if (by_key.emplace(k, &item).second) keys.push_back(std::move(k));
  }
  const auto fresh = scan_repo::mark_new(tx, std::string(type), keys);
  for (const auto& k : fresh) record_event(tx, type, std::nullopt, facts(*by_key.at(k)));
  return static_cast<int>(fresh.size());
}

ScanResult scan(db::Tx& tx, const NotificationScanConfig& config, TimePoint now) {
  ScanResult out;
  const auto today = school_date(now);
  out.reviews = record_new(
      tx, kReviewOverdue, reporting::overdue_claims(tx, now, config.review_overdue_days, config.lookback_days, kMaxPerKind),
      [](const reporting::OverdueClaim& c) {
        return std::to_string(c.submission_id) + ":" + std::to_string(c.claimer_id) + ":" + std::to_string(c.claimed_at);
      },
      [&](const reporting::OverdueClaim& c) {
        return nlohmann::json{{"submission_id", c.submission_id},   {"claimer_id", c.claimer_id},
                              {"student_id", c.student_id},         {"task_id", c.task_id},
                              {"task_title", c.task_title},         {"curriculum_name", c.curriculum_name},
                              {"student_nickname", c.student_name}, {"days", config.review_overdue_days}};
      });
  out.questions = record_new(
      tx, kQuestionUnanswered, reporting::unanswered_since(tx, now, config.unanswered_days, config.lookback_days, kMaxPerKind),
      [](const reporting::UnansweredQuestion& q) { return std::to_string(q.id); },
      [&](const reporting::UnansweredQuestion& q) {
        return nlohmann::json{{"question_id", q.id}, {"question_title", q.title}, {"days", config.unanswered_days}};
      });
  out.students = record_new(
      tx, kStudentBehind, reporting::behind_students(tx, today, config.lookback_days, kMaxPerKind),
      [](const reporting::BehindStudent& s) { return std::to_string(s.student_id) + ":" + s.due_on; },
      [](const reporting::BehindStudent& s) {
        return nlohmann::json{
            {"student_record_id", s.student_id}, {"mentor_id", s.mentor_id}, {"student_name", s.name}, {"due_on", s.due_on}};
      });
  out.questionnaires = record_new(
      tx, kQuestionnaireDue, questionnaires::repo::owed(tx, format_date(today), kMaxPerKind),
      [](const std::pair<std::int64_t, std::string>& o) { return std::to_string(o.first) + ":" + o.second; },
      [](const std::pair<std::int64_t, std::string>& o) {
        const auto* d = questionnaires::find(o.second);
        return nlohmann::json{{"account_id", o.first}, {"kind", o.second}, {"title", d ? d->title : o.second}};
      });
  return out;
}

}  // namespace

ScanResult run_scan(db::Pool& pool, const NotificationScanConfig& config, TimePoint now) {
  return pool.transaction([&](db::Tx& tx) { return scan(tx, config, now); });
}

ScanResult run_scan_if_due(db::Pool& pool, const NotificationScanConfig& config, const Clock& clock) {
  if (!config.enabled) return {true};
  const auto now = clock.now();
  const Date today = school_date(now);
  if (now < school_day_start(today) + std::chrono::hours(config.hour)) return {true};
  return pool.transaction([&](db::Tx& tx) {
    if (!scan_repo::claim_day(tx, format_date(today))) return ScanResult{true};
    return scan(tx, config, now);
  });
}

}  // namespace camp::notifications
