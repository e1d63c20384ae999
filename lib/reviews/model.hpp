#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace camp::reviews {

struct Submission {
  std::int64_t id = 0;
  std::string status;  // waiting | changes_requested | approved
  std::string repository_url;
  std::string created_at;
  int task_id = 0;
  std::string task_title, review_level, curriculum_name, curriculum_title;
  std::int64_t student_id = 0;
  std::string student_name;  // display names, as all names below
  std::optional<std::string> student_image_url, student_course;
  std::optional<std::int64_t> claimed_by_id;
  std::string claimed_by_name;
  std::optional<std::string> claimed_at;
  bool can_review = false;  // for the caller
};

struct Review {
  std::int64_t id = 0;
  std::int64_t submission_id = 0;
  std::string status;  // approved | changes_requested
  std::string comment;
  std::string created_at;
  std::int64_t reviewer_id = 0;
  std::string reviewer_name;
  std::optional<std::string> reviewer_image_url;
};

struct SubmissionDetail {
  Submission submission;
  std::vector<Review> reviews;         // oldest first
  std::vector<Submission> history;     // the student's other submissions of the task, newest first
};

struct QueuePage {
  std::vector<Submission> items;
  std::int64_t total = 0;
  int page = 1, per = 20;
};

struct ReviewerStats {
  std::int64_t reviewer_id = 0;
  std::string reviewer_name;
  int reviews = 0, approvals = 0;
  std::optional<double> median_hours_to_first_review;  // over the submissions they reviewed first
};

nlohmann::json to_json(const Submission& s);
nlohmann::json to_json(const Review& r);
nlohmann::json to_json(const SubmissionDetail& d);
nlohmann::json to_json(const ReviewerStats& s);

}  // namespace camp::reviews
