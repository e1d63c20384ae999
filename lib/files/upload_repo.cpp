#include "files/upload_repo.hpp"

#include "db/arrays.hpp"

namespace camp::files::upload_repo {
namespace {

// Under READ COMMITTED the insert that follows the lock sees every upload committed before
// the lock was granted.
constexpr db::Statement kLockOwner{"uploads.lock_owner", "SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE"};
// DO UPDATE rather than DO NOTHING: it locks an existing row, or, when a concurrent delete of
// its last reference wins, inserts the blob again.
constexpr db::Statement kPutBlob{
    "uploads.put_blob",
    "INSERT INTO blobs (sha256, content_type, size_bytes, data) VALUES ($1, $2, octet_length($3::bytea), $3::bytea) "
    "ON CONFLICT (sha256) DO UPDATE SET created_at = blobs.created_at"};
constexpr db::Statement kInsertWithinQuota{
    "uploads.insert_within_quota",
    "INSERT INTO uploads (account_id, kind, path, content_type, bytes, blob_sha256) SELECT $1, $2, $3, $4, $5::bigint, $8 "
    "WHERE (SELECT coalesce(sum(bytes), 0) FROM uploads WHERE account_id = $1) + $5::bigint <= $6::bigint "
    "AND (SELECT count(*) FROM uploads WHERE account_id = $1 AND created_at > now() - interval '1 hour') < $7::int "
    "RETURNING id"};
// Why an insert was refused: over the total, and when the hourly count frees a slot.
constexpr db::Statement kQuotaState{
    "uploads.quota_state",
    "SELECT (SELECT coalesce(sum(bytes), 0) FROM uploads WHERE account_id = $1) + $2::bigint > $3::bigint, "
    "(SELECT EXTRACT(EPOCH FROM created_at + interval '1 hour' - now()) FROM uploads "
    " WHERE account_id = $1 AND created_at > now() - interval '1 hour' ORDER BY created_at DESC OFFSET $4::int - 1 LIMIT 1)"};
constexpr db::Statement kFindBlob{
    "uploads.find_blob",
    "SELECT b.sha256, b.content_type, CASE WHEN b.sha256 = ANY($2::text[]) THEN NULL ELSE b.data END "
    "FROM uploads u JOIN blobs b ON b.sha256 = u.blob_sha256 WHERE u.path = $1"};
constexpr db::Statement kWithoutBlob{
    "uploads.without_blob",
    "SELECT id, path, content_type FROM uploads WHERE blob_sha256 IS NULL AND id > $1 ORDER BY id LIMIT $2"};
constexpr db::Statement kLockWithoutBlob{"uploads.lock_without_blob",
                                         "SELECT 1 FROM uploads WHERE id = $1 AND blob_sha256 IS NULL FOR UPDATE"};
constexpr db::Statement kAttachBlob{"uploads.attach_blob", "UPDATE uploads SET blob_sha256 = $2 WHERE id = $1"};
constexpr db::Statement kIsUploadBy{
    "uploads.is_upload_by", "SELECT 1 FROM uploads WHERE path = $1 AND kind = $2 AND account_id = ANY($3::int8[])"};
constexpr db::Statement kIsAdminUpload{
    "uploads.is_admin_upload",
    "SELECT 1 FROM uploads u JOIN accounts a ON a.id = u.account_id WHERE u.path = $1 AND u.kind = $2 AND a.role = 'admin'"};

}  // namespace

void lock_owner(db::Tx& tx, std::int64_t account_id) { tx.exec(kLockOwner, account_id); }

void put_blob(db::Tx& tx, const std::string& sha256, const std::string& content_type, std::string_view data) {
  // Sent as binary (a binarystring parameter), not as hex text twice the size.
  tx.exec(kPutBlob, sha256, content_type, pqxx::binarystring(data.data(), data.size()));
}

bool insert_within_quota(db::Tx& tx, const NewUpload& u, std::int64_t total_bytes, int per_hour) {
  return !tx.exec(kInsertWithinQuota, u.account_id, u.kind, u.path, u.content_type, u.bytes, total_bytes, per_hour,
                  u.sha256)
              .empty();
}

QuotaState quota_state(db::Tx& tx, std::int64_t account_id, std::int64_t bytes, std::int64_t total_bytes, int per_hour) {
  const auto r = tx.exec(kQuotaState, account_id, bytes, total_bytes, per_hour)[0];
  QuotaState out;
  out.over_total = r[0].as<bool>();
  if (!r[1].is_null()) out.seconds_until_slot = r[1].as<double>();
  return out;
}

std::optional<FoundBlob> find_blob(db::Tx& tx, const std::string& path, const std::vector<std::string>& known) {
  const auto r = tx.exec(kFindBlob, path, db::text_array(known));
  if (r.empty()) return std::nullopt;
  FoundBlob out{r[0][0].as<std::string>(), r[0][1].as<std::string>(), std::nullopt};
  if (!r[0][2].is_null()) out.data = pqxx::binarystring(r[0][2]).str();
  return out;
}

std::vector<WithoutBlob> without_blob(db::Tx& tx, std::int64_t after_id, int limit) {
  std::vector<WithoutBlob> out;
  for (const auto& r : tx.exec(kWithoutBlob, after_id, limit))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>()});
  return out;
}

bool lock_without_blob(db::Tx& tx, std::int64_t upload_id) { return !tx.exec(kLockWithoutBlob, upload_id).empty(); }

void attach_blob(db::Tx& tx, std::int64_t upload_id, const std::string& sha256) {
  tx.exec(kAttachBlob, upload_id, sha256);
}

bool is_upload_by(db::Tx& tx, const std::string& url, const std::string& kind, const std::vector<std::int64_t>& owners) {
  return !tx.exec(kIsUploadBy, url, kind, db::int_array(owners)).empty();
}

bool is_admin_upload(db::Tx& tx, const std::string& url, const std::string& kind) {
  return !tx.exec(kIsAdminUpload, url, kind).empty();
}

}  // namespace camp::files::upload_repo
