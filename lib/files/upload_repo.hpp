#pragma once
// The only SQL about uploads. Every function runs in the caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::files::upload_repo {

// Locks the account's row (NO KEY UPDATE: the uploads' foreign keys still only need KEY
// SHARE) until the transaction ends, so one account's uploads are serialised.
void lock_owner(db::Tx& tx, std::int64_t account_id);

struct NewUpload {
  std::int64_t account_id = 0;
  std::string kind;
  std::string path;  // the url, /uploads/<kind>/<name>
  std::string content_type;
  std::int64_t bytes = 0;
};
// Records the upload unless the account's uploads would then exceed `total_bytes`, or it made
// `per_hour` of them in the last hour; whether it was recorded.
bool insert_within_quota(db::Tx& tx, const NewUpload& upload, std::int64_t total_bytes, int per_hour);

struct QuotaState {
  bool over_total = false;                    // `bytes` more would exceed the total
  std::optional<double> seconds_until_slot;  // the hourly count is full: when it frees a slot
};
QuotaState quota_state(db::Tx& tx, std::int64_t account_id, std::int64_t bytes, std::int64_t total_bytes, int per_hour);

void delete_upload(db::Tx& tx, const std::string& path);

// Whether `url` names a recorded upload of `kind` (profile, question, event) by one of `owners`.
bool is_upload_by(db::Tx& tx, const std::string& url, const std::string& kind, const std::vector<std::int64_t>& owners);
// Whether `url` names a recorded upload of `kind` by an account that is an admin.
bool is_admin_upload(db::Tx& tx, const std::string& url, const std::string& kind);

}  // namespace camp::files::upload_repo
