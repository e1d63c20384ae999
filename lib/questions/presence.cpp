#include "questions/presence.hpp"

#include "questions/presence_repo.hpp"

namespace camp::questions {

std::string question_stream(std::int64_t question_id) { return "question:" + std::to_string(question_id); }

void PresenceService::start_answering(std::int64_t question_id, const accounts::Account& account,
                                      const std::string& connection_id) {
  pool_.autocommit([&](db::Tx& tx) { presence_repo::start(tx, question_id, account.id, connection_id, ttl_seconds_); });
}

void PresenceService::stop_answering(std::int64_t question_id, std::int64_t account_id, const std::string& connection_id) {
  pool_.autocommit([&](db::Tx& tx) { presence_repo::stop(tx, question_id, account_id, connection_id, ttl_seconds_); });
}

void PresenceService::forget_connection(const std::string& connection_id) {
  pool_.autocommit([&](db::Tx& tx) { presence_repo::forget_connection(tx, connection_id, ttl_seconds_); });
}

void PresenceService::heartbeat(const std::vector<std::string>& connection_ids) {
  if (connection_ids.empty()) return;
  pool_.autocommit([&](db::Tx& tx) { presence_repo::heartbeat(tx, connection_ids); });
}

int PresenceService::expire() {
  return pool_.autocommit([&](db::Tx& tx) { return presence_repo::expire(tx, ttl_seconds_); });
}

std::vector<questions::Author> PresenceService::answering(std::int64_t question_id) {
  return pool_.autocommit([&](db::Tx& tx) { return presence_repo::answering(tx, question_id, ttl_seconds_); });
}

}  // namespace camp::questions
