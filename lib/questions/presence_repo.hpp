#pragma once
// The only SQL about "who is answering" (question_presences). Every function runs in the
// caller's transaction; each change announces itself with pg_notify in the same statement.
#include <cstdint>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "questions/model.hpp"

namespace camp::questions::presence_repo {

// Announced only when the account was not already answering (from any connection).
void start(db::Tx& tx, std::int64_t question_id, std::int64_t account_id, const std::string& connection_id,
           int ttl_seconds);
// These announce each (question, account) left with no fresh row.
void stop(db::Tx& tx, std::int64_t question_id, std::int64_t account_id, const std::string& connection_id,
          int ttl_seconds);
void forget_connection(db::Tx& tx, const std::string& connection_id, int ttl_seconds);
int expire(db::Tx& tx, int ttl_seconds);
void heartbeat(db::Tx& tx, const std::vector<std::string>& connection_ids);
std::vector<Author> answering(db::Tx& tx, std::int64_t question_id, int ttl_seconds);

}  // namespace camp::questions::presence_repo
