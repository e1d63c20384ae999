#pragma once
// Scheduled notifications (docs/notifications.md): a scan records a domain event for what has
// waited too long, and the dispatcher tells whom the rule table says, like any other event:
//   - review.overdue: a submission claimed notifications.scan.review_overdue_days ago and still
//     not reviewed (its claimer; once per claim);
//   - question.unanswered: a question without an answer for notifications.scan.unanswered_days
//     (the mentors; once per question);
//   - student.behind: an active student behind the course plan, i.e. a plan period not
//     satisfied that ended before today (students.due_on < today, the students list's
//     `behind`), with a mentor in charge (that mentor; once per student and missed date);
//   - questionnaire.due: a questionnaire the account owes (docs/questionnaires.md "Who owes
//     what"; the account; once per account and kind).
// Each is told once however often and on however many daemons the scan runs: the event is
// recorded in the transaction that inserts its notification_marks row.
#include "core/clock.hpp"
#include "core/config.hpp"
#include "db/pool.hpp"

namespace camp::notifications {

struct ScanResult {
  bool already_ran = false;  // run_scan_if_due: today's scan had run
  int reviews = 0, questions = 0, students = 0, questionnaires = 0;  // events recorded
};

// The scan as of `now`, in one transaction (the CLI's `camp notifications scan`).
ScanResult run_scan(db::Pool& pool, const NotificationScanConfig& config, TimePoint now);
// The daemons' check: from notifications.scan.hour, once per school day (mail_runs, kind
// notification_scan, in the scan's transaction). Nothing when disabled or not yet the hour.
ScanResult run_scan_if_due(db::Pool& pool, const NotificationScanConfig& config, const Clock& clock);

}  // namespace camp::notifications
