// campd: the HTTP daemon. Everything it does lives in libcamp and daemon/app.cpp.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <iostream>

#include "accounts/password.hpp"
#include "app.hpp"
#include "core/error.hpp"
#include "core/logging.hpp"
#include "db/cluster.hpp"
#include "db/migrations.hpp"
#include "server.hpp"

namespace {

// With a database of its own (database_url) a daemon may be one of several: keys it generated
// into its own data_dir would differ from the others', and mails written there reach nobody
// (docs/deploy.md, "What a daemon needs"). Said once at start; the demo and tests run so.
void warn_of_local_state(const camp::Config& c) {
  std::string local;
  if (c.jwt_secret.empty() && c.jwt_secret_file.empty()) local += " jwt_secret (set jwt_secret_file)";
  if (c.questionnaire_key_file_path.empty()) local += " questionnaire_keys (set questionnaires.key_file)";
  if (c.mail.smtp_url.empty()) local += " mail/*.eml (set mail.smtp.url)";
  if (!local.empty()) spdlog::warn("database_url is set, yet these live in data_dir {}:{}", c.data_dir, local);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"campd: the camp HTTP API, /cable websockets and web app server"};
  std::optional<std::string> config_path;
  cli.add_option("-c,--config", config_path, "YAML config file (default: $CAMP_CONFIG, else built-in defaults)");
  cli.set_version_flag("--version", std::string("campd ") + CAMP_VERSION);
  CLI11_PARSE(cli, argc, argv);

  try {
    auto config = camp::load_config(config_path);
    camp::setup_logging(config.log_level, config.log_format);
    camp::accounts::use_minimum_password_hashing(config.password_hashing == "minimum_for_tests");
    if (config.password_hashing == "minimum_for_tests")
      spdlog::warn("password_hashing is minimum_for_tests: new passwords are hashed weakly; never use it for a school");
    if (!config.database_url.empty()) warn_of_local_state(config);
    camp::db::Server database(config.database_url, config.data_dir);
    {
      pqxx::connection conn(camp::db::with_client_defaults(database.url()));
      for (const auto& m : camp::db::migration_status(conn))
        if (!m.applied)
          throw camp::Error(camp::errc::unavailable,
                            "the database schema is behind (" + m.name + " pending): run `camp db migrate`");
    }
    camp::App app(std::move(config), database.url());
    camp::run_server(app);
    return 0;
  } catch (const camp::Error& e) {
    std::cerr << "campd: " << e.what() << (e.detail().empty() ? "" : " (" + e.detail() + ")") << "\n";
  } catch (const std::exception& e) {
    std::cerr << "campd: " << e.what() << "\n";
  }
  return 1;
}
