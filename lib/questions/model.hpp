#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"

namespace camp::questions {

struct CategoryChild {
  int id = 0;
  std::string name;
  std::string search_name;  // what the web app shows: its own, or "parent - child"
};

struct QuestionCategory {
  int id = 0;
  std::string name;
  std::vector<CategoryChild> lists;
};

// Who wrote something, as everyone may see it (no e-mail).
struct Author {
  std::int64_t id = 0;
  std::string display_name;
  std::optional<std::string> image_url;
  std::string role;
};

struct Question {
  std::int64_t id = 0;
  int category_id = 0;
  std::string category_name;
  std::string title;
  std::string body;
  bool is_pick_up = false;
  std::optional<std::int64_t> solved_answer_id;
  int answers_count = 0;
  Author author;
  std::string created_at, updated_at;
};

struct Answer {
  std::int64_t id = 0;
  std::int64_t question_id = 0;
  std::string body;
  Author author;
  std::string created_at, updated_at;
};

// A question's page: the question and its answers, oldest first.
struct QuestionDetail {
  Question question;
  std::vector<Answer> answers;
};

nlohmann::json to_json(const QuestionCategory& c);
nlohmann::json to_json(const Author& a);
nlohmann::json to_json(const Question& q);
// A page of the question list as GET /api/v1/questions answers it ({"data": [...], "meta":
// {page, per, total, total_capped}}), serialized: kept as it is for the cached front pages.
std::string list_body(const std::vector<Question>& items, std::int64_t total, bool total_capped, int page, int per);
nlohmann::json to_json(const Answer& a, bool is_solution);
// GET /api/v1/questions/{id}'s answer (the question with "answers"), serialized: kept as it is
// in the daemon's cache.
std::string detail_body(const QuestionDetail& d);

}  // namespace camp::questions
