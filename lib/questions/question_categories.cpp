#include "questions/question_categories.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "questions/repo.hpp"
#include "questions/service.hpp"

namespace camp::questions {
namespace {

void require_admin(const accounts::Account& actor) {
  if (actor.role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
}

void validate_name(const std::string& name, const std::optional<std::string>& search_name) {
  FieldErrors errors;
  if (text::is_blank(name)) errors["name"].push_back(std::string(msg::category_name_required));
  else if (validate::char_count(name) > limits::category_name_max) errors["name"].push_back(std::string(msg::category_name_too_long));
  if (search_name && validate::char_count(*search_name) > limits::category_search_name_max)
    errors["search_name"].push_back(std::string(msg::category_search_name_too_long));
  throw_if_invalid(errors);
}

std::optional<std::string> optional_field(const YAML::Node& n, const char* key) {
  if (!n[key] || n[key].IsNull()) return std::nullopt;
  return n[key].as<std::string>();
}

std::vector<CategorySpec> parse_csv(const std::string& text, const std::string& path) {
  const auto table = csv::read(text);
  if (table.unclosed_quote) throw Error(errc::invalid, path + ":" + std::to_string(*table.unclosed_quote) + ": unclosed quote");
  std::vector<CategorySpec> roots;
  for (const auto& [number, cells] : table.records) {
    const auto blank = [](const std::string& c) { return c.find_first_not_of(" \t") == std::string::npos; };
    if (std::all_of(cells.begin(), cells.end(), blank) || cells[0].starts_with('#')) continue;  // blank or a comment
    if (number == 1 && cells[0] == "parent") continue;  // header
    if (cells[0].empty()) throw Error(errc::invalid, path + ":" + std::to_string(number) + ": parent name missing");
    auto it = std::find_if(roots.begin(), roots.end(), [&](const CategorySpec& s) { return s.name == cells[0]; });
    if (it == roots.end()) it = roots.insert(roots.end(), CategorySpec{cells[0], std::nullopt, {}});
    if (cells.size() > 1 && !cells[1].empty())
      it->lists.push_back({cells[1], cells.size() > 2 && !cells[2].empty() ? std::optional(cells[2]) : std::nullopt, {}});
  }
  return roots;
}

std::vector<CategorySpec> parse_yaml(const std::string& text, const std::string& path) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw Error(errc::invalid, path + ": " + e.what());
  }
  if (!root.IsSequence()) throw Error(errc::invalid, path + ": expected a list of categories");
  std::vector<CategorySpec> roots;
  try {
    for (const auto& n : root) {
      CategorySpec spec{n["name"].as<std::string>(), optional_field(n, "search_name"), {}};
      if (n["lists"])
        for (const auto& child : n["lists"])
          spec.lists.push_back({child["name"].as<std::string>(), optional_field(child, "search_name"), {}});
      roots.push_back(std::move(spec));
    }
  } catch (const YAML::Exception& e) {
    throw Error(errc::invalid, path + ": every category needs a name (" + std::string(e.what()) + ")");
  }
  return roots;
}

}  // namespace

std::vector<CategorySpec> parse_category_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(errc::not_found, "cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  if (path.ends_with(".csv")) return parse_csv(text.str(), path);
  if (path.ends_with(".yaml") || path.ends_with(".yml")) return parse_yaml(text.str(), path);
  throw Error(errc::invalid, path + ": use a .yaml, .yml or .csv file");
}

std::vector<CategorySpec> parse_category_yaml(const std::string& text) { return parse_yaml(text, "categories"); }

std::vector<QuestionCategory> QuestionCategoryService::tree(const accounts::Account& actor) {
  require_question_box(actor);
  return tree();
}

std::vector<QuestionCategory> QuestionCategoryService::tree() {
  return pool_.autocommit([](db::Tx& tx) { return repo::category_tree(tx); });
}

int QuestionCategoryService::create(const accounts::Account& actor, const std::string& name, std::optional<int> parent_id,
                            const std::optional<std::string>& search_name) {
  require_admin(actor);
  validate_name(name, search_name);
  return pool_.transaction([&](db::Tx& tx) {
    // The parent stays (FOR KEY SHARE) until the child is committed.
    if (parent_id && !repo::is_root_category(tx, *parent_id))
      throw Error(errc::invalid, std::string(msg::invalid_input), {{"parent_id", {std::string(msg::category_unknown)}}});
    try {
      return repo::insert_category(tx, parent_id, name, search_name);
    } catch (const pqxx::unique_violation&) {
      throw Error(errc::conflict, std::string(msg::category_name_taken));
    }
  });
}

void QuestionCategoryService::rename(const accounts::Account& actor, int id, const std::string& name,
                             const std::optional<std::string>& search_name) {
  require_admin(actor);
  validate_name(name, search_name);
  pool_.transaction([&](db::Tx& tx) {
    try {
      if (!repo::rename_category(tx, id, name, search_name)) throw Error(errc::not_found, std::string(msg::not_found));
    } catch (const pqxx::unique_violation&) {
      throw Error(errc::conflict, std::string(msg::category_name_taken));
    }
  });
}

void QuestionCategoryService::remove(const accounts::Account& actor, int id) {
  require_admin(actor);
  pool_.transaction([&](db::Tx& tx) {
    // Locking the category and its children makes a concurrent question in them wait for us
    // (then it finds the category gone), or us wait for it (then we see it in use).
    if (repo::lock_category_tree(tx, id) == 0) throw Error(errc::not_found, std::string(msg::not_found));
    if (repo::category_in_use(tx, id)) throw Error(errc::conflict, std::string(msg::category_in_use));
    repo::delete_category(tx, id);
  });
}

int QuestionCategoryService::import(const std::vector<CategorySpec>& specs) {
  for (const auto& s : specs) {
    validate_name(s.name, s.search_name);
    for (const auto& child : s.lists) validate_name(child.name, child.search_name);
  }
  // All or nothing: a failure half-way leaves the tree as it was.
  return pool_.transaction([&](db::Tx& tx) {
    int written = 0, position = 0;
    for (const auto& s : specs) {
      const int parent = repo::upsert_category(tx, std::nullopt, s.name, s.search_name, position++);
      ++written;
      int child_position = 0;
      for (const auto& child : s.lists) {
        repo::upsert_category(tx, parent, child.name, child.search_name, child_position++);
        ++written;
      }
    }
    return written;
  });
}

}  // namespace camp::questions
