#include "context.hpp"

#include <iostream>

#include "app/services.hpp"
#include "db/cluster.hpp"
#include "db/pool.hpp"

namespace camp::cli {

Context::Context(const Globals& globals) : globals_(globals) {}
Context::~Context() = default;

const Config& Context::config() {
  if (!config_) config_ = load_config(globals_.config_path);
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

void print_json(const nlohmann::json& value) { std::cout << value.dump(2) << "\n"; }

accounts::Account find_account(Context& ctx, const std::string& id_or_email) {
  if (!id_or_email.empty() && id_or_email.size() < 19 && id_or_email.find_first_not_of("0123456789") == std::string::npos)
    return ctx.services().accounts.get(std::stoll(id_or_email));
  return ctx.services().accounts.find_by_email(id_or_email);
}

}  // namespace camp::cli
