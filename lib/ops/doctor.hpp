#pragma once
// camp doctor: what operators most often get wrong, checked one by one, each with how to fix
// it (docs/operations.md "camp doctor"). It changes nothing, except that a stopped private
// PostgreSQL is started for the checks and stopped again, as every camp command does.
#include <optional>
#include <string>
#include <vector>

namespace camp::ops {

struct Check {
  std::string name;     // config, public_url, jwt_secret, postgresql, migrations, ...
  bool ok = true;
  std::string message;  // what was found (never a secret)
  std::string fix;      // what to do; on a passing check, advice (empty: nothing to do)
};

// Every check in a fixed order. A config that does not load is reported with the checks that
// need none (the others would look at the wrong settings).
std::vector<Check> run_doctor(const std::optional<std::string>& config_path);

}  // namespace camp::ops
