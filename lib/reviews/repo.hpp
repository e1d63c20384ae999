#pragma once
// SQL of submissions and reviews.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "reviews/model.hpp"

namespace camp::reviews::repo {

struct TaskRow {
  int id = 0;
  std::string review_level;
  std::optional<std::string> source_repository;
};
// The task, held FOR KEY SHARE (an import cannot delete it before we commit).
std::optional<TaskRow> hold_task(db::Tx& tx, int task_id);
// Serialises one student's submits (the account row, FOR NO KEY UPDATE).
void lock_student(db::Tx& tx, std::int64_t account_id);
// The status of the student's latest submission of the task.
std::optional<std::string> latest_status(db::Tx& tx, std::int64_t account_id, int task_id);
std::int64_t insert_submission(db::Tx& tx, int task_id, std::int64_t account_id, const std::string& url);

// What a claim or a review decides on, with the submission locked FOR UPDATE.
struct LockedSubmission {
  std::int64_t id = 0, student_id = 0;
  std::string status, review_level;
  std::optional<std::int64_t> claimed_by;
  std::string claimed_by_name;  // the display name
  std::optional<std::string> milestone;  // the curriculum's, when this is its last task
};
std::optional<LockedSubmission> lock_submission(db::Tx& tx, std::int64_t id);
void set_claim(db::Tx& tx, std::int64_t id, std::optional<std::int64_t> mentor_id);
void insert_review(db::Tx& tx, std::int64_t submission_id, std::int64_t reviewer_id, const std::string& status,
                   const std::string& comment);
// Tells every daemon's ReviewQueueChannel subscribers (on commit).
void announce(db::Tx& tx, const std::string& event, std::int64_t submission_id);

std::optional<Submission> find(db::Tx& tx, std::int64_t id);
std::vector<Review> reviews_of(db::Tx& tx, const std::vector<std::int64_t>& submission_ids);
// The submission, its reviews and the student's other submissions of the task (one statement).
std::optional<SubmissionDetail> find_detail(db::Tx& tx, std::int64_t id);
// Every submission of the student in the curriculum, newest first.
std::vector<Submission> student_curriculum_submissions(db::Tx& tx, std::int64_t account_id, const std::string& curriculum);

struct QueueQuery {
  std::string status = "waiting";
  std::optional<std::string> curriculum;
  std::optional<int> task_id;
  std::optional<std::int64_t> claimed_by;
  bool unclaimed = false;
  std::optional<int> older_than_days, newer_than_days;  // age in whole days: at least, below
  std::int64_t now = 0;                                 // epoch seconds
  int page = 1, per = 20;
};
std::pair<std::vector<Submission>, std::int64_t> queue(db::Tx& tx, const QueueQuery& q);

std::vector<Submission> recent(db::Tx& tx, bool waiting_only, int limit);
std::vector<ReviewerStats> stats(db::Tx& tx, const std::optional<std::string>& since);

}  // namespace camp::reviews::repo
