// camp categories import FILE | list;  camp questions list [--unanswered] [--since DATE]
#include <iostream>

#include "context.hpp"
#include "db/cluster.hpp"
#include "exit_codes.hpp"
#include "questions/categories.hpp"
#include "questions/service.hpp"

namespace camp::cli {
namespace {

struct QuestionListOptions {
  bool unanswered = false;
  std::optional<std::string> since;
  int limit = 100;
};

int import_categories(const Globals& g, const std::string& file) {
  const auto specs = questions::parse_category_file(file);  // before touching the database
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  db::Pool pool(server.url(), 1);
  const int written = questions::CategoryService(pool).import(specs);
  if (g.json) print_json({{"written", written}});
  else std::cout << "imported " << written << " categories from " << file << "\n";
  return kOk;
}

int list_categories(const Globals& g) {
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  db::Pool pool(server.url(), 1);
  const auto tree = questions::CategoryService(pool).tree();
  if (g.json) {
    auto data = nlohmann::json::array();
    for (const auto& c : tree) data.push_back(questions::to_json(c));
    print_json({{"data", data}});
    return kOk;
  }
  for (const auto& c : tree) {
    std::cout << c.id << "\t" << c.name << "\n";
    for (const auto& l : c.lists) std::cout << l.id << "\t  " << l.search_name << "\n";
  }
  return kOk;
}

int list_questions(const Globals& g, const QuestionListOptions& o) {
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  db::Pool pool(server.url(), 1);
  const auto items = questions::QuestionService(pool).list_for_ops(o.unanswered, o.since, o.limit);
  if (g.json) {
    auto data = nlohmann::json::array();
    for (const auto& q : items) data.push_back(questions::to_json(q));
    print_json(data);
    return kOk;
  }
  for (const auto& q : items)
    std::cout << q.id << "\t" << q.created_at << "\t" << (q.solved_answer_id ? "solved  " : "unsolved") << "\t"
              << q.answers_count << " answers\t" << q.title << "\n";
  return kOk;
}

}  // namespace

void setup_questions(CLI::App& app, Globals& g, Run& run) {
  auto* categories = app.add_subcommand("categories", "The question box's category tree");
  categories->require_subcommand(1);
  static std::string file;
  auto* import_cmd = categories->add_subcommand("import", "Insert or update categories from a YAML or CSV file");
  import_cmd->add_option("file", file, "categories.yaml (list of {name, search_name, lists}) or .csv (parent,child,search_name)")
      ->required()
      ->check(CLI::ExistingFile);
  import_cmd->callback([&] { run = [&] { return import_categories(g, file); }; });
  categories->add_subcommand("list", "Print the category tree")->callback([&] { run = [&] { return list_categories(g); }; });

  auto* questions = app.add_subcommand("questions", "The question box");
  questions->require_subcommand(1);
  static QuestionListOptions opts;
  auto* list_cmd = questions->add_subcommand("list", "List questions, picked-up first, newest first");
  list_cmd->add_flag("--unanswered", opts.unanswered, "Only questions without any answer");
  list_cmd->add_option("--since", opts.since, "Only questions asked since DATE (2026-11-01 or ISO 8601)");
  list_cmd->add_option("--limit", opts.limit, "At most this many (default 100)")->check(CLI::Range(1, 10000));
  list_cmd->callback([&] { run = [&] { return list_questions(g, opts); }; });
}

}  // namespace camp::cli
