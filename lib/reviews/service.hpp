#pragma once
// Submissions and reviews: students submit repositories for a task, mentors claim and review
// them. Every use case is one transaction: validate -> load and lock -> policy -> write.
//   - submit: the student's account row is locked, so two submits of one student queue; the
//     latest submission of the task decides (none or changes_requested: allowed).
//   - claim / release / review: the submission row is locked FOR UPDATE; a review needs it
//     still `waiting`, so of two mentors reviewing at once one lands and the other gets 409.
//   - approving the curriculum's last task gives the student its milestone through the
//     milestones service, in the same transaction (created once: unique per account and kind).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "milestones/service.hpp"
#include "reviews/model.hpp"

namespace camp::reviews {

struct QueueParams {
  std::string status = "waiting";  // waiting | changes_requested | approved | all
  std::optional<std::string> curriculum;
  std::optional<std::int64_t> task_id;
  std::optional<std::string> claimed_by;  // an account id, "me" or "none"
  std::optional<std::int64_t> older_than_days;  // waiting at least this many whole days
  std::optional<std::int64_t> newer_than_days;  // and fewer than this many (the dashboard's buckets)
  int page = 1, per = 20;
};

struct ReviewInput {
  std::optional<std::string> comment;
  std::optional<std::string> status;  // approved | changes_requested
};

class ReviewService {
 public:
  ReviewService(db::Pool& pool, milestones::MilestoneService& milestones, const Clock& clock = system_clock())
      : pool_(pool), milestones_(milestones), clock_(clock) {}

  SubmissionDetail submit(const accounts::Account& actor, std::int64_t task_id, const std::string& repository_url);
  QueuePage queue(const accounts::Account& actor, const QueueParams& params);
  SubmissionDetail get(const accounts::Account& actor, std::int64_t id);
  Submission claim(const accounts::Account& actor, std::int64_t id);
  Submission release(const accounts::Account& actor, std::int64_t id);
  SubmissionDetail review(const accounts::Account& actor, std::int64_t id, const ReviewInput& input);

  // The caller's own submissions in a curriculum, by task, newest first (empty for non-students).
  std::map<int, std::vector<SubmissionDetail>> own_in_curriculum(const accounts::Account& actor, const std::string& curriculum);

  // Newest first, at most `limit` (`camp submissions list` as the system actor). Reviewers.
  std::vector<Submission> recent(const accounts::Account& actor, bool waiting_only, int limit);
  // Reviews per reviewer since a date or time (`camp reviews stats`). Admins.
  std::vector<ReviewerStats> stats(const accounts::Account& actor, const std::optional<std::string>& since);

 private:
  SubmissionDetail detail(db::Tx& tx, const accounts::Account& actor, std::int64_t id);
  db::Pool& pool_;
  milestones::MilestoneService& milestones_;
  const Clock& clock_;
};

// Admins and every kind of mentor work the review queue.
void require_reviewer(const accounts::Account& actor);
// Who may read a student's submission and its reviews: the student and every reviewer.
bool may_read_submission(const accounts::Account& actor, std::int64_t student_id);

}  // namespace camp::reviews
