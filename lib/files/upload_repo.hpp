#pragma once
// The only SQL about uploads and their blobs. Every function runs in the caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/pool.hpp"

namespace camp::files::upload_repo {

// Locks the account's row (NO KEY UPDATE: the uploads' foreign keys still only need KEY
// SHARE) until the transaction ends, so one account's uploads are serialised.
void lock_owner(db::Tx& tx, std::int64_t account_id);

// Stores `data` under its SHA-256 (lower-case hex) unless that blob is there already; either
// way the blob's row stays locked until the transaction ends, so the last reference's
// deletion (migration 0039) cannot take it away before the caller's upload row names it.
void put_blob(db::Tx& tx, const std::string& sha256, const std::string& content_type, std::string_view data);

struct NewUpload {
  std::int64_t account_id = 0;
  std::string kind;
  std::string path;  // the url, /uploads/<kind>/<name>
  std::string content_type;
  std::int64_t bytes = 0;
  std::string sha256;  // its blob (put_blob first)
};
// Records the upload unless the account's uploads would then exceed `total_bytes`, or it made
// `per_hour` of them in the last hour; whether it was recorded.
bool insert_within_quota(db::Tx& tx, const NewUpload& upload, std::int64_t total_bytes, int per_hour);

struct QuotaState {
  bool over_total = false;                    // `bytes` more would exceed the total
  std::optional<double> seconds_until_slot;  // the hourly count is full: when it frees a slot
};
QuotaState quota_state(db::Tx& tx, std::int64_t account_id, std::int64_t bytes, std::int64_t total_bytes, int per_hour);

// The blob of the upload at `path`; its bytes only when its hash is none of `known` (the
// client's ETags), so a revalidation costs no bytes. Nothing for no such upload (or one
// recorded before migration 0039 whose file was not imported yet).
struct FoundBlob {
  std::string sha256;
  std::string content_type;
  std::optional<std::string> data;
};
std::optional<FoundBlob> find_blob(db::Tx& tx, const std::string& path, const std::vector<std::string>& known);

// Uploads recorded before their bytes moved into the database (`camp uploads migrate`), by id.
struct WithoutBlob {
  std::int64_t id = 0;
  std::string path;
  std::string content_type;
};
std::vector<WithoutBlob> without_blob(db::Tx& tx, std::int64_t after_id, int limit);
// Locks the upload's row if it still has no blob (false: gone, or another run was first).
bool lock_without_blob(db::Tx& tx, std::int64_t upload_id);
// Names the blob (put_blob first) of an upload locked by lock_without_blob.
void attach_blob(db::Tx& tx, std::int64_t upload_id, const std::string& sha256);

// Whether `url` names a recorded upload of `kind` (profile, question, event) by one of `owners`.
bool is_upload_by(db::Tx& tx, const std::string& url, const std::string& kind, const std::vector<std::int64_t>& owners);
// Whether `url` names a recorded upload of `kind` by an account that is an admin.
bool is_admin_upload(db::Tx& tx, const std::string& url, const std::string& kind);

}  // namespace camp::files::upload_repo
