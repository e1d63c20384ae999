#include "reviews/repo.hpp"

#include "db/arrays.hpp"
#include "reporting/definitions.hpp"

namespace camp::reviews::repo {
namespace {

#define CAMP_ISO(x) "to_char((" x ") AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
#define CAMP_SUBMISSION_COLUMNS                                                                                 \
  "s.id, s.status, s.repository_url, " CAMP_ISO("s.created_at") ", t.id, t.title, t.review_level, c.name, c.title, " \
  "a.id, a.display_name, a.image_url, co.code, m.id, m.display_name, " CAMP_ISO("s.claimed_at") " "
#define CAMP_SUBMISSION_JOINS                                                                 \
  "JOIN tasks t ON t.id = s.task_id JOIN curriculums c ON c.name = t.curriculum_name "       \
  "JOIN people a ON a.id = s.account_id LEFT JOIN courses co ON co.id = a.course_id "                  \
  "LEFT JOIN people m ON m.id = s.claimed_by "

constexpr db::Statement kHoldTask{
    "reviews.hold_task", "SELECT id, review_level, source_repository FROM tasks WHERE id = $1 FOR KEY SHARE"};
constexpr db::Statement kLockStudent{"reviews.lock_student", "SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE"};
constexpr db::Statement kLatestStatus{
    "reviews.latest_status",
    "SELECT status FROM submissions WHERE account_id = $1 AND task_id = $2 ORDER BY created_at DESC, id DESC LIMIT 1"};
constexpr db::Statement kInsertSubmission{
    "reviews.insert_submission",
    "INSERT INTO submissions (task_id, account_id, repository_url) VALUES ($1, $2, $3) RETURNING id"};
// The milestone comes along only when this is the curriculum's last task (highest position).
constexpr db::Statement kLockSubmission{
    "reviews.lock_submission",
    "SELECT s.id, s.account_id, s.status, t.review_level, s.claimed_by, m.display_name, "
    "CASE WHEN t.position = (SELECT max(position) FROM tasks x WHERE x.curriculum_name = t.curriculum_name) "
    "THEN c.milestone END "
    "FROM submissions s JOIN tasks t ON t.id = s.task_id JOIN curriculums c ON c.name = t.curriculum_name "
    "LEFT JOIN people m ON m.id = s.claimed_by WHERE s.id = $1 FOR UPDATE OF s"};
constexpr db::Statement kSetClaim{
    "reviews.set_claim",
    "UPDATE submissions SET claimed_by = $2, claimed_at = CASE WHEN $2::int8 IS NULL THEN NULL ELSE now() END WHERE id = $1"};
constexpr db::Statement kInsertReview{
    "reviews.insert_review",
    "WITH r AS (INSERT INTO reviews (submission_id, account_id, status, comment) VALUES ($1, $2, $3, $4) RETURNING id) "
    "UPDATE submissions SET status = $3, reviewed_at = now() WHERE id = $1"};
constexpr db::Statement kAnnounce{
    "reviews.announce",
    "SELECT pg_notify('camp_cable', json_build_object('stream', 'review_queue', 'message', "
    "json_build_object('event', $1::text, 'submission_id', $2::int8))::text)"};

constexpr db::Statement kFind{
    "reviews.find", "SELECT " CAMP_SUBMISSION_COLUMNS "FROM submissions s " CAMP_SUBMISSION_JOINS "WHERE s.id = $1"};
constexpr db::Statement kReviewsOf{
    "reviews.of",
    "SELECT r.id, r.submission_id, r.status, r.comment, " CAMP_ISO("r.created_at") ", a.id, a.display_name, a.image_url "
    "FROM reviews r JOIN people a ON a.id = r.account_id WHERE r.submission_id = ANY ($1::int8[]) "
    "ORDER BY r.created_at, r.id"};
// A submission with its reviews and the student's other submissions of the task, in one
// statement (one snapshot): a row per submission of the task, newest first, the asked one once
// per review of it (review columns null when it has none, and on the other rows).
constexpr db::Statement kDetail{
    "reviews.detail",
    "SELECT " CAMP_SUBMISSION_COLUMNS ", r.id, r.submission_id, r.status, r.comment, " CAMP_ISO("r.created_at") ", "
    "ra.id, ra.display_name, ra.image_url "
    "FROM submissions asked JOIN submissions s ON s.account_id = asked.account_id AND s.task_id = asked.task_id "
    CAMP_SUBMISSION_JOINS
    "LEFT JOIN (reviews r JOIN people ra ON ra.id = r.account_id) ON r.submission_id = s.id AND s.id = asked.id "
    "WHERE asked.id = $1 ORDER BY s.created_at DESC, s.id DESC, r.created_at, r.id"};
constexpr db::Statement kStudentCurriculum{
    "reviews.student_curriculum",
    "SELECT " CAMP_SUBMISSION_COLUMNS "FROM submissions s " CAMP_SUBMISSION_JOINS
    "WHERE s.account_id = $1 AND t.curriculum_name = $2 ORDER BY s.created_at DESC, s.id DESC"};

// $1 status ('all' or one), $2 curriculum, $3 task, $4 claimer, $5 unclaimed only, $6 older than
// days, $9 newer than days, $10 now (epoch seconds): the age is the dashboard's (reporting/definitions.hpp).
#define CAMP_QUEUE_FILTER                                                                                        \
  "WHERE ($1::text = 'all' OR s.status = $1::text) "                                                             \
  "AND ($2::text IS NULL OR s.task_id = ANY (ARRAY(SELECT id FROM tasks WHERE curriculum_name = $2::text))) "   \
  "AND ($3::int IS NULL OR s.task_id = $3::int) AND ($4::int8 IS NULL OR s.claimed_by = $4::int8) "              \
  "AND (NOT $5::boolean OR s.claimed_by IS NULL) "                                                               \
  "AND " CAMP_SUBMISSION_AGE("s", "to_timestamp($10)", "$6::int", "$9::int") " "
constexpr db::Statement kQueue{
    "reviews.queue",
    "WITH page AS (SELECT s.id FROM submissions s " CAMP_QUEUE_FILTER "ORDER BY s.created_at, s.id LIMIT $7 OFFSET $8) "
    "SELECT (SELECT count(*) FROM submissions s " CAMP_QUEUE_FILTER "), " CAMP_SUBMISSION_COLUMNS
    "FROM (SELECT 1) one LEFT JOIN (page p JOIN submissions s ON s.id = p.id " CAMP_SUBMISSION_JOINS ") ON true "
    "ORDER BY s.created_at, s.id"};
constexpr db::Statement kRecent{
    "reviews.recent",
    "SELECT " CAMP_SUBMISSION_COLUMNS "FROM submissions s " CAMP_SUBMISSION_JOINS
    "WHERE NOT $1::boolean OR s.status = 'waiting' ORDER BY s.created_at, s.id LIMIT $2"};
constexpr db::Statement kStats{
    "reviews.stats",
    "SELECT a.id, a.display_name, count(*), count(*) FILTER (WHERE r.status = 'approved'), "
    "percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.created_at - s.created_at) / 3600.0) "
    "FROM reviews r JOIN submissions s ON s.id = r.submission_id JOIN people a ON a.id = r.account_id "
    "WHERE $1::timestamptz IS NULL OR r.created_at >= $1::timestamptz GROUP BY a.id, a.display_name ORDER BY count(*) DESC, a.id"};

std::optional<std::string> opt_text(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return f.as<std::string>();
}

Submission read_submission(const pqxx::row& r, int at) {
  Submission s;
  s.id = r[at].as<std::int64_t>();
  s.status = r[at + 1].as<std::string>();
  s.repository_url = r[at + 2].as<std::string>();
  s.created_at = r[at + 3].as<std::string>();
  s.task_id = r[at + 4].as<int>();
  s.task_title = r[at + 5].as<std::string>();
  s.review_level = r[at + 6].as<std::string>();
  s.curriculum_name = r[at + 7].as<std::string>();
  s.curriculum_title = r[at + 8].as<std::string>();
  s.student_id = r[at + 9].as<std::int64_t>();
  s.student_name = r[at + 10].as<std::string>();
  s.student_image_url = opt_text(r[at + 11]);
  s.student_course = opt_text(r[at + 12]);
  if (!r[at + 13].is_null()) {
    s.claimed_by_id = r[at + 13].as<std::int64_t>();
    s.claimed_by_name = r[at + 14].as<std::string>();
    s.claimed_at = opt_text(r[at + 15]);
  }
  return s;
}

Review read_review(const pqxx::row& r, int at) {
  Review v;
  v.id = r[at].as<std::int64_t>();
  v.submission_id = r[at + 1].as<std::int64_t>();
  v.status = r[at + 2].as<std::string>();
  v.comment = r[at + 3].as<std::string>();
  v.created_at = r[at + 4].as<std::string>();
  v.reviewer_id = r[at + 5].as<std::int64_t>();
  v.reviewer_name = r[at + 6].as<std::string>();
  v.reviewer_image_url = opt_text(r[at + 7]);
  return v;
}

std::vector<Submission> read_all(const pqxx::result& rows) {
  std::vector<Submission> out;
  for (const auto& r : rows) out.push_back(read_submission(r, 0));
  return out;
}

}  // namespace

std::optional<TaskRow> hold_task(db::Tx& tx, int task_id) {
  const auto r = tx.exec(kHoldTask, task_id);
  if (r.empty()) return std::nullopt;
  return TaskRow{r[0][0].as<int>(), r[0][1].as<std::string>(), opt_text(r[0][2])};
}

void lock_student(db::Tx& tx, std::int64_t account_id) { tx.exec(kLockStudent, account_id); }

std::optional<std::string> latest_status(db::Tx& tx, std::int64_t account_id, int task_id) {
  const auto r = tx.exec(kLatestStatus, account_id, task_id);
  if (r.empty()) return std::nullopt;
  return r[0][0].as<std::string>();
}

std::int64_t insert_submission(db::Tx& tx, int task_id, std::int64_t account_id, const std::string& url) {
  return tx.exec(kInsertSubmission, task_id, account_id, url)[0][0].as<std::int64_t>();
}

std::optional<LockedSubmission> lock_submission(db::Tx& tx, std::int64_t id) {
  const auto r = tx.exec(kLockSubmission, id);
  if (r.empty()) return std::nullopt;
  LockedSubmission s;
  s.id = r[0][0].as<std::int64_t>();
  s.student_id = r[0][1].as<std::int64_t>();
  s.status = r[0][2].as<std::string>();
  s.review_level = r[0][3].as<std::string>();
  if (!r[0][4].is_null()) s.claimed_by = r[0][4].as<std::int64_t>();
  if (!r[0][5].is_null()) s.claimed_by_name = r[0][5].as<std::string>();
  s.milestone = opt_text(r[0][6]);
  return s;
}

void set_claim(db::Tx& tx, std::int64_t id, std::optional<std::int64_t> mentor_id) { tx.exec(kSetClaim, id, mentor_id); }

void insert_review(db::Tx& tx, std::int64_t submission_id, std::int64_t reviewer_id, const std::string& status,
                   const std::string& comment) {
  tx.exec(kInsertReview, submission_id, reviewer_id, status, comment);
}

void announce(db::Tx& tx, const std::string& event, std::int64_t submission_id) { tx.exec(kAnnounce, event, submission_id); }

std::optional<Submission> find(db::Tx& tx, std::int64_t id) {
  const auto r = tx.exec(kFind, id);
  if (r.empty()) return std::nullopt;
  return read_submission(r[0], 0);
}

std::vector<Review> reviews_of(db::Tx& tx, const std::vector<std::int64_t>& ids) {
  std::vector<Review> out;
  for (const auto& r : tx.exec(kReviewsOf, db::int_array(ids))) out.push_back(read_review(r, 0));
  return out;
}

std::optional<SubmissionDetail> find_detail(db::Tx& tx, std::int64_t id) {
  const auto rows = tx.exec(kDetail, id);
  if (rows.empty()) return std::nullopt;
  constexpr int kReviewAt = 16;  // after CAMP_SUBMISSION_COLUMNS
  SubmissionDetail out;
  bool seen = false;
  for (const auto& r : rows) {
    if (r[0].as<std::int64_t>() != id) {
      out.history.push_back(read_submission(r, 0));
      continue;
    }
    if (!seen) out.submission = read_submission(r, 0), seen = true;
    if (!r[kReviewAt].is_null()) out.reviews.push_back(read_review(r, kReviewAt));
  }
  return out;
}

std::vector<Submission> student_curriculum_submissions(db::Tx& tx, std::int64_t account_id, const std::string& curriculum) {
  return read_all(tx.exec(kStudentCurriculum, account_id, curriculum));
}

std::pair<std::vector<Submission>, std::int64_t> queue(db::Tx& tx, const QueueQuery& q) {
  const auto rows = tx.exec(kQueue, q.status, q.curriculum, q.task_id, q.claimed_by, q.unclaimed, q.older_than_days, q.per,
                            (q.page - 1) * q.per, q.newer_than_days, q.now);
  std::vector<Submission> out;
  std::int64_t total = 0;
  for (const auto& r : rows) {
    total = r[0].as<std::int64_t>();
    if (!r[1].is_null()) out.push_back(read_submission(r, 1));
  }
  return {std::move(out), total};
}

std::vector<Submission> recent(db::Tx& tx, bool waiting_only, int limit) { return read_all(tx.exec(kRecent, waiting_only, limit)); }

std::vector<ReviewerStats> stats(db::Tx& tx, const std::optional<std::string>& since) {
  std::vector<ReviewerStats> out;
  for (const auto& r : tx.exec(kStats, since)) {
    ReviewerStats s;
    s.reviewer_id = r[0].as<std::int64_t>();
    s.reviewer_name = r[1].as<std::string>();
    s.reviews = r[2].as<int>();
    s.approvals = r[3].as<int>();
    if (!r[4].is_null()) s.median_hours_to_first_review = r[4].as<double>();
    out.push_back(s);
  }
  return out;
}

}  // namespace camp::reviews::repo
