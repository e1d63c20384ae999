#include "reviews/model.hpp"

namespace camp::reviews {
namespace {

nlohmann::json opt(const std::optional<std::string>& s) { return s ? nlohmann::json(*s) : nlohmann::json(nullptr); }

}  // namespace

nlohmann::json to_json(const Submission& s) {
  return {{"id", s.id},
          {"status", s.status},
          {"repository_url", s.repository_url},
          {"created_at", s.created_at},
          {"task",
           {{"id", s.task_id},
            {"title", s.task_title},
            {"review_level", s.review_level},
            {"curriculum", {{"name", s.curriculum_name}, {"title", s.curriculum_title}}}}},
          {"student",
           {{"id", s.student_id}, {"display_name", s.student_name}, {"image_url", opt(s.student_image_url)},
            {"course", opt(s.student_course)}}},
          {"claimed_by", s.claimed_by_id ? nlohmann::json{{"id", *s.claimed_by_id}, {"display_name", s.claimed_by_name}}
                                         : nlohmann::json(nullptr)},
          {"claimed_at", opt(s.claimed_at)},
          {"can_review", s.can_review}};
}

nlohmann::json to_json(const Review& r) {
  return {{"id", r.id},
          {"status", r.status},
          {"comment", r.comment},
          {"created_at", r.created_at},
          {"reviewer", {{"id", r.reviewer_id}, {"display_name", r.reviewer_name}, {"image_url", opt(r.reviewer_image_url)}}}};
}

nlohmann::json to_json(const SubmissionDetail& d) {
  auto out = to_json(d.submission);
  out["reviews"] = nlohmann::json::array();
  for (const auto& r : d.reviews) out["reviews"].push_back(to_json(r));
  out["history"] = nlohmann::json::array();
  for (const auto& h : d.history)
    out["history"].push_back({{"id", h.id}, {"status", h.status}, {"repository_url", h.repository_url}, {"created_at", h.created_at}});
  return out;
}

nlohmann::json to_json(const ReviewerStats& s) {
  return {{"reviewer", {{"id", s.reviewer_id}, {"display_name", s.reviewer_name}}},
          {"reviews", s.reviews},
          {"approvals", s.approvals},
          {"median_hours_to_first_review",
           s.median_hours_to_first_review ? nlohmann::json(*s.median_hours_to_first_review) : nlohmann::json(nullptr)}};
}

}  // namespace camp::reviews
