// camp accounts create | list | set-role | invite | reset-2fa | anonymise; list and invite also in
// remote mode (backends/accounts.hpp).
#include <unistd.h>

#include <iostream>

#include "accounts/link_token.hpp"
#include "app/services.hpp"
#include "backends/accounts.hpp"
#include "context.hpp"
#include "core/random.hpp"
#include "core/text.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace accounts_command {
namespace {

const char* const kRoles = "admin|basic_mentor|advanced_mentor|spot_advanced_mentor|student|graduate|trial";

struct CreateOptions {
  std::string email, role, nickname;
  std::optional<std::string> course;
};

struct ListOptions {
  std::optional<std::string> role;
};

struct InviteOptions {
  std::string email, role, nickname;
  std::optional<std::string> course;
};

struct RoleOptions {
  std::string account, role;
};

struct AnonymiseOptions {
  std::string account, reason;
  bool yes = false;
};

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
            << (a.course ? a.course->code : "-") << "\t" << a.display_name << "\n";
}

int create(Context& ctx, const CreateOptions& o) {
  auto [password, generated] = read_password();
  const auto account = ctx.services().accounts.create({o.email, o.role, o.course, o.nickname, password});
  if (ctx.json()) {
    auto out = accounts::to_json(account);
    if (generated) out["password"] = password;
    print_json(out);
  } else {
    print_account(account);
    if (generated) std::cout << "password: " << password << "  (shown once)\n";
  }
  return kOk;
}

int list(Context& ctx, const ListOptions& o) {
  const auto all = accounts_backend(ctx)->list(o.role)["data"];
  if (ctx.json()) {
    print_json(all);
  } else {
    for (const auto& a : all)
      std::cout << a["id"] << "\t" << a["email"].get<std::string>() << "\t" << a["role"].get<std::string>() << "\t"
                << (a["course"].is_null() ? "-" : a["course"]["code"].get<std::string>()) << "\t"
                << a["display_name"].get<std::string>() << "\n";
  }
  return kOk;
}

int set_role(Context& ctx, const RoleOptions& o) {
  const auto updated = ctx.services().accounts.set_role(find_account(ctx, o.account).id, o.role);
  if (ctx.json()) print_json(accounts::to_json(updated));
  else print_account(updated);
  return kOk;
}

// The mail with the link goes through the outbox like the daemon's; the link itself is never
// printed (it would let whoever runs the command take the account).
int invite(Context& ctx, const InviteOptions& o) {
  const auto i = accounts_backend(ctx)->invite({o.email, o.role, o.course, o.nickname});
  if (ctx.json()) {
    print_json(i);
  } else {
    const auto nickname = i["nickname"].get<std::string>();
    std::cout << i["id"] << "\t" << i["email"].get<std::string>() << "\t" << i["role"].get<std::string>() << "\t"
              << (i["course"].is_null() ? "-" : i["course"]["code"].get<std::string>()) << "\t"
              << (nickname.empty() ? "-" : nickname) << "\tinvited until " << i["expires_at"].get<std::string>() << "\n";
  }
  return kOk;
}

// For the person who lost their authenticator: the secret and recovery codes go, every session
// ends, an audit row records who did it; the next login asks for the password only (and sends
// a required role to enrolment).
int reset_two_factor(Context& ctx, const std::string& who) {
  const auto account = find_account(ctx, who);
  const bool removed = ctx.services().two_factor.reset(accounts::Account::system(), account.id);
  if (ctx.json()) print_json({{"account_id", account.id}, {"reset", removed}});
  else if (removed) std::cout << "two-factor login of " << account.email << " reset; every session ended\n";
  else std::cout << account.email << " had no two-factor login; nothing changed\n";
  return kOk;
}

// A deletion request: irreversible, so it is said first and confirmed at a terminal; a script
// says --yes (without it, and without a terminal to ask, nothing happens: exit 2).
int anonymise(Context& ctx, const AnonymiseOptions& o) {
  const auto account = find_account(ctx, o.account);
  std::cerr << "Anonymising account " << account.id << " (" << account.display_name << ") cannot be undone.\n"
            << "Removed: e-mail, nickname, name, picture, password, sessions, two-factor login, calendar feed, mail\n"
            << "preferences, notifications, mails to it, AI chats, mentoring records; its name in other people's\n"
            << "notifications and mails. Kept, shown as 退会したユーザー: questions, answers, submissions, reviews,\n"
            << "event participations; subsidy answers stay sealed until their retention ends (docs/privacy.md).\n";
  if (!o.yes) {
    if (!isatty(STDIN_FILENO)) {
      std::cerr << "not a terminal: pass --yes to anonymise without asking\n";
      return kUsage;
    }
    std::cerr << "Type the account id (" << account.id << ") to confirm: " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line) || text::trim(line) != std::to_string(account.id)) {
      std::cerr << "not confirmed; nothing changed\n";
      return kUsage;
    }
  }
  const auto done = ctx.services().anonymisations.anonymise(accounts::Account::system(), account.id, o.reason);
  if (ctx.json()) print_json({{"account_id", done.account_id}, {"anonymised", true}, {"answers_purged", done.answers_purged}});
  else std::cout << "account " << done.account_id << " anonymised\n";
  return kOk;
}

}  // namespace
}  // namespace accounts_command

void setup_accounts(CLI::App& app, Run& run) {
  using namespace accounts_command;
  auto* group = app.add_subcommand("accounts", "Create, list and change accounts");
  group->require_subcommand(1);

  auto* create_cmd = group->add_subcommand(
      "create", "Create an account; the password is read from stdin, or generated and printed once");
  auto create_opts = std::make_shared<CreateOptions>();
  create_cmd->add_option("--email", create_opts->email, "E-mail address (login)")->required();
  create_cmd->add_option("--role", create_opts->role, kRoles)->required();
  create_cmd->add_option("--course", create_opts->course, "rails_4m|rails_5m|u29 (students and graduates)");
  create_cmd->add_option("--nickname", create_opts->nickname, "Display name (at most 80 characters)");
  create_cmd->callback([&run, create_opts] { run = [create_opts](Context& ctx) { return create(ctx, *create_opts); }; });

  auto* list_cmd = group->add_subcommand("list", "List accounts");
  auto list_opts = std::make_shared<ListOptions>();
  list_cmd->add_option("--role", list_opts->role, kRoles);
  list_cmd->callback([&run, list_opts] { run = [list_opts](Context& ctx) { return list(ctx, *list_opts); }; });

  auto* invite_cmd = group->add_subcommand(
      "invite", "Invite an e-mail: a mail with a link to choose a nickname and password (valid 7 days)");
  auto invite_opts = std::make_shared<InviteOptions>();
  invite_cmd->add_option("--email", invite_opts->email, "E-mail address to invite")->required();
  invite_cmd->add_option("--role", invite_opts->role, kRoles)->required();
  invite_cmd->add_option("--course", invite_opts->course, "rails_4m|rails_5m|u29 (students and graduates)");
  invite_cmd->add_option("--nickname", invite_opts->nickname, "Suggested display name (at most 80 characters)");
  invite_cmd->callback([&run, invite_opts] { run = [invite_opts](Context& ctx) { return invite(ctx, *invite_opts); }; });

  auto* role_cmd = group->add_subcommand("set-role", "Change an account's role");
  auto role_opts = std::make_shared<RoleOptions>();
  role_cmd->add_option("account", role_opts->account, "Account id or e-mail")->required();
  role_cmd->add_option("role", role_opts->role, kRoles)->required();
  role_cmd->callback([&run, role_opts] { run = [role_opts](Context& ctx) { return set_role(ctx, *role_opts); }; });

  auto* reset_cmd = group->add_subcommand(
      "reset-2fa", "Turn off an account's two-factor login (a lost phone); ends its sessions; audited");
  auto reset_account = std::make_shared<std::string>();
  reset_cmd->add_option("account", *reset_account, "Account id or e-mail")->required();
  reset_cmd->callback([&run, reset_account] {
    run = [reset_account](Context& ctx) { return reset_two_factor(ctx, *reset_account); };
  });

  auto* anonymise_cmd = group->add_subcommand(
      "anonymise", "Carry out a deletion request: remove everything personal, keep the content (irreversible; audited)");
  auto anonymise_opts = std::make_shared<AnonymiseOptions>();
  anonymise_cmd->add_option("account", anonymise_opts->account, "Account id or e-mail")->required();
  anonymise_cmd->add_option("--reason", anonymise_opts->reason, "Why (the audit log keeps it; at most 200 characters)")
      ->required();
  anonymise_cmd->add_flag("--yes", anonymise_opts->yes, "Do not ask for confirmation (scripts)");
  anonymise_cmd->callback([&run, anonymise_opts] {
    run = [anonymise_opts](Context& ctx) { return anonymise(ctx, *anonymise_opts); };
  });
}

}  // namespace camp::cli
