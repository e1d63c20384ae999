// camp db migrate | status | seed (--demo | FILE) | start | stop | url (backup | restore: db_backup.cpp)
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "backends/operators.hpp"
#include "context.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "db/cluster.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "exit_codes.hpp"
#include "seed/demo.hpp"
#include "seed/fixture.hpp"
#include "students/service.hpp"

namespace camp::cli {
namespace db_command {
namespace {

struct SeedOptions {
  bool demo = false;
  std::string file;
};

db::Cluster private_cluster(Context& ctx) {
  if (!ctx.config().database_url.empty())
    throw Error(errc::invalid, "database_url is configured: the private cluster is not used");
  return db::Cluster(ctx.config().data_dir);
}

int migrate(Context& ctx) {
  // The advisory lock is a session's: behind PgBouncer's transaction mode, session_database_url.
  const auto& session = ctx.config().session_database_url;
  const auto applied = session.empty() ? ctx.pool().run([](db::Connection& c) { return db::migrate(c.pq()); }) : [&] {
    pqxx::connection direct(db::with_client_defaults(session));
    return db::migrate(direct);
  }();
  // The course plans (config/course-plans, compiled in) follow the schema (docs/students.md).
  // Not through ctx.services(): migrating needs no secrets and must not create them.
  students::StudentService(ctx.pool(), system_clock()).sync_plans();
  if (ctx.json()) print_json({{"applied", applied}});
  else if (applied.empty()) std::cout << "database is up to date\n";
  else
    for (const auto& name : applied) std::cout << "applied " << name << "\n";
  return kOk;
}

int status(Context& ctx) {
  const auto states = ctx.pool().run([](db::Connection& c) { return db::migration_status(c.pq()); });
  int pending = 0;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& m : states) {
    pending += m.applied ? 0 : 1;
    if (ctx.json()) out.push_back({{"version", m.version}, {"name", m.name}, {"applied", m.applied}, {"applied_at", m.applied_at}});
    else std::cout << (m.applied ? "applied  " : "pending  ") << m.name << (m.applied ? "  " + m.applied_at : "") << "\n";
  }
  if (ctx.json()) print_json({{"migrations", out}, {"pending", pending}});
  return kOk;
}

// The curriculum content the demo imports: $CAMP_CURRICULUM_DIR, else the source tree's
// config/curriculum (docs/curriculum.md); none there: the demo has no curriculum.
std::optional<std::string> demo_curriculum_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (const char* env = std::getenv("CAMP_CURRICULUM_DIR"); env && *env) return std::string(env);
  const std::string source = CAMP_SOURCE_DIR "/config/curriculum";
  if (fs::is_directory(source, ec)) return source;
  return std::nullopt;
}

int seed_demo(Context& ctx) {
  const auto curriculum_dir = demo_curriculum_dir();
  const auto report = seed::seed_demo_all(ctx.services(), ctx.pool(), curriculum_dir);
  const auto& logins = report.logins;
  if (ctx.json()) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& l : logins)
      out.push_back({{"email", l.email}, {"role", l.role}, {"course", l.course ? nlohmann::json(*l.course) : nlohmann::json(nullptr)}, {"password", l.password}});
    print_json(out);
  } else {
    std::cout << "demo accounts (password " << seed::kDemoPassword << "):\n";
    for (const auto& l : logins)
      std::cout << "  " << l.email << "  " << l.role << (l.course ? "  " + *l.course : "") << "\n";
    std::cout << "questionnaires: " << report.questionnaire_answers << " demo answers added\n";
    if (curriculum_dir)
      std::cout << "curriculum imported from " << *curriculum_dir << " (" << report.submissions << " demo submissions added)\n";
  }
  return kOk;
}

// Also in remote mode (backends/operators.hpp): the sections in the order of their names.
int seed_file(Context& ctx, const std::string& file) {
  const auto report = operators_backend(ctx)->seed(file);
  if (ctx.json()) {
    print_json(report);
  } else {
    for (const auto& [section, n] : report.items())
      std::cout << section << ": " << n["created"] << " created, " << n["updated"] << " updated, " << n["unchanged"] << " unchanged\n";
  }
  return kOk;
}

int seed(Context& ctx, const SeedOptions& o) {
  if (o.demo) return seed_demo(ctx);
  if (!o.file.empty()) return seed_file(ctx, o.file);
  throw Error(errc::invalid, "nothing to seed: pass --demo or a fixture file (docs/seeds.md)");
}

}  // namespace
}  // namespace db_command

void setup_db(CLI::App& app, Run& run) {
  using namespace db_command;
  auto* db = app.add_subcommand("db", "Database: migrations, seed data, the private PostgreSQL cluster");
  db->require_subcommand(1);

  db->add_subcommand("migrate", "Apply pending migrations (idempotent, under an advisory lock)")->callback([&run] { run = migrate; });
  db->add_subcommand("status", "List applied and pending migrations")->callback([&run] { run = status; });

  auto* seed_cmd = db->add_subcommand("seed", "Load the demo school or a school fixture (idempotent)");
  auto seed_opts = std::make_shared<SeedOptions>();
  auto* demo = seed_cmd->add_flag("--demo", seed_opts->demo, "The demo accounts (password demo-pass-1234), categories and questions");
  seed_cmd->add_option("file", seed_opts->file, "A fixture file (YAML; format in docs/seeds.md, example config/fixture.example.yaml)")
      ->check(CLI::ExistingFile)
      ->excludes(demo);
  seed_cmd->callback([&run, seed_opts] { run = [seed_opts](Context& ctx) { return seed(ctx, *seed_opts); }; });

  setup_db_backup(db, run);

  db->add_subcommand("start", "Start (initialising on first use) the private PostgreSQL under data_dir")->callback([&run] {
    run = [](Context& ctx) {
      auto cluster = private_cluster(ctx);
      std::cout << (cluster.start() ? "started" : "already running") << "\n";
      return kOk;
    };
  });
  db->add_subcommand("stop", "Stop the private PostgreSQL")->callback([&run] {
    run = [](Context& ctx) {
      private_cluster(ctx).stop();
      std::cout << "stopped\n";
      return kOk;
    };
  });
  db->add_subcommand("url", "Print the connection string of the database in use")->callback([&run] {
    run = [](Context& ctx) {
      const auto& config = ctx.config();
      std::cout << (config.database_url.empty() ? db::Cluster(config.data_dir).url() : config.database_url) << "\n";
      return kOk;
    };
  });
}

}  // namespace camp::cli
