#pragma once
// Every statement of the personal-data export (docs/privacy.md "My data export"): the request
// rows (table data_exports, migration 0037) and the reads of what the school holds about one
// account. The reads answer JSON arrays built by PostgreSQL (json_agg, keys in a fixed order),
// persons named by the `people` view, times in school time (+09:00).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::privacy::data_export_repo {

struct Row {
  std::int64_t id = 0;
  std::int64_t account_id = 0;
  std::string status;  // pending | ready | expired | failed
  std::string requested_at;
  std::optional<std::string> ready_at, expires_at;
  std::optional<std::int64_t> size_bytes;
};

// Locks the account row (FOR NO KEY UPDATE), so two requests of one account queue and the rate
// limit sees the other's row.
void lock_account(db::Tx& tx, std::int64_t account_id);
// Seconds since the account's latest request that did not fail, if any.
std::optional<std::int64_t> seconds_since_last_request(db::Tx& tx, std::int64_t account_id);
// A new pending request; wakes the workers (NOTIFY, stream data_exports, at commit).
Row insert(db::Tx& tx, std::int64_t account_id);
std::vector<Row> list(db::Tx& tx, std::int64_t account_id, int limit);
std::optional<Row> find(db::Tx& tx, std::int64_t id, std::int64_t account_id);
std::optional<std::string> zip_of(db::Tx& tx, std::int64_t id, std::int64_t account_id);

// The worker: the oldest pending request, locked, skipping those another daemon holds.
std::optional<Row> claim_pending(db::Tx& tx);
Row mark_ready(db::Tx& tx, std::int64_t id, const std::string& zip, int keep_days);
void mark_failed(db::Tx& tx, std::int64_t id, int max_attempts);
// Deletes the bytes of up to `limit` ready exports past their expiry: how many.
int purge_expired(db::Tx& tx, int limit);

// Deletes the bytes of this export if it is past its expiry (a download found it so).
void expire(db::Tx& tx, std::int64_t id);

// Now in school time, "YYYY-MM-DD HH:MM" (the README's date).
std::string school_now(db::Tx& tx);
// What the school holds about the account.
nlohmann::ordered_json account(db::Tx& tx, std::int64_t account_id);                 // an object
nlohmann::ordered_json student_record(db::Tx& tx, std::int64_t account_id);          // an object or null
nlohmann::ordered_json submissions(db::Tx& tx, std::int64_t account_id);             // each with its reviews
nlohmann::ordered_json questions(db::Tx& tx, std::int64_t account_id);
nlohmann::ordered_json answers(db::Tx& tx, std::int64_t account_id);
nlohmann::ordered_json events(db::Tx& tx, std::int64_t account_id);
nlohmann::ordered_json notifications(db::Tx& tx, std::int64_t account_id);
nlohmann::ordered_json sessions(db::Tx& tx, std::int64_t account_id);                // no token material

}  // namespace camp::privacy::data_export_repo
