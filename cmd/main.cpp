// camp: the command-line tool for admins, scripts and CI. Each command group lives in
// commands/<group>.cpp; all the work is done by libcamp services, reached through the
// Context (context.hpp).
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

// The innermost command the parser reached ("camp accounts"), and whether it expects a subcommand.
std::pair<const CLI::App*, std::string> reached(const CLI::App& app) {
  const CLI::App* at = &app;
  std::string name = app.get_name();
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().front();
    name += " " + at->get_name();
  }
  return {at, name};
}

// Words the parser could not place: an unknown command, option or extra argument. CLI11 would
// print the help for `camp nosuch --help` and exit 0, or blame a missing subcommand: say
// what is wrong instead, whether --help was given or not.
bool refuse_leftovers(const CLI::App& app) {
  const auto left = app.remaining(true);
  if (left.empty()) return false;
  const auto [at, name] = reached(app);
  const auto& word = left.front();
  if (word.starts_with("-"))
    std::cerr << "camp: unknown option '" << word << "' for '" << name << "' (see '" << name << " --help')\n";
  else if (!at->get_subcommands({}).empty())
    std::cerr << "camp: unknown command '" << name << " " << word << "' (see '" << name << " --help')\n";
  else
    std::cerr << "camp: unexpected argument '" << word << "' for '" << name << "' (see '" << name << " --help')\n";
  return true;
}

}  // namespace

namespace camp::cli {
void setup_students(CLI::App& app, Run& run);  // cmd/commands/students.cpp
}  // namespace camp::cli

int main(int argc, char** argv) {
  CLI::App app{"camp: manage the camp school system (accounts, database, server)", "camp"};
  app.require_subcommand(1);
  app.fallthrough();  // inherited by subcommands: global options may come anywhere
  app.set_version_flag("--version", std::string("camp ") + CAMP_VERSION);
  camp::cli::Globals globals;
  app.add_option("-c,--config", globals.config_path, "YAML config file (default: $CAMP_CONFIG, else built-in defaults)");
  app.add_flag("--json", globals.json, "Machine-readable output");
  app.add_option("--server", globals.server,
                 "Remote mode: the school's URL (https://...; default $CAMP_SERVER); token from $CAMP_TOKEN or `camp login`");
  camp::cli::Run run;
  camp::cli::setup_db(app, run);
  camp::cli::setup_accounts(app, run);
  camp::cli::setup_accounts_export(*app.get_subcommand("accounts"), run);
  camp::cli::setup_sessions(app, run);
  camp::cli::setup_tokens(app, run);
  camp::cli::setup_questions(app, run);
  camp::cli::setup_curriculum(app, run);
  camp::cli::setup_mail(app, run);
  camp::cli::setup_events(app, run);
  camp::cli::setup_students(app, run);
  camp::cli::setup_questionnaires(app, run);
  camp::cli::setup_notifications(app, run);
  camp::cli::setup_serve(app, run, argv[0]);
  camp::cli::setup_doctor(app, run);
  camp::cli::setup_login(app, run);
  camp::cli::setup_uploads(app, run);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (refuse_leftovers(app)) return camp::cli::kUsage;
    const int code = app.exit(e);
    return code == 0 ? camp::cli::kOk : camp::cli::kUsage;
  }
  try {
    camp::setup_logging("warn", "text");
    camp::cli::Context ctx(globals);
    if (!run) return camp::cli::kUsage;
    const int code = run(ctx);
    ctx.dispatch_recorded_events();
    return code;
  } catch (const camp::cli::LocalOnly&) {
    std::cerr << "camp: '" << reached(app).second << "' works only on the school's own machine, not against a server (remote mode)\n";
    return camp::cli::kUsage;
  } catch (const camp::Error& e) {
    print_error(e);
    return camp::cli::exit_code_for(e.code());
  } catch (const std::exception& e) {
    std::cerr << "camp: " << e.what() << "\n";
    return camp::cli::kFailure;
  }
}
