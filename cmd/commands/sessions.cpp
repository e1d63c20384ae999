// camp sessions revoke --account ID|EMAIL
#include <iostream>

#include "app/services.hpp"
#include "context.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace sessions_command {
namespace {

struct RevokeOptions {
  std::string account;
};

int revoke(Context& ctx, const RevokeOptions& o) {
  const auto account = find_account(ctx, o.account);
  const int n = ctx.services().sessions.revoke_all(account.id);
  if (ctx.json()) print_json({{"account_id", account.id}, {"revoked", n}});
  else std::cout << "revoked " << n << " session(s) of " << account.email << "\n";
  return kOk;
}

}  // namespace
}  // namespace sessions_command

void setup_sessions(CLI::App& app, Run& run) {
  using namespace sessions_command;
  auto* group = app.add_subcommand("sessions", "Manage login sessions");
  group->require_subcommand(1);
  auto* revoke_cmd = group->add_subcommand("revoke", "End every session of an account (its tokens get 401)");
  auto opts = std::make_shared<RevokeOptions>();
  revoke_cmd->add_option("--account", opts->account, "Account id or e-mail")->required();
  revoke_cmd->callback([&run, opts] { run = [opts](Context& ctx) { return revoke(ctx, *opts); }; });
}

}  // namespace camp::cli
