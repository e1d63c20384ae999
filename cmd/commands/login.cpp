// camp login URL [--token -] | camp logout: the token remote mode uses for a school
// (remote/credentials.hpp). The token is never printed.
#include <termios.h>
#include <unistd.h>

#include <iostream>

#include "context.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "exit_codes.hpp"
#include "remote/credentials.hpp"
#include "remote/http_client.hpp"
#include "tokens/scope.hpp"

namespace camp::cli {
namespace login_command {
namespace {

// The token `camp login` makes lives 90 days: long enough for a laptop, short enough that a
// forgotten one ends by itself.
constexpr int kLoginTokenDays = 90;

struct LoginCli {
  std::string server;
  std::optional<std::string> token_from;
};

// One line of stdin; at a terminal after a prompt on stderr, without echo for a secret.
std::string ask(const char* prompt, bool secret) {
  const bool tty = isatty(STDIN_FILENO);
  if (tty) std::cerr << prompt << std::flush;
  termios old{};
  const bool hide = tty && secret && tcgetattr(STDIN_FILENO, &old) == 0;
  if (hide) {
    termios quiet = old;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  std::string line;
  std::getline(std::cin, line);
  if (hide) {
    tcsetattr(STDIN_FILENO, TCSANOW, &old);
    std::cerr << "\n";
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

// E-mail, password (and the two-factor code when the account has it on) open a session only
// long enough to make a personal access token for this machine, then close it: what is kept
// is a token with a name, scopes and an expiry, listed and revocable in 設定 → アクセストークン.
std::string token_from_password(const std::string& server) {
  const auto email = ask("E-mail: ", false);
  const auto password = ask("Password: ", true);
  remote::HttpClient anonymous(server, "");
  auto step = anonymous.write("POST", "/api/v1/account_token", {{"auth", {{"email", email}, {"password", password}}}});
  if (step.value("two_factor_required", false)) {
    const auto code = ask("Two-factor code: ", true);
    step = anonymous.write("POST", "/api/v1/sessions/two_factor", {{"challenge", step.value("challenge", "")}, {"code", code}});
  }
  remote::HttpClient session(server, step.value("jwt", ""));
  char host[256] = "";
  ::gethostname(host, sizeof host - 1);
  auto scopes = nlohmann::json::array();
  for (const auto scope : tokens::all_scopes()) scopes.push_back(std::string(scope));
  const auto made = session.write(
      "POST", "/api/v1/accounts/me/tokens",
      {{"token", {{"name", "camp login (" + std::string(host) + ")"}, {"scopes", scopes}, {"expires_in_days", kLoginTokenDays}}}});
  session.write("DELETE", "/api/v1/account_token", nlohmann::json::object());
  return made.value("secret", "");
}

int login(Context& ctx, const LoginCli& o) {
  const auto server = remote::normalise_server(o.server);
  std::string token;
  if (o.token_from) {
    if (*o.token_from != "-") throw Error(errc::malformed, "--token takes '-': the token is read from stdin, never from the command line");
    token = std::string(text::trim(ask("Token: ", true)));
  } else {
    token = token_from_password(server);
  }
  if (token.empty()) throw Error(errc::unauthenticated, "no token given");
  // Checked before it is kept: a typo is said now, not at the next command.
  const auto me = remote::HttpClient(server, token).get("/api/v1/accounts/me");
  remote::store_credentials({server, token});
  if (ctx.json()) {
    print_json({{"server", server}, {"account", me}, {"credentials", remote::credentials_path().string()}});
  } else {
    std::cout << "logged in to " << server << " as " << me.value("email", "") << " (" << me.value("role", "") << ")\n"
              << "token kept in " << remote::credentials_path().string() << "; use it with --server " << server
              << " or CAMP_SERVER=" << server << "\n";
  }
  return kOk;
}

int logout(Context& ctx) {
  const bool removed = remote::remove_credentials();
  if (ctx.json()) print_json({{"removed", removed}});
  else std::cout << (removed ? "logged out: the stored token was removed\n" : "not logged in: no stored token\n");
  return kOk;
}

}  // namespace
}  // namespace login_command

void setup_login(CLI::App& app, Run& run) {
  using namespace login_command;
  auto* in = app.add_subcommand("login", "Keep a token for remote mode (e-mail and password, or --token - from stdin)");
  auto o = std::make_shared<LoginCli>();
  in->add_option("URL", o->server, "The school (https://...)")->required();
  in->add_option("--token", o->token_from, "'-': read a personal access token (camp_pat_...) from stdin");
  in->callback([&run, o] { run = [o](Context& ctx) { return login(ctx, *o); }; });
  app.add_subcommand("logout", "Remove the stored token")->callback([&run] { run = [](Context& ctx) { return logout(ctx); }; });
}

}  // namespace camp::cli
