#pragma once
// The category tree of the question box: parents with child lists. Admins manage it from
// the API or import it from a YAML or CSV file (camp categories import).
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "questions/model.hpp"

namespace camp::questions {

struct CategorySpec {
  std::string name;
  std::optional<std::string> search_name;
  std::vector<CategorySpec> lists;  // children (one level)
};

// YAML: a list of {name, search_name?, lists: [{name, search_name?}]}.
// CSV: lines "parent,child[,search_name]" (a line with only a parent adds just the parent).
std::vector<CategorySpec> parse_category_file(const std::string& path);
std::vector<CategorySpec> parse_category_yaml(const std::string& text);
// config/categories.yaml, compiled in: the tree a new school starts with.
const char* default_categories_yaml();

class QuestionCategoryService {
 public:
  explicit QuestionCategoryService(db::Pool& pool) : pool_(pool) {}

  std::vector<QuestionCategory> tree(const accounts::Account& actor);
  std::vector<QuestionCategory> tree();  // for operators
  int create(const accounts::Account& actor, const std::string& name, std::optional<int> parent_id,
             const std::optional<std::string>& search_name);
  void rename(const accounts::Account& actor, int id, const std::string& name,
              const std::optional<std::string>& search_name);
  void remove(const accounts::Account& actor, int id);
  // Upserts by (parent, name); returns how many categories were written.
  int import(const std::vector<CategorySpec>& specs);

 private:
  db::Pool& pool_;
};

}  // namespace camp::questions
