#pragma once
// "Who is answering" presence, kept in PostgreSQL so that every daemon sees the same list and
// a crashed daemon's users disappear when their heartbeat expires. Every change is published
// with pg_notify in the same statement, so all daemons' subscribers hear about it.
#include <cstdint>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "questions/model.hpp"

namespace camp::questions {

// The stream name of a question's channel, as carried in notifications.
std::string question_stream(std::int64_t question_id);

class PresenceService {
 public:
  PresenceService(db::Pool& pool, int ttl_seconds) : pool_(pool), ttl_seconds_(ttl_seconds) {}

  void start_answering(std::int64_t question_id, const accounts::Account& account, const std::string& connection_id);
  void stop_answering(std::int64_t question_id, std::int64_t account_id, const std::string& connection_id);
  // A connection went away: everything it was answering stops.
  void forget_connection(const std::string& connection_id);
  void heartbeat(const std::vector<std::string>& connection_ids);
  // Removes rows whose heartbeat is older than the TTL and announces who stopped.
  int expire();
  std::vector<questions::Author> answering(std::int64_t question_id);

 private:
  db::Pool& pool_;
  int ttl_seconds_;
};

}  // namespace camp::questions
