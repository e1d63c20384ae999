#pragma once
// The only SQL about categories, questions and answers.
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "questions/model.hpp"

namespace camp::questions::repo {

// --- categories
std::vector<Category> category_tree(db::Connection& c);
bool category_exists(db::Connection& c, int id);
// A new category; unique_violation when (parent, name) exists.
int insert_category(db::Connection& c, std::optional<int> parent_id, const std::string& name,
                    const std::optional<std::string>& search_name);
// Insert or update by (parent, name); returns the id.
int upsert_category(db::Connection& c, std::optional<int> parent_id, const std::string& name,
                    const std::optional<std::string>& search_name, int position);
bool rename_category(db::Connection& c, int id, const std::string& name, const std::optional<std::string>& search_name);
bool delete_category(db::Connection& c, int id);
bool category_in_use(db::Connection& c, int id);

// --- questions
struct SearchQuery {
  std::vector<std::string> keywords;  // every one must match (substring, case-insensitive)
  std::optional<int> category_id;     // a parent matches its children too
  std::string status = "all";         // all | solved | unsolved
  std::optional<std::string> since;   // ISO timestamp
  bool unanswered = false;
  int page = 1, per = 20;
};

inline constexpr std::int64_t kCountCap = 1000;

struct SearchResult {
  std::vector<Question> items;
  std::int64_t total = 0;     // at most kCountCap
  bool total_capped = false;  // there are more than kCountCap matches
};

SearchResult search(db::Connection& c, const SearchQuery& q);
std::optional<Question> find_question(db::Connection& c, std::int64_t id);
std::int64_t insert_question(db::Connection& c, std::int64_t account_id, int category_id, const std::string& title,
                             const std::string& body, bool is_pick_up);
void update_question(db::Connection& c, const Question& q);
void delete_question(db::Connection& c, std::int64_t id);
void set_solution(db::Connection& c, std::int64_t question_id, std::optional<std::int64_t> answer_id);

// --- answers
std::vector<Answer> answers_of(db::Connection& c, std::int64_t question_id);
std::optional<Answer> find_answer(db::Connection& c, std::int64_t id);
std::int64_t insert_answer(db::Connection& c, std::int64_t question_id, std::int64_t account_id, const std::string& body);
void update_answer(db::Connection& c, std::int64_t id, const std::string& body);
void delete_answer(db::Connection& c, std::int64_t id);

}  // namespace camp::questions::repo
