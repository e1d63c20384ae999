// camp tokens create | list | revoke: personal access tokens (docs/tokens.md), as the system
// actor; creating and revoking are audited by the service.
#include <iostream>

#include "app/services.hpp"
#include "context.hpp"
#include "exit_codes.hpp"
#include "tokens/scope.hpp"

namespace camp::cli {
namespace tokens_command {
namespace {

struct CreateOptions {
  std::string account, name;
  std::vector<std::string> scopes;
  int expires_in_days = 0;
};

struct ListOptions {
  std::optional<std::string> account;
};

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ",") + s;
  return out;
}

void print_token(const tokens::AccessToken& t, TimePoint now) {
  const auto j = tokens::to_json(t, now);
  std::cout << t.id << "\t" << t.account_id << "\t" << t.name << "\t" << joined(t.scopes) << "\texpires "
            << j["expires_at"].get<std::string>() << (j["expired"].get<bool>() ? " (expired)" : "") << "\tlast used "
            << (t.last_used_at ? j["last_used_at"].get<std::string>() : "never") << "\n";
}

int create(Context& ctx, const CreateOptions& o) {
  const auto owner = find_account(ctx, o.account);
  auto& service = ctx.services().tokens;
  const auto created =
      service.create(accounts::Account::system(), owner.id, {o.name, o.scopes, o.expires_in_days});
  if (ctx.json()) {
    print_json({{"token", tokens::to_json(created.token, service.now())}, {"secret", created.secret}});
  } else {
    print_token(created.token, service.now());
    std::cout << "secret: " << created.secret << "  (shown once)\n";
  }
  return kOk;
}

int list(Context& ctx, const ListOptions& o) {
  std::optional<std::int64_t> owner;
  if (o.account) owner = find_account(ctx, *o.account).id;
  auto& service = ctx.services().tokens;
  const auto all = service.list(accounts::Account::system(), owner);
  if (ctx.json()) {
    auto out = nlohmann::json::array();
    for (const auto& t : all) {
      auto j = tokens::to_json(t, service.now());
      j["account_id"] = t.account_id;
      out.push_back(std::move(j));
    }
    print_json(out);
  } else {
    for (const auto& t : all) print_token(t, service.now());
  }
  return kOk;
}

int revoke(Context& ctx, std::int64_t id) {
  const auto revoked = ctx.services().tokens.revoke(accounts::Account::system(), std::nullopt, id);
  if (ctx.json()) print_json({{"id", revoked.id}, {"account_id", revoked.account_id}, {"revoked", true}});
  else std::cout << "token " << revoked.id << " (" << revoked.name << ") revoked\n";
  return kOk;
}

}  // namespace
}  // namespace tokens_command

void setup_tokens(CLI::App& app, Run& run) {
  using namespace tokens_command;
  auto* group = app.add_subcommand("tokens", "Personal access tokens for the API (docs/tokens.md)");
  group->require_subcommand(1);
  std::string scopes;
  for (const auto s : tokens::all_scopes()) scopes += (scopes.empty() ? "" : "|") + std::string(s);

  auto* create_cmd = group->add_subcommand("create", "Create a token for an account; the secret is printed once");
  auto create_opts = std::make_shared<CreateOptions>();
  create_cmd->add_option("--account", create_opts->account, "Owner: account id or e-mail")->required();
  create_cmd->add_option("--name", create_opts->name, "What it is for (at most 100 characters)")->required();
  create_cmd->add_option("--scope", create_opts->scopes, scopes + " (repeat for more)")->required();
  create_cmd->add_option("--expires-in-days", create_opts->expires_in_days, "1..365")->required();
  create_cmd->callback([&run, create_opts] { run = [create_opts](Context& ctx) { return create(ctx, *create_opts); }; });

  auto* list_cmd = group->add_subcommand("list", "Tokens not revoked (every account's, or one's)");
  auto list_opts = std::make_shared<ListOptions>();
  list_cmd->add_option("--account", list_opts->account, "Account id or e-mail");
  list_cmd->callback([&run, list_opts] { run = [list_opts](Context& ctx) { return list(ctx, *list_opts); }; });

  auto* revoke_cmd = group->add_subcommand("revoke", "Revoke a token: its next use gets 401 token_revoked");
  auto revoke_id = std::make_shared<std::int64_t>(0);
  revoke_cmd->add_option("id", *revoke_id, "Token id (camp tokens list)")->required();
  revoke_cmd->callback([&run, revoke_id] { run = [revoke_id](Context& ctx) { return revoke(ctx, *revoke_id); }; });
}

}  // namespace camp::cli
