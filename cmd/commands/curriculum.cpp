// camp curriculum import DIR | list;  camp submissions list [--waiting];  camp reviews stats [--since DATE]
// submissions list and reviews stats also in remote mode (backends/operators.hpp).
#include <iostream>
#include <iomanip>

#include "app/services.hpp"
#include "backends/operators.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace curriculum_command {
namespace {

struct ImportOptions {
  std::string dir;
};
struct SubmissionListOptions {
  bool waiting = false;
  int limit = 100;
};
struct StatsOptions {
  std::optional<std::string> since;
};

int import_curriculum(Context& ctx, const ImportOptions& o) {
  const auto content = curriculum::read_content(o.dir);  // every problem, before touching the database
  const auto report = ctx.services().curriculums.import_content(content);
  if (ctx.json()) {
    print_json(curriculum::to_json(report));
    return kOk;
  }
  const auto line = [](const char* what, const curriculum::ImportCounts& c) {
    std::cout << what << ": " << c.created << " created, " << c.updated << " updated, " << c.deleted << " deleted, "
              << c.unchanged << " unchanged\n";
  };
  line("curriculums", report.curriculums);
  line("tasks", report.tasks);
  return kOk;
}

int list_curriculums(Context& ctx) {
  const auto all = ctx.services().curriculums.list(accounts::Account::system());
  if (ctx.json()) {
    auto data = nlohmann::json::array();
    for (const auto& c : all) {
      auto j = curriculum::to_json(c, false);
      j["milestone"] = c.milestone ? nlohmann::json(*c.milestone) : nlohmann::json(nullptr);
      data.push_back(std::move(j));
    }
    print_json({{"data", data}});
    return kOk;
  }
  for (const auto& c : all) {
    std::cout << c.name << "\t" << c.title << "\t" << c.tasks.size() << " tasks\t" << c.milestone.value_or("-") << "\n";
    for (const auto& t : c.tasks) std::cout << "  " << t.id << "\t" << t.review_level << "\t" << t.title << "\n";
  }
  return kOk;
}

int list_submissions(Context& ctx, const SubmissionListOptions& o) {
  const auto items = operators_backend(ctx)->submissions(o.waiting, o.limit);
  if (ctx.json()) {
    print_json(items);
    return kOk;
  }
  for (const auto& s : items["data"])
    std::cout << s["id"] << "\t" << s["created_at"].get<std::string>() << "\t" << s["status"].get<std::string>() << "\t" << s["student"]["display_name"].get<std::string>() << "\t"
              << s["task"]["id"] << " " << s["task"]["title"].get<std::string>() << "\t" << s["repository_url"].get<std::string>() << "\n";
  return kOk;
}

int review_stats(Context& ctx, const StatsOptions& o) {
  const auto rows = operators_backend(ctx)->review_stats(o.since);
  if (ctx.json()) {
    print_json(rows);
    return kOk;
  }
  std::cout << "reviewer\treviews\tapprovals\tmedian hours to first review\n";
  for (const auto& s : rows["data"]) {
    std::cout << s["reviewer"]["display_name"].get<std::string>() << "\t" << s["reviews"] << "\t" << s["approvals"] << "\t";
    if (!s["median_hours_to_first_review"].is_null()) std::cout << std::fixed << std::setprecision(1) << s["median_hours_to_first_review"].get<double>();
    else std::cout << "-";
    std::cout << "\n";
  }
  return kOk;
}

}  // namespace
}  // namespace curriculum_command

void setup_curriculum(CLI::App& app, Run& run) {
  using namespace curriculum_command;
  auto* cur = app.add_subcommand("curriculum", "Curriculums and tasks (content in config/curriculum)");
  cur->require_subcommand(1);
  auto* import_cmd = cur->add_subcommand("import", "Import a content directory: DIR/<name>/curriculum.yaml and task .md files");
  auto import_opts = std::make_shared<ImportOptions>();
  import_cmd->add_option("dir", import_opts->dir, "The content directory (e.g. config/curriculum)")
      ->required()
      ->check(CLI::ExistingDirectory);
  import_cmd->callback([&run, import_opts] { run = [import_opts](Context& ctx) { return import_curriculum(ctx, *import_opts); }; });
  cur->add_subcommand("list", "Print curriculums and their tasks")->callback([&run] { run = list_curriculums; });

  auto* subs = app.add_subcommand("submissions", "Students' submissions");
  subs->require_subcommand(1);
  auto* list_cmd = subs->add_subcommand("list", "List submissions, oldest first");
  auto list_opts = std::make_shared<SubmissionListOptions>();
  list_cmd->add_flag("--waiting", list_opts->waiting, "Only those waiting for a review");
  list_cmd->add_option("--limit", list_opts->limit, "At most this many (default 100)")->check(CLI::Range(1, limits::operator_list_max));
  list_cmd->callback([&run, list_opts] { run = [list_opts](Context& ctx) { return list_submissions(ctx, *list_opts); }; });

  auto* revs = app.add_subcommand("reviews", "Mentors' reviews");
  revs->require_subcommand(1);
  auto* stats_cmd = revs->add_subcommand("stats", "Per mentor: reviews, approvals, median hours from submission to review");
  auto stats_opts = std::make_shared<StatsOptions>();
  stats_cmd->add_option("--since", stats_opts->since, "Only reviews since DATE (2026-11-01 or ISO 8601)");
  stats_cmd->callback([&run, stats_opts] { run = [stats_opts](Context& ctx) { return review_stats(ctx, *stats_opts); }; });
}

}  // namespace camp::cli
