// camp doctor [--send-test-mail ADDRESS]: the operator's checklist (lib/ops/doctor.hpp), one
// line per check; exit 1 when any fails.
#include <iostream>

#include "app/services.hpp"
#include "context.hpp"
#include "exit_codes.hpp"
#include "ops/doctor.hpp"

namespace camp::cli {
namespace doctor_command {
namespace {

struct DoctorOptions {
  std::string test_mail_to;
};

// Queued like `camp mail test` (the outbox is the one road for mail); a running campd sends it.
ops::Check queue_test_mail(Context& ctx, const std::string& to) {
  const auto queued = ctx.services().mail_outbox.queue_test(accounts::Account::system(), to, 1);
  const auto id = std::to_string(queued.id.value_or(0));
  return {"test_mail", true, "test mail " + id + " to " + to + " queued", "see whether it went out: camp mail show " + id};
}

int doctor(Context& ctx, const DoctorOptions& o) {
  if (ctx.api()) throw LocalOnly();  // it reads the config file itself: say so before checking this machine
  auto checks = ops::run_doctor(ctx.globals().config_path);
  bool all_ok = true;
  for (const auto& c : checks) all_ok &= c.ok;
  if (!o.test_mail_to.empty()) {
    if (all_ok) checks.push_back(queue_test_mail(ctx, o.test_mail_to));
    else checks.push_back({"test_mail", false, "not sent", "fix the problems above first"});
  }
  if (ctx.json()) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& c : checks)
      out.push_back({{"name", c.name}, {"ok", c.ok}, {"message", c.message}, {"fix", c.fix.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.fix)}});
    print_json(out);
  } else {
    int problems = 0;
    for (const auto& c : checks) {
      problems += c.ok ? 0 : 1;
      std::cout << (c.ok ? "ok       " : "PROBLEM  ") << c.name << ": " << c.message;
      if (!c.fix.empty()) std::cout << (c.ok ? " (advice: " : " -> fix: ") << c.fix << (c.ok ? ")" : "");
      std::cout << "\n";
    }
    std::cout << (problems ? std::to_string(problems) + " problem(s) found" : "all " + std::to_string(checks.size()) + " checks passed") << "\n";
  }
  return all_ok ? kOk : kFailure;
}

}  // namespace
}  // namespace doctor_command

void setup_doctor(CLI::App& app, Run& run) {
  using namespace doctor_command;
  auto* cmd = app.add_subcommand("doctor", "Check the configuration, keys, database, mail, disk and web app; say how to fix each problem");
  auto opts = std::make_shared<DoctorOptions>();
  cmd->add_option("--send-test-mail", opts->test_mail_to, "Also queue a test mail to this address (when every check passes)");
  cmd->callback([&run, opts] { run = [opts](Context& ctx) { return doctor(ctx, *opts); }; });
}

}  // namespace camp::cli
