#include "context.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <spdlog/spdlog.h>

#include "accounts/password.hpp"
#include "app/services.hpp"
#include "core/error.hpp"
#include "db/cluster.hpp"
#include "db/pool.hpp"
#include "notifications/dispatcher.hpp"
#include "notifications/repo.hpp"
#include "remote/credentials.hpp"
#include "remote/http_client.hpp"

namespace camp::cli {

Context::Context(const Globals& globals) : globals_(globals) {}
Context::~Context() = default;

remote::HttpClient* Context::api() {
  if (!api_) {
    const auto chosen = remote::choose_remote(globals_.server);
    api_ = chosen ? std::make_unique<remote::HttpClient>(chosen->server, chosen->token) : nullptr;
  }
  return api_->get();
}

const Config& Context::config() {
  if (api()) throw LocalOnly();
  if (!config_) {
    config_ = load_config(globals_.config_path);
    accounts::use_minimum_password_hashing(config_->password_hashing == "minimum_for_tests");
  }
  return *config_;
}

const std::string& Context::database_url() {
  if (!server_) server_ = std::make_unique<db::Server>(config().database_url, config().data_dir);
  return server_->url();
}

db::Pool& Context::pool() {
  // One connection: a command does one thing at a time.
  if (!pool_) pool_ = std::make_unique<db::Pool>(database_url(), 1, config().database_prepared_statements);
  return *pool_;
}

app::Services& Context::services() {
  if (!services_) services_ = std::make_unique<app::Services>(config(), pool(), app::Caches::none);
  return *services_;
}

void Context::dispatch_recorded_events() {
  if (!pool_) return;  // the command did not touch the database
  try {
    const auto pending = pool_->autocommit([](db::Tx& tx) {
      return notifications::repo::events_table_exists(tx) ? notifications::repo::event_counts(tx).pending : 0;
    });
    if (pending == 0) return;
    notifications::dispatch_pending(*pool_, {services().unsubscribe_links, config().public_url}, 200);
  } catch (const std::exception& e) {
    // The database went away with the command (db stop, db restore): a daemon dispatches later.
    spdlog::debug("notifications left for a daemon to dispatch: {}", e.what());
  }
}

std::string read_body(const std::string& path) {
  if (path == "-") return {std::istreambuf_iterator<char>(std::cin), {}};
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(errc::not_found, "cannot read the body file " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void print_json(const nlohmann::json& value) { std::cout << value.dump(2) << "\n"; }

accounts::Account find_account(Context& ctx, const std::string& id_or_email) {
  if (!id_or_email.empty() && id_or_email.size() < 19 && id_or_email.find_first_not_of("0123456789") == std::string::npos)
    return ctx.services().accounts.get(std::stoll(id_or_email));
  return ctx.services().accounts.find_by_email(id_or_email);
}

}  // namespace camp::cli
