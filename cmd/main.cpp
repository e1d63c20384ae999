// camp: the command-line tool for admins, scripts and CI. Each command group lives in
// commands/<group>.cpp; all the work is done by libcamp services.
#include <iostream>

#include "context.hpp"
#include "core/logging.hpp"
#include "exit_codes.hpp"

namespace {

void print_error(const camp::Error& e) {
  std::cerr << "camp: " << e.what();
  for (const auto& [field, messages] : e.fields())
    for (const auto& m : messages) std::cerr << " [" << field << ": " << m << "]";
  if (!e.detail().empty() && (e.code() == camp::errc::internal || e.code() == camp::errc::unavailable))
    std::cerr << " (" << e.detail().substr(0, e.detail().find('\n')) << ")";
  std::cerr << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"camp: manage the camp school system (accounts, database, server)", "camp"};
  app.require_subcommand(1);
  app.fallthrough();  // inherited by subcommands: global options may come anywhere
  app.set_version_flag("--version", std::string("camp ") + CAMP_VERSION);
  camp::cli::Globals globals;
  app.add_option("-c,--config", globals.config_path, "YAML config file (default: $CAMP_CONFIG, else built-in defaults)");
  app.add_flag("--json", globals.json, "Machine-readable output");
  camp::cli::Run run;
  camp::cli::setup_db(app, globals, run);
  camp::cli::setup_accounts(app, globals, run);
  camp::cli::setup_sessions(app, globals, run);
  camp::cli::setup_questions(app, globals, run);
  camp::cli::setup_serve(app, globals, run, argv[0]);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? camp::cli::kOk : camp::cli::kUsage;
  }
  try {
    camp::setup_logging("warn", "text");
    return run ? run() : camp::cli::kUsage;
  } catch (const camp::Error& e) {
    print_error(e);
    return camp::cli::exit_code_for(e.code());
  } catch (const std::exception& e) {
    std::cerr << "camp: " << e.what() << "\n";
    return camp::cli::kFailure;
  }
}
