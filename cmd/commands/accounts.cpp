// camp accounts create | list | set-role
#include <unistd.h>

#include <iostream>

#include "accounts/service.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "db/cluster.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace {

struct CreateOptions {
  std::string email, role, nickname;
  std::optional<std::string> course;
};

struct RoleOptions {
  std::string account, role;
};

std::optional<std::string> role_filter;

// The password: first line of stdin when it is piped, else a generated one (printed once).
std::pair<std::string, bool> read_password() {
  if (!isatty(STDIN_FILENO)) {
    std::string line;
    if (std::getline(std::cin, line) && !line.empty()) {
      if (line.back() == '\r') line.pop_back();
      return {line, false};
    }
  }
  return {random_password(14), true};
}

void print_account(const accounts::Account& a) {
  std::cout << a.id << "\t" << a.email << "\t" << accounts::to_string(a.role) << "\t"
            << (a.course ? a.course->code : "-") << "\t" << a.nickname << "\n";
}

int create(const Globals& g, const CreateOptions& o) {
  const auto config = g.config();
  auto [password, generated] = read_password();
  db::Server server(config.database_url, config.data_dir);
  db::Pool pool(server.url(), 1);
  accounts::AccountService service(pool);
  const auto account = service.create({o.email, o.role, o.course, o.nickname, password});
  if (g.json) {
    auto out = accounts::to_json(account);
    if (generated) out["password"] = password;
    print_json(out);
  } else {
    print_account(account);
    if (generated) std::cout << "password: " << password << "  (shown once)\n";
  }
  return kOk;
}

accounts::Account find(accounts::AccountService& service, const std::string& id_or_email) {
  if (!id_or_email.empty() && id_or_email.find_first_not_of("0123456789") == std::string::npos)
    return service.get(std::stoll(id_or_email));
  return service.find_by_email(id_or_email);
}

int set_role(const Globals& g, const RoleOptions& o) {
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  db::Pool pool(server.url(), 1);
  accounts::AccountService service(pool);
  const auto updated = service.set_role(find(service, o.account).id, o.role);
  if (g.json) print_json(accounts::to_json(updated));
  else print_account(updated);
  return kOk;
}

int list(const Globals& g) {
  const auto config = g.config();
  db::Server server(config.database_url, config.data_dir);
  db::Pool pool(server.url(), 1);
  const auto all = accounts::AccountService(pool).list(role_filter);
  if (g.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& a : all) out.push_back(accounts::to_json(a));
    print_json(out);
  } else {
    for (const auto& a : all) print_account(a);
  }
  return kOk;
}

}  // namespace

accounts::Account find_account(accounts::AccountService& service, const std::string& id_or_email) {
  return find(service, id_or_email);
}

void setup_accounts(CLI::App& app, Globals& g, Run& run) {
  auto* accounts = app.add_subcommand("accounts", "Create, list and change accounts");
  accounts->require_subcommand(1);
  const std::string roles = "admin|basic_mentor|advanced_mentor|spot_advanced_mentor|student|graduate|trial";

  static CreateOptions create_opts;
  auto* create_cmd = accounts->add_subcommand(
      "create", "Create an account; the password is read from stdin, or generated and printed once");
  create_cmd->add_option("--email", create_opts.email, "E-mail address (login)")->required();
  create_cmd->add_option("--role", create_opts.role, roles)->required();
  create_cmd->add_option("--course", create_opts.course, "rails_4m|rails_5m|u29 (students and graduates)");
  create_cmd->add_option("--nickname", create_opts.nickname, "Display name (at most 80 characters)");
  create_cmd->callback([&] { run = [&] { return create(g, create_opts); }; });

  auto* list_cmd = accounts->add_subcommand("list", "List accounts");
  list_cmd->add_option("--role", role_filter, roles);
  list_cmd->callback([&] { run = [&] { return list(g); }; });

  static RoleOptions role_opts;
  auto* role_cmd = accounts->add_subcommand("set-role", "Change an account's role");
  role_cmd->add_option("account", role_opts.account, "Account id or e-mail")->required();
  role_cmd->add_option("role", role_opts.role, roles)->required();
  role_cmd->callback([&] { run = [&] { return set_role(g, role_opts); }; });
}

}  // namespace camp::cli
