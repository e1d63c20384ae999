// camp db migrate | status | seed --demo | start | stop | url
#include <iostream>

#include "context.hpp"
#include "core/error.hpp"
#include "db/cluster.hpp"
#include "db/migrations.hpp"
#include "exit_codes.hpp"
#include "seed/demo.hpp"

namespace camp::cli {
namespace {

db::Cluster private_cluster(const Config& config) {
  if (!config.database_url.empty())
    throw Error(errc::invalid, "database_url is configured: the private cluster is not used");
  return db::Cluster(config.data_dir);
}

int migrate(const Globals& g) {
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  pqxx::connection conn(db::with_client_defaults(server.url()));
  const auto applied = db::migrate(conn);
  if (g.json) print_json({{"applied", applied}});
  else if (applied.empty()) std::cout << "database is up to date\n";
  else
    for (const auto& name : applied) std::cout << "applied " << name << "\n";
  return kOk;
}

int status(const Globals& g) {
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  pqxx::connection conn(db::with_client_defaults(server.url()));
  const auto states = db::migration_status(conn);
  int pending = 0;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& m : states) {
    pending += m.applied ? 0 : 1;
    if (g.json) out.push_back({{"version", m.version}, {"name", m.name}, {"applied", m.applied}, {"applied_at", m.applied_at}});
    else std::cout << (m.applied ? "applied  " : "pending  ") << m.name << (m.applied ? "  " + m.applied_at : "") << "\n";
  }
  if (g.json) print_json({{"migrations", out}, {"pending", pending}});
  return kOk;
}

int seed(const Globals& g, bool demo) {
  if (!demo) throw Error(errc::invalid, "nothing to seed: pass --demo");
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  db::Pool pool(server.url(), 1);
  const auto logins = seed::seed_demo(pool);
  if (g.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& l : logins) out.push_back({{"email", l.email}, {"role", l.role}, {"course", l.course ? nlohmann::json(*l.course) : nlohmann::json(nullptr)}, {"password", l.password}});
    print_json(out);
  } else {
    std::cout << "demo accounts (password " << seed::kDemoPassword << "):\n";
    for (const auto& l : logins)
      std::cout << "  " << l.email << "  " << l.role << (l.course ? "  " + *l.course : "") << "\n";
  }
  return kOk;
}

}  // namespace

void setup_db(CLI::App& app, Globals& g, Run& run) {
  auto* db = app.add_subcommand("db", "Database: migrations, demo data, the private PostgreSQL cluster");
  db->require_subcommand(1);

  db->add_subcommand("migrate", "Apply pending migrations (idempotent, under an advisory lock)")
      ->callback([&] { run = [&] { return migrate(g); }; });
  db->add_subcommand("status", "List applied and pending migrations")->callback([&] { run = [&] { return status(g); }; });

  auto* seed_cmd = db->add_subcommand("seed", "Insert demo data (one account per role, courses)");
  static bool demo = false;
  seed_cmd->add_flag("--demo", demo, "Seed the demo accounts (password demo-pass-1234)");
  seed_cmd->callback([&] { run = [&] { return seed(g, demo); }; });

  db->add_subcommand("start", "Start (initialising on first use) the private PostgreSQL under data_dir")
      ->callback([&] {
        run = [&] {
          auto cluster = private_cluster(g.config());
          std::cout << (cluster.start() ? "started" : "already running") << "\n";
          return kOk;
        };
      });
  db->add_subcommand("stop", "Stop the private PostgreSQL")->callback([&] {
    run = [&] {
      private_cluster(g.config()).stop();
      std::cout << "stopped\n";
      return kOk;
    };
  });
  db->add_subcommand("url", "Print the connection string of the database in use")->callback([&] {
    run = [&] {
      const auto config = g.config();
      std::cout << (config.database_url.empty() ? db::Cluster(config.data_dir).url() : config.database_url) << "\n";
      return kOk;
    };
  });
}

void print_json(const nlohmann::json& value) { std::cout << value.dump(2) << "\n"; }

}  // namespace camp::cli
