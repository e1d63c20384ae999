#pragma once
// Recording that something happened: the one call a use case makes, inside its own transaction,
// so the event exists exactly when the change commits. Who hears of it is decided later, in one
// place (notifications/rules.cpp), by the dispatcher every daemon runs:
//
//   pool.transaction([&](db::Tx& tx) {
//     ... the change ...
//     notifications::record_event(tx, notifications::kAnswerCreated, actor.id,
//                                 {{"question_id", q}, {"answer_id", a}, {"question_title", title}});
//   });
//
// The payload holds the facts the notification needs (ids, a title, the start of a text) as
// they were at that moment; it never holds a secret. This module knows no other domain.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

#include "db/pool.hpp"

namespace camp::notifications {

// The event types (docs/notifications.md lists who hears of each).
inline constexpr std::string_view kSubmissionSubmitted = "submission.submitted";
inline constexpr std::string_view kSubmissionResubmitted = "submission.resubmitted";
inline constexpr std::string_view kReviewCreated = "review.created";
inline constexpr std::string_view kAnswerCreated = "answer.created";
inline constexpr std::string_view kQuestionSolved = "question.solved";
inline constexpr std::string_view kEventPublished = "event.published";
inline constexpr std::string_view kEventMovedUp = "event.moved_up";
inline constexpr std::string_view kEventCancelled = "event.cancelled";
inline constexpr std::string_view kMilestoneAchieved = "milestone.achieved";
inline constexpr std::string_view kMailFailed = "mail.failed";
inline constexpr std::string_view kImportFinished = "import.finished";
inline constexpr std::string_view kAnnouncementCreated = "announcement.created";
inline constexpr std::string_view kMentionCreated = "mention.created";
inline constexpr std::string_view kEventReminder = "event.reminder";  // the day before (events::EventService::remind)
inline constexpr std::string_view kQuestionnaireReminded = "questionnaire.reminded";  // an admin's reminder
// Recorded by the daily mail jobs (mail/waiting.hpp).
inline constexpr std::string_view kWaitingDigest = "waiting.digest";      // the mentors' digest of the day
inline constexpr std::string_view kQuestionUnsolved = "question.unsolved";  // "is it solved?" to the asker
// Recorded by the daily scan (notifications/scan.hpp), not by a use case.
inline constexpr std::string_view kReviewOverdue = "review.overdue";
inline constexpr std::string_view kQuestionUnanswered = "question.unanswered";
inline constexpr std::string_view kStudentBehind = "student.behind";
inline constexpr std::string_view kQuestionnaireDue = "questionnaire.due";
// Recorded by a daemon's worker: an account's personal-data export is ready (privacy/data_export.hpp).
inline constexpr std::string_view kDataExportReady = "data_export.ready";

// Inserts the event and wakes the dispatchers (NOTIFY, delivered at commit). `actor_id`: who
// caused it (never notified of it); nothing for the system (a failed mail, the CLI).
void record_event(db::Tx& tx, std::string_view type, std::optional<std::int64_t> actor_id,
                  const nlohmann::json& payload);

// The stream the dispatchers listen for (db::kNotifyChannel).
inline constexpr const char* kDomainEventsStream = "domain_events";

}  // namespace camp::notifications
