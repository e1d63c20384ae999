#include "questions/model.hpp"

namespace camp::questions {

nlohmann::json to_json(const QuestionCategory& c) {
  auto lists = nlohmann::json::array();
  for (const auto& l : c.lists) lists.push_back({{"id", l.id}, {"name", l.name}, {"search_name", l.search_name}});
  return {{"id", c.id}, {"name", c.name}, {"lists", lists}};
}

nlohmann::json to_json(const Author& a) {
  return {{"id", a.id},
          {"display_name", a.display_name},
          {"image_url", a.image_url ? nlohmann::json(*a.image_url) : nlohmann::json(nullptr)},
          {"role", a.role}};
}

nlohmann::json to_json(const Question& q) {
  return {{"id", q.id},
          {"title", q.title},
          {"body", q.body},
          {"category", {{"id", q.category_id}, {"name", q.category_name}}},
          {"is_pick_up", q.is_pick_up},
          {"status", q.solved_answer_id ? "solved" : "unsolved"},
          {"solved_answer_id", q.solved_answer_id ? nlohmann::json(*q.solved_answer_id) : nlohmann::json(nullptr)},
          {"answers_count", q.answers_count},
          {"account", to_json(q.author)},
          {"created_at", q.created_at},
          {"updated_at", q.updated_at}};
}

std::string list_body(const std::vector<Question>& items, std::int64_t total, bool total_capped, int page, int per) {
  auto data = nlohmann::json::array();
  for (const auto& q : items) data.push_back(to_json(q));
  const nlohmann::json body = {
      {"data", std::move(data)},
      {"meta", {{"page", page}, {"per", per}, {"total", total}, {"total_capped", total_capped}}}};
  return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json to_json(const Answer& a, bool is_solution) {
  return {{"id", a.id},
          {"question_id", a.question_id},
          {"body", a.body},
          {"account", to_json(a.author)},
          {"is_solution", is_solution},
          {"created_at", a.created_at},
          {"updated_at", a.updated_at}};
}

std::string detail_body(const QuestionDetail& d) {
  auto out = to_json(d.question);
  out["answers"] = nlohmann::json::array();
  for (const auto& a : d.answers) out["answers"].push_back(to_json(a, d.question.solved_answer_id == a.id));
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace camp::questions
