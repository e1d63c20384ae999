#include "reviews/service.hpp"

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/school_time.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "curriculum/model.hpp"
#include "curriculum/repository_url.hpp"
#include "notifications/events.hpp"
#include "notifications/mentions.hpp"
#include "notifications/model.hpp"
#include "reviews/repo.hpp"

namespace camp::reviews {
namespace {

using accounts::Role;

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }
Error forbidden(std::string_view message = msg::forbidden) { return Error(errc::forbidden, std::string(message)); }
Error invalid(const char* field, std::string message) {
  return Error(errc::invalid, std::string(msg::invalid_input), {{field, {std::move(message)}}});
}

bool is_reviewer(const accounts::Account& a) { return accounts::is_admin_or_mentor(a.role); }

// What a notification of this submission needs, as it is now.
nlohmann::json submission_facts(const Submission& s) {
  return {{"submission_id", s.id},         {"task_id", s.task_id},
          {"task_title", s.task_title},    {"review_level", s.review_level},
          {"curriculum_name", s.curriculum_name}, {"student_id", s.student_id},
          {"student_nickname", s.student_name}};
}

Submission with_can_review(Submission s, const accounts::Account& actor) {
  s.can_review = curriculum::may_review(actor.role, s.review_level);
  return s;
}

// The same mentor claiming again is fine; anyone else's claim is a conflict naming them.
void check_claim(const repo::LockedSubmission& s, const accounts::Account& actor) {
  if (s.claimed_by && *s.claimed_by != actor.id)
    throw Error(errc::conflict, msg::submission_claimed(s.claimed_by_name));
}

void check_reviewable(const repo::LockedSubmission& s, const accounts::Account& actor) {
  if (!curriculum::may_review(actor.role, s.review_level)) throw forbidden(msg::review_level_forbidden);
  if (s.status != "waiting") throw Error(errc::conflict, std::string(msg::submission_already_reviewed));
}

}  // namespace

void require_reviewer(const accounts::Account& actor) {
  if (!is_reviewer(actor)) throw forbidden();
}

bool may_read_submission(const accounts::Account& actor, std::int64_t student_id) {
  return is_reviewer(actor) || student_id == actor.id;
}

SubmissionDetail ReviewService::detail(db::Tx& tx, const accounts::Account& actor, std::int64_t id) {
  auto d = repo::find_detail(tx, id);
  if (!d || !may_read_submission(actor, d->submission.student_id)) throw not_found();
  d->submission = with_can_review(std::move(d->submission), actor);
  return std::move(*d);
}

SubmissionDetail ReviewService::submit(const accounts::Account& actor, std::int64_t task_id, const std::string& url) {
  if (actor.role == Role::trial) throw forbidden(msg::trial_cannot_submit);
  if (actor.role != Role::student) throw forbidden();
  if (const auto problem = curriculum::repository_url_problem(url)) throw invalid("repository_url", *problem);
  const auto clean = text::trim(url);
  return pool_.transaction([&](db::Tx& tx) {
    const auto task = task_id > 0 && task_id <= 2147483647 ? repo::hold_task(tx, static_cast<int>(task_id)) : std::nullopt;
    if (!task) throw not_found();
    if (curriculum::is_clone_source(clean, task->source_repository))
      throw invalid("repository_url", std::string(msg::repository_url_original_source));
    repo::lock_student(tx, actor.id);
    const auto status = curriculum::task_status(repo::latest_status(tx, actor.id, task->id));
    if (status == "submitted") throw Error(errc::conflict, std::string(msg::submission_pending));
    if (status == "approved") throw Error(errc::conflict, std::string(msg::task_already_approved));
    const auto id = repo::insert_submission(tx, task->id, actor.id, clean);
    repo::announce(tx, "created", id);
    auto d = detail(tx, actor, id);
    // After changes were requested, the mentor who had the previous one hears of it first.
    auto facts = submission_facts(d.submission);
    const bool again = status == "changes_requested" && !d.history.empty();
    if (again && d.history.front().claimed_by_id) facts["previous_claimer_id"] = *d.history.front().claimed_by_id;
    notifications::record_event(tx, again ? notifications::kSubmissionResubmitted : notifications::kSubmissionSubmitted,
                                actor.id, facts);
    return d;
  });
}

QueuePage ReviewService::queue(const accounts::Account& actor, const QueueParams& p) {
  require_reviewer(actor);
  FieldErrors errors;
  if (p.status != "waiting" && p.status != "changes_requested" && p.status != "approved" && p.status != "all")
    errors["status"].push_back(std::string(msg::submission_status_choice));
  repo::QueueQuery q;
  if (p.claimed_by) {
    const auto& c = *p.claimed_by;
    if (c == "me") q.claimed_by = actor.id;
    else if (c == "none") q.unclaimed = true;
    else if (!c.empty() && c.size() <= 18 && c.find_first_not_of("0123456789") == std::string::npos) q.claimed_by = std::stoll(c);
    else errors["claimed_by"].push_back(std::string(msg::claimed_by_choice));
  }
  for (const auto& [name, days] : {std::pair{"older_than_days", p.older_than_days}, std::pair{"newer_than_days", p.newer_than_days}})
    if (days && (*days < 0 || *days > limits::submission_age_days_max))
      errors[name].push_back(msg::integer_range("0", std::to_string(limits::submission_age_days_max)));
  throw_if_invalid(errors);
  q.status = p.status;
  q.curriculum = p.curriculum;
  // A task id beyond the column's range names no task: an empty page, never a wrapped number.
  if (p.task_id) q.task_id = *p.task_id > 0 && *p.task_id <= 2147483647 ? static_cast<int>(*p.task_id) : -1;
  if (p.older_than_days) q.older_than_days = static_cast<int>(*p.older_than_days);
  if (p.newer_than_days) q.newer_than_days = static_cast<int>(*p.newer_than_days);
  q.now = unix_seconds(clock_.now());
  q.page = p.page;
  q.per = p.per;
  auto [items, total] = pool_.autocommit([&](db::Tx& tx) { return repo::queue(tx, q); });
  QueuePage page{{}, total, p.page, p.per};
  for (auto& s : items) page.items.push_back(with_can_review(std::move(s), actor));
  return page;
}

SubmissionDetail ReviewService::get(const accounts::Account& actor, std::int64_t id) {
  if (actor.role == Role::graduate) throw forbidden();
  return pool_.autocommit([&](db::Tx& tx) { return detail(tx, actor, id); });
}

Submission ReviewService::claim(const accounts::Account& actor, std::int64_t id) {
  require_reviewer(actor);
  return pool_.transaction([&](db::Tx& tx) {
    const auto s = repo::lock_submission(tx, id);
    if (!s) throw not_found();
    check_reviewable(*s, actor);
    check_claim(*s, actor);
    if (!s->claimed_by) {
      repo::set_claim(tx, id, actor.id);
      repo::announce(tx, "claimed", id);
    }
    return with_can_review(*repo::find(tx, id), actor);
  });
}

Submission ReviewService::release(const accounts::Account& actor, std::int64_t id) {
  require_reviewer(actor);
  return pool_.transaction([&](db::Tx& tx) {
    const auto s = repo::lock_submission(tx, id);
    if (!s) throw not_found();
    if (s->claimed_by) {
      if (*s->claimed_by != actor.id && actor.role != Role::admin) throw forbidden();
      repo::set_claim(tx, id, std::nullopt);
      repo::announce(tx, "released", id);
    }
    return with_can_review(*repo::find(tx, id), actor);
  });
}

SubmissionDetail ReviewService::review(const accounts::Account& actor, std::int64_t id, const ReviewInput& in) {
  require_reviewer(actor);
  FieldErrors errors;
  const auto comment = in.comment.value_or("");
  if (text::is_blank(comment)) errors["comment"].push_back(std::string(msg::review_comment_required));
  else if (validate::char_count(comment) > limits::review_comment_max) errors["comment"].push_back(std::string(msg::review_comment_too_long));
  if (in.status != "approved" && in.status != "changes_requested")
    errors["status"].push_back(std::string(msg::review_status_required));
  throw_if_invalid(errors);
  return pool_.transaction([&](db::Tx& tx) {
    const auto s = repo::lock_submission(tx, id);
    if (!s) throw not_found();
    check_reviewable(*s, actor);
    if (actor.role != Role::admin) check_claim(*s, actor);
    repo::insert_review(tx, id, actor.id, *in.status, comment);
    auto d = detail(tx, actor, id);
    auto facts = submission_facts(d.submission);
    facts["status"] = *in.status;
    facts["reviewer_nickname"] = actor.display_name;
    facts["excerpt"] = notifications::first_line(comment);
    notifications::record_event(tx, notifications::kReviewCreated, actor.id, facts);
    notifications::record_mentions(tx, actor, {"review", submission_facts(d.submission)}, comment);
    if (*in.status == "approved" && s->milestone)
      milestones_.achieve(tx, s->student_id, *s->milestone, actor.id,
                          {{"curriculum_name", d.submission.curriculum_name},
                           {"curriculum_title", d.submission.curriculum_title}});
    repo::announce(tx, "reviewed", id);
    return d;
  });
}

std::map<int, std::vector<SubmissionDetail>> ReviewService::own_in_curriculum(const accounts::Account& actor,
                                                                              const std::string& curriculum) {
  std::map<int, std::vector<SubmissionDetail>> out;
  if (actor.role != Role::student) return out;
  pool_.transaction(
      [&](db::Tx& tx) {
        out.clear();
        const auto all = repo::student_curriculum_submissions(tx, actor.id, curriculum);
        std::vector<std::int64_t> ids;
        for (const auto& s : all) ids.push_back(s.id);
        std::map<std::int64_t, std::vector<Review>> reviews;
        for (auto& r : repo::reviews_of(tx, ids)) reviews[r.submission_id].push_back(std::move(r));
        for (const auto& s : all) {
          SubmissionDetail d{with_can_review(s, actor), reviews[s.id], {}};
          for (const auto& h : all)
            if (h.task_id == s.task_id && h.id != s.id) d.history.push_back(h);
          out[s.task_id].push_back(std::move(d));
        }
      },
      db::Isolation::repeatable_read);
  return out;
}

std::vector<Submission> ReviewService::recent(const accounts::Account& actor, bool waiting_only, int limit) {
  require_reviewer(actor);
  return pool_.autocommit([&](db::Tx& tx) { return repo::recent(tx, waiting_only, limit); });
}

std::vector<ReviewerStats> ReviewService::stats(const accounts::Account& actor, const std::optional<std::string>& since) {
  if (actor.role != Role::admin) throw forbidden();
  if (since && !is_date_or_time(*since)) throw Error(errc::invalid, std::string(kSinceFormat));
  return pool_.autocommit([&](db::Tx& tx) { return repo::stats(tx, since); });
}

}  // namespace camp::reviews
