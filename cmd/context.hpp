#pragma once
// What every command shares: the global options, and a Context that loads the config, opens
// the database and builds the services (lib/app/services.hpp, as the daemon does) on first
// use, once per run. Commands act as the system actor (accounts::Account::system()). A
// command that needs the database and finds the private cluster stopped starts it, and the
// Context stops it again when the command ends (db::Server); commands that need no database
// never start it.
//
// In remote mode (--server or CAMP_SERVER: docs/design.md, "Remote mode") a command reaches the
// school through its HTTP API instead (api()); asking for the config or the database then throws
// LocalOnly, which main() turns into "only on the school's machine", exit 2.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "accounts/model.hpp"
#include "core/config.hpp"

namespace camp::db {
class Server;
class Pool;
}  // namespace camp::db
namespace camp::app {
class Services;
}  // namespace camp::app

namespace camp::cli {
namespace remote {
class HttpClient;
}  // namespace remote

struct Globals {
  std::optional<std::string> config_path;
  std::optional<std::string> server;
  bool json = false;
};

// A local-only command (db start, serve, ...) run in remote mode.
struct LocalOnly : std::runtime_error {
  LocalOnly() : std::runtime_error("local only") {}
};

class Context {
 public:
  explicit Context(const Globals& globals);
  ~Context();  // closes the connections, then stops the cluster if this run started it
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const Globals& globals() const { return globals_; }
  bool json() const { return globals_.json; }
  const Config& config();

  // The school's API in remote mode; nullptr when the command runs against the database here.
  remote::HttpClient* api();

  // The database: the configured URL, or the private cluster (started if needed).
  const std::string& database_url();
  db::Pool& pool();

  // Every use case, wired as in the daemon (without its caches).
  app::Services& services();
  // After a command that used the database: dispatches the domain events waiting (those it
  // recorded among them), so its notifications and mails exist when it returns, with or
  // without a running daemon. Never fails the command: a daemon dispatches what is left.
  void dispatch_recorded_events();

 private:
  const Globals& globals_;
  std::optional<Config> config_;
  std::optional<std::unique_ptr<remote::HttpClient>> api_;  // chosen on first use
  // Declared in the order they are built: destroyed services first, the server last.
  std::unique_ptr<db::Server> server_;
  std::unique_ptr<db::Pool> pool_;
  std::unique_ptr<app::Services> services_;
};

// A subcommand's work, chosen while parsing and run by main() with the Context.
using Run = std::function<int(Context&)>;

void print_json(const nlohmann::json& value);
// A --body-file: the file's bytes, or standard input for "-" (not_found when unreadable).
std::string read_body(const std::string& path);
// ACCOUNT arguments: an id or an e-mail.
accounts::Account find_account(Context& ctx, const std::string& id_or_email);

void setup_db(CLI::App& app, Run& run);
// camp db backup / camp db restore (commands/db_backup.cpp), under `camp db`.
void setup_db_backup(CLI::App* db_group, Run& run);
void setup_accounts(CLI::App& app, Run& run);
// camp accounts export (commands/privacy.cpp), under `camp accounts`.
void setup_accounts_export(CLI::App& accounts_group, Run& run);
void setup_sessions(CLI::App& app, Run& run);
void setup_tokens(CLI::App& app, Run& run);  // cmd/commands/tokens.cpp
void setup_questions(CLI::App& app, Run& run);
void setup_curriculum(CLI::App& app, Run& run);
void setup_mail(CLI::App& app, Run& run);
// camp mail magazine / camp mail digest (commands/mail_campaigns.cpp), under `camp mail`.
void setup_mail_campaigns(CLI::App& mail_group, Run& run);
void setup_events(CLI::App& app, Run& run);
void setup_questionnaires(CLI::App& app, Run& run);
void setup_notifications(CLI::App& app, Run& run);
void setup_serve(CLI::App& app, Run& run, const char* argv0);
void setup_doctor(CLI::App& app, Run& run);
// camp login URL / camp logout (commands/login.cpp).
void setup_login(CLI::App& app, Run& run);
void setup_uploads(CLI::App& app, Run& run);

}  // namespace camp::cli
