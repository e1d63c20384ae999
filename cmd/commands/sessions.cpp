// camp sessions revoke --account ID|EMAIL
#include <iostream>

#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "accounts/token.hpp"
#include "context.hpp"
#include "db/cluster.hpp"
#include "exit_codes.hpp"

namespace camp::cli {

accounts::Account find_account(accounts::AccountService& service, const std::string& id_or_email);

namespace {

std::string revoke_target;

int revoke(const Globals& g) {
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  db::Pool pool(server.url(), 1);
  accounts::AccountService service(pool);
  const auto account = find_account(service, revoke_target);
  accounts::SessionService sessions(pool, accounts::TokenSigner(accounts::load_or_create_jwt_secret(config.jwt_secret, config.data_dir)),
                                    config.rate_limits, config.session_ttl_days);
  const int n = sessions.revoke_all(account.id);
  if (g.json) print_json({{"account_id", account.id}, {"revoked", n}});
  else std::cout << "revoked " << n << " session(s) of " << account.email << "\n";
  return kOk;
}

}  // namespace

void setup_sessions(CLI::App& app, Globals& g, Run& run) {
  auto* sessions = app.add_subcommand("sessions", "Manage login sessions");
  sessions->require_subcommand(1);
  auto* revoke_cmd = sessions->add_subcommand("revoke", "End every session of an account (its tokens get 401)");
  revoke_cmd->add_option("--account", revoke_target, "Account id or e-mail")->required();
  revoke_cmd->callback([&] { run = [&] { return revoke(g); }; });
}

}  // namespace camp::cli
