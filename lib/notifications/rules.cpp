#include "notifications/rules.hpp"

#include <algorithm>

#include "core/messages.hpp"
#include "curriculum/model.hpp"
#include "events/model.hpp"
#include "notifications/events.hpp"
#include "questionnaires/service.hpp"
#include "questions/repo.hpp"
#include "questions/service.hpp"
#include "reviews/service.hpp"
#include "students/service.hpp"

namespace camp::notifications {
namespace {

using accounts::Account;
using accounts::Role;
using repo::DomainEvent;

// --- reading the payload (what the use case recorded; a missing fact is empty, never a throw)
std::string text(const DomainEvent& e, const char* key) {
  const auto it = e.payload.find(key);
  return it != e.payload.end() && it->is_string() ? it->get<std::string>() : std::string();
}
std::int64_t number(const DomainEvent& e, const char* key) {
  const auto it = e.payload.find(key);
  return it != e.payload.end() && it->is_number_integer() ? it->get<std::int64_t>() : 0;
}
std::vector<std::int64_t> numbers(const DomainEvent& e, const char* key) {
  std::vector<std::int64_t> out;
  const auto it = e.payload.find(key);
  if (it == e.payload.end() || !it->is_array()) return out;
  for (const auto& v : *it)
    if (v.is_number_integer()) out.push_back(v.get<std::int64_t>());
  return out;
}
std::vector<std::int64_t> one(std::int64_t id) { return id > 0 ? std::vector<std::int64_t>{id} : std::vector<std::int64_t>{}; }

// --- audiences
std::vector<std::int64_t> with_roles(db::Tx& tx, std::vector<std::string> roles) {
  return repo::account_ids_with_roles(tx, roles);
}
// The mentors the curriculum lets review the task's level (admins review too, but are not
// called for every submission).
std::vector<std::int64_t> mentors_for(db::Tx& tx, const DomainEvent& e) {
  std::vector<std::string> roles;
  for (auto role : {Role::basic_mentor, Role::advanced_mentor, Role::spot_advanced_mentor})
    if (curriculum::may_review(role, text(e, "review_level"))) roles.emplace_back(accounts::to_string(role));
  return roles.empty() ? std::vector<std::int64_t>{} : with_roles(tx, roles);
}
std::vector<std::int64_t> watchers(db::Tx& tx, const DomainEvent& e) {
  return questions::repo::watcher_ids(tx, number(e, "question_id"));
}

// --- read policies (the owning domains')
bool may_read_submission(const Account& a, const DomainEvent& e) {
  return reviews::may_read_submission(a, number(e, "student_id"));
}
bool may_read_question(const Account& a, const DomainEvent&) { return questions::has_question_box(a); }
bool may_read_events(const Account& a, const DomainEvent&) { return events::has_events(a); }
bool is_admin(const Account& a, const DomainEvent&) { return a.role == Role::admin; }
bool anyone(const Account&, const DomainEvent&) { return true; }
// A milestone, a questionnaire: the account's own.
bool own(const Account& a, const DomainEvent& e) { return a.id == number(e, "account_id"); }
bool may_read_student_records(const Account& a, const DomainEvent&) { return students::may_read_records(a); }
// The mentors' digest lists questions and submissions: those who answer and review.
bool answers_and_reviews(const Account& a, const DomainEvent&) { return accounts::is_admin_or_mentor(a.role); }
bool answers_questionnaires(const Account& a, const DomainEvent&) { return questionnaires::is_respondent(a); }

// --- links of the web app
std::string submission_link(const DomainEvent& e) { return "/reviews?submission=" + std::to_string(number(e, "submission_id")); }
std::string task_link(const DomainEvent& e) {
  return "/curriculums/" + text(e, "curriculum_name") + "#task-" + std::to_string(number(e, "task_id"));
}
std::string question_link(const DomainEvent& e) { return "/questions/" + std::to_string(number(e, "question_id")); }
std::string student_link(const DomainEvent& e) { return "/students/" + std::to_string(number(e, "student_record_id")); }
std::string questionnaire_link(const DomainEvent& e) { return "/subsidy/questionnaire/" + text(e, "kind") + "-questionnaire"; }

// A mention: the mentioned account, when the mention was written in one of `objects`.
std::function<std::vector<std::int64_t>(db::Tx&, const DomainEvent&)> mentioned_in(std::vector<std::string> objects) {
  return [objects = std::move(objects)](db::Tx&, const DomainEvent& e) {
    const auto object = text(e, "object");
    return std::find(objects.begin(), objects.end(), object) != objects.end() ? one(number(e, "account_id"))
                                                                              : std::vector<std::int64_t>{};
  };
}
// In a review comment: the submission's student, or everyone else (reviewers).
std::function<std::vector<std::int64_t>(db::Tx&, const DomainEvent&)> mentioned_in_review(bool the_student) {
  return [the_student](db::Tx&, const DomainEvent& e) {
    const auto id = number(e, "account_id");
    return text(e, "object") == "review" && (id == number(e, "student_id")) == the_student ? one(id)
                                                                                         : std::vector<std::int64_t>{};
  };
}
// People are named by their display names; the payloads keep their stored field names
// (`writer_nickname`, `student_nickname`, ...), which events queued earlier carry too.
Content mentioned(const DomainEvent& e) {
  const auto object = text(e, "object"), writer = text(e, "writer_nickname");
  if (object == "question")
    return {msg::notification_mention_question(writer, text(e, "question_title")), text(e, "excerpt"), question_link(e)};
  if (object == "answer")
    return {msg::notification_mention_answer(writer, text(e, "question_title")), text(e, "excerpt"), question_link(e)};
  if (object == "review")  // the student reads it on the task's page, reviewers in the queue
    return {msg::notification_mention_review(writer, text(e, "task_title")), text(e, "excerpt"),
            number(e, "account_id") == number(e, "student_id") ? task_link(e) : submission_link(e)};
  return {msg::notification_mention_mentoring(writer, text(e, "student_name")), text(e, "excerpt"), student_link(e)};
}
std::vector<std::int64_t> mentors(db::Tx& tx) {
  return with_roles(tx, {"basic_mentor", "advanced_mentor", "spot_advanced_mentor"});
}

Content submitted(const DomainEvent& e) {
  return {msg::notification_submission_submitted(text(e, "student_nickname"), text(e, "task_title")), "",
          submission_link(e)};
}
Content resubmitted(const DomainEvent& e) {
  return {msg::notification_submission_resubmitted(text(e, "student_nickname"), text(e, "task_title")), "",
          submission_link(e)};
}
Content reviewed(const DomainEvent& e) {
  const auto reviewer = text(e, "reviewer_nickname"), task = text(e, "task_title");
  return {text(e, "status") == "approved" ? msg::notification_review_approved(reviewer, task)
                                          : msg::notification_review_changes_requested(reviewer, task),
          text(e, "excerpt"), task_link(e)};
}
Content answered(const DomainEvent& e) {
  return {msg::notification_answer_created(text(e, "answerer_nickname"), text(e, "question_title")), text(e, "excerpt"),
          question_link(e)};
}
Content solved(const DomainEvent& e) {
  return {msg::notification_question_solved(text(e, "question_title")), "", question_link(e)};
}
Content event_content(std::string title, const DomainEvent& e) { return {std::move(title), text(e, "when"), "/events"}; }
Content milestone(const DomainEvent& e) {
  const auto name = text(e, "curriculum_name");
  return {msg::notification_milestone_achieved(text(e, "curriculum_title")), "",
          name.empty() ? "/curriculums" : "/curriculums/" + name};
}
Content mail_failed(const DomainEvent& e) {
  const auto count = number(e, "count");
  return {msg::notification_mail_failed(text(e, "template")),
          count > 1 ? msg::notification_mail_failed_many(std::to_string(count), text(e, "error")) : text(e, "error"),
          "/dashboards"};
}
Content imported(const DomainEvent& e) {
  return {msg::notification_import_finished(std::to_string(number(e, "count"))), "", "/students"};
}
Content review_overdue(const DomainEvent& e) {
  return {msg::notification_review_overdue(text(e, "task_title"), text(e, "student_nickname"), std::to_string(number(e, "days"))),
          "", submission_link(e)};
}
Content unanswered(const DomainEvent& e) {
  return {msg::notification_question_unanswered(text(e, "question_title"), std::to_string(number(e, "days"))), "",
          question_link(e)};
}
Content behind(const DomainEvent& e) {
  return {msg::notification_student_behind(text(e, "student_name")), msg::notification_student_behind_body(text(e, "due_on")),
          student_link(e)};
}
Content questionnaire_due(const DomainEvent& e) {
  return {msg::notification_questionnaire_due(text(e, "title")), "", questionnaire_link(e)};
}
Content event_reminder(const DomainEvent& e) { return event_content(msg::notification_event_reminder(text(e, "title")), e); }
Content waiting_digest(const DomainEvent& e) {
  const auto questions = number(e, "questions"), submissions = number(e, "submissions");
  return {msg::notification_waiting_digest(std::to_string(questions + submissions)),
          msg::notification_waiting_digest_body(std::to_string(questions), std::to_string(submissions)),
          questions > 0 ? "/questions" : "/reviews"};
}
Content unsolved(const DomainEvent& e) {
  return {msg::notification_question_unsolved(text(e, "question_title")),
          msg::notification_question_unsolved_body(std::to_string(number(e, "days"))), question_link(e)};
}
Content announced(const DomainEvent& e) { return {text(e, "title"), text(e, "excerpt"), "/notifications"}; }

// The event mails' own values: the event's title and date (their templates' {{title}}, {{when}}).
mail::Values event_mail(const DomainEvent& e) { return {{"title", text(e, "title")}, {"when", text(e, "when")}}; }
mail::Values announcement_mail(const DomainEvent& e) { return {{"body", text(e, "body")}}; }
mail::Values digest_mail(const DomainEvent& e) {
  return {{"date", text(e, "date")}, {"count", std::to_string(number(e, "questions") + number(e, "submissions"))},
          {"sections", text(e, "sections")}};
}
mail::Values unsolved_mail(const DomainEvent& e) {
  return {{"title", one_line(text(e, "question_title"), 60)}, {"days", std::to_string(number(e, "days"))}};
}
mail::Values questionnaire_mail(const DomainEvent& e) { return {{"title", text(e, "title")}}; }
// The settings' 「データのダウンロード」 tab, where the ZIP waits until `expires` (school time).
Content data_export_ready(const DomainEvent& e) {
  return {std::string(msg::notification_data_export_ready), msg::notification_data_export_ready_body(text(e, "expires")),
          "/?settings=my_data"};
}
mail::Values data_export_mail(const DomainEvent& e) { return {{"expires", text(e, "expires")}}; }
std::vector<std::string> roles_of(const DomainEvent& e) {
  std::vector<std::string> roles;
  if (const auto it = e.payload.find("roles"); it != e.payload.end() && it->is_array())
    for (const auto& r : *it)
      if (r.is_string()) roles.push_back(r.get<std::string>());
  return roles;
}

}  // namespace

const std::vector<Rule>& rules() {
  static const std::vector<Rule> table{
      {kSubmissionSubmitted, Category::review, mentors_for, may_read_submission, submitted},
      // The mentor who had the previous submission; nobody had it: as a new submission.
      {kSubmissionResubmitted, Category::review,
       [](db::Tx& tx, const DomainEvent& e) {
         const auto claimer = number(e, "previous_claimer_id");
         return claimer > 0 ? one(claimer) : mentors_for(tx, e);
       },
       may_read_submission, resubmitted},
      {kReviewCreated, Category::review, [](db::Tx&, const DomainEvent& e) { return one(number(e, "student_id")); },
       may_read_submission, reviewed},
      {kAnswerCreated, Category::question, watchers, may_read_question, answered},
      {kQuestionSolved, Category::question,
       [](db::Tx& tx, const DomainEvent& e) {
         auto ids = watchers(tx, e);
         ids.push_back(number(e, "answer_author_id"));
         return ids;
       },
       may_read_question, solved},
      {kEventPublished, Category::event,
       [](db::Tx& tx, const DomainEvent&) { return with_roles(tx, {"student", "graduate"}); }, may_read_events,
       [](const DomainEvent& e) { return event_content(msg::notification_event_published(text(e, "title")), e); },
       "event_published", event_mail, true},
      {kEventMovedUp, Category::event, [](db::Tx&, const DomainEvent& e) { return numbers(e, "account_ids"); },
       may_read_events,
       [](const DomainEvent& e) { return event_content(msg::notification_event_moved_up(text(e, "title")), e); },
       "event_moved_up", event_mail},
      {kEventCancelled, Category::event, [](db::Tx&, const DomainEvent& e) { return numbers(e, "account_ids"); },
       may_read_events,
       [](const DomainEvent& e) { return event_content(msg::notification_event_cancelled(text(e, "title")), e); },
       "event_cancelled", event_mail},
      {kMilestoneAchieved, Category::review, [](db::Tx&, const DomainEvent& e) { return one(number(e, "account_id")); },
       own, milestone},
      // In the app only: a mail about a failed mail could fail the same way.
      {kMailFailed, Category::announcement, [](db::Tx& tx, const DomainEvent&) { return with_roles(tx, {"admin"}); },
       is_admin, mail_failed, ""},
      {kImportFinished, Category::announcement, [](db::Tx& tx, const DomainEvent&) { return with_roles(tx, {"admin"}); },
       is_admin, imported},
      {kAnnouncementCreated, Category::announcement,
       [](db::Tx& tx, const DomainEvent& e) { return with_roles(tx, roles_of(e)); }, anyone, announced, "announcement",
       announcement_mail},
      // A mention: one row per category; only the row of the object's kind has an audience.
      {kMentionCreated, Category::question, mentioned_in({"question", "answer"}), may_read_question, mentioned},
      {kMentionCreated, Category::review, mentioned_in_review(false), may_read_submission, mentioned},
      {kMentionCreated, Category::review, mentioned_in_review(true), may_read_submission, mentioned},
      {kMentionCreated, Category::student, mentioned_in({"mentoring"}), may_read_student_records, mentioned},
      // The daily scan's (notifications/scan.hpp).
      {kReviewOverdue, Category::review, [](db::Tx&, const DomainEvent& e) { return one(number(e, "claimer_id")); },
       may_read_submission, review_overdue},
      {kQuestionUnanswered, Category::question, [](db::Tx& tx, const DomainEvent&) { return mentors(tx); },
       may_read_question, unanswered},
      {kStudentBehind, Category::student, [](db::Tx&, const DomainEvent& e) { return one(number(e, "mentor_id")); },
       may_read_student_records, behind},
      {kQuestionnaireDue, Category::announcement, [](db::Tx&, const DomainEvent& e) { return one(number(e, "account_id")); },
       own, questionnaire_due},
      // The day before an event: its participants at that moment (not the waitlist).
      {kEventReminder, Category::event, [](db::Tx&, const DomainEvent& e) { return numbers(e, "account_ids"); },
       may_read_events, event_reminder, "event_reminder", event_mail},
      {kQuestionnaireReminded, Category::announcement,
       [](db::Tx&, const DomainEvent& e) { return numbers(e, "account_ids"); }, answers_questionnaires,
       questionnaire_due, "questionnaire_reminder", questionnaire_mail},
      // A daemon's worker built the account's personal-data export (privacy/data_export.hpp).
      {kDataExportReady, Category::announcement, [](db::Tx&, const DomainEvent& e) { return one(number(e, "account_id")); },
       own, data_export_ready, "data_export_ready", data_export_mail},
      // The daily mail jobs' (mail/waiting.hpp): the mentors' digest to mail.digest.roles, and
      // "is it solved?" to the asker.
      {kWaitingDigest, Category::question, [](db::Tx& tx, const DomainEvent& e) { return with_roles(tx, roles_of(e)); },
       answers_and_reviews, waiting_digest, "mentor_digest", digest_mail, true},
      {kQuestionUnsolved, Category::question, [](db::Tx&, const DomainEvent& e) { return one(number(e, "account_id")); },
       may_read_question, unsolved, "question_reminder", unsolved_mail, true},
  };
  return table;
}

}  // namespace camp::notifications
