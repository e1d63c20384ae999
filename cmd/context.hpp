#pragma once
// What every subcommand shares: global options, the loaded config, and output helpers.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>

#include "core/config.hpp"

namespace camp::cli {

struct Globals {
  std::optional<std::string> config_path;
  bool json = false;
  Config config() const { return load_config(config_path); }
};

// Subcommands register their work here; main() runs it after parsing.
using Run = std::function<int()>;

void print_json(const nlohmann::json& value);

void setup_db(CLI::App& app, Globals& g, Run& run);
void setup_accounts(CLI::App& app, Globals& g, Run& run);
void setup_sessions(CLI::App& app, Globals& g, Run& run);
void setup_questions(CLI::App& app, Globals& g, Run& run);
void setup_serve(CLI::App& app, Globals& g, Run& run, const char* argv0);

}  // namespace camp::cli
