// camp categories import FILE | list;  camp questions list [--unanswered] [--since DATE]
#include <iostream>

#include "app/services.hpp"
#include "context.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace questions_command {
namespace {

struct ImportOptions {
  std::string file;
};

struct QuestionListOptions {
  bool unanswered = false;
  std::optional<std::string> since;
  int limit = 100;
};

int import_categories(Context& ctx, const ImportOptions& o) {
  const auto specs = questions::parse_category_file(o.file);  // before touching the database
  const int written = ctx.services().categories.import(specs);
  if (ctx.json()) print_json({{"written", written}});
  else std::cout << "imported " << written << " categories from " << o.file << "\n";
  return kOk;
}

int list_categories(Context& ctx) {
  const auto tree = ctx.services().categories.tree();
  if (ctx.json()) {
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

int list_questions(Context& ctx, const QuestionListOptions& o) {
  const auto items = ctx.services().questions.recent(accounts::Account::system(), o.unanswered, o.since, o.limit);
  if (ctx.json()) {
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
}  // namespace questions_command

void setup_questions(CLI::App& app, Run& run) {
  using namespace questions_command;
  auto* categories = app.add_subcommand("categories", "The question box's category tree");
  categories->require_subcommand(1);
  auto* import_cmd = categories->add_subcommand("import", "Insert or update categories from a YAML or CSV file");
  auto import_opts = std::make_shared<ImportOptions>();
  import_cmd
      ->add_option("file", import_opts->file, "categories.yaml (list of {name, search_name, lists}) or .csv (parent,child,search_name)")
      ->required()
      ->check(CLI::ExistingFile);
  import_cmd->callback([&run, import_opts] { run = [import_opts](Context& ctx) { return import_categories(ctx, *import_opts); }; });
  categories->add_subcommand("list", "Print the category tree")->callback([&run] { run = list_categories; });

  auto* questions = app.add_subcommand("questions", "The question box");
  questions->require_subcommand(1);
  auto* list_cmd = questions->add_subcommand("list", "List questions, picked-up first, newest first");
  auto list_opts = std::make_shared<QuestionListOptions>();
  list_cmd->add_flag("--unanswered", list_opts->unanswered, "Only questions without any answer");
  list_cmd->add_option("--since", list_opts->since, "Only questions asked since DATE (2026-11-01 or ISO 8601)");
  list_cmd->add_option("--limit", list_opts->limit, "At most this many (default 100)")->check(CLI::Range(1, 10000));
  list_cmd->callback([&run, list_opts] { run = [list_opts](Context& ctx) { return list_questions(ctx, *list_opts); }; });
}

}  // namespace camp::cli
