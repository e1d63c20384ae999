#include "context.hpp"

#include <iostream>

#include <spdlog/spdlog.h>

#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "accounts/token.hpp"
#include "db/cluster.hpp"
#include "db/pool.hpp"
#include "mail/preferences.hpp"
#include "notifications/dispatcher.hpp"
#include "notifications/repo.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"

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

accounts::AccountService& Context::accounts() {
  if (!accounts_) accounts_ = std::make_unique<accounts::AccountService>(pool());
  return *accounts_;
}

accounts::SessionService& Context::sessions() {
  if (!sessions_) {
    const auto& c = config();
    accounts::TokenSigner signer(accounts::load_or_create_jwt_secret(c.jwt_secret, c.data_dir));
    sessions_ = std::make_unique<accounts::SessionService>(pool(), std::move(signer), c.rate_limits, c.session_ttl_days);
  }
  return *sessions_;
}

questions::QuestionService& Context::questions() {
  if (!questions_) questions_ = std::make_unique<questions::QuestionService>(pool());
  return *questions_;
}

questions::QuestionCategoryService& Context::categories() {
  if (!categories_) categories_ = std::make_unique<questions::QuestionCategoryService>(pool());
  return *categories_;
}

const mail::UnsubscribeLinks& Context::unsubscribe_links() {
  if (!unsubscribe_links_) {
    const auto& c = config();
    unsubscribe_links_ =
        std::make_unique<mail::UnsubscribeLinks>(accounts::load_or_create_jwt_secret(c.jwt_secret, c.data_dir), c.public_url);
  }
  return *unsubscribe_links_;
}

void Context::dispatch_recorded_events() {
  if (!pool_) return;  // the command did not touch the database
  try {
    const auto pending = pool_->autocommit([](db::Tx& tx) {
      return notifications::repo::events_table_exists(tx) ? notifications::repo::event_counts(tx).pending : 0;
    });
    if (pending == 0) return;
    notifications::dispatch_pending(*pool_, {unsubscribe_links(), config().public_url}, 200);
  } catch (const std::exception& e) {
    // The database went away with the command (db stop, db restore): a daemon dispatches later.
    spdlog::debug("notifications left for a daemon to dispatch: {}", e.what());
  }
}

void print_json(const nlohmann::json& value) { std::cout << value.dump(2) << "\n"; }

accounts::Account find_account(Context& ctx, const std::string& id_or_email) {
  if (!id_or_email.empty() && id_or_email.size() < 19 && id_or_email.find_first_not_of("0123456789") == std::string::npos)
    return ctx.accounts().get(std::stoll(id_or_email));
  return ctx.accounts().find_by_email(id_or_email);
}

}  // namespace camp::cli
