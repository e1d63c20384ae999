#include "files/upload_repo.hpp"

#include "db/arrays.hpp"

namespace camp::files::upload_repo {
namespace {

// Under READ COMMITTED the insert that follows the lock sees every upload committed before
// the lock was granted.
constexpr db::Statement kLockOwner{"uploads.lock_owner", "SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE"};
constexpr db::Statement kInsertWithinQuota{
    "uploads.insert_within_quota",
    "INSERT INTO uploads (account_id, kind, path, content_type, bytes) SELECT $1, $2, $3, $4, $5::bigint "
    "WHERE (SELECT coalesce(sum(bytes), 0) FROM uploads WHERE account_id = $1) + $5::bigint <= $6::bigint "
    "AND (SELECT count(*) FROM uploads WHERE account_id = $1 AND created_at > now() - interval '1 hour') < $7::int "
    "RETURNING id"};
// Why an insert was refused: over the total, and when the hourly count frees a slot.
constexpr db::Statement kQuotaState{
    "uploads.quota_state",
    "SELECT (SELECT coalesce(sum(bytes), 0) FROM uploads WHERE account_id = $1) + $2::bigint > $3::bigint, "
    "(SELECT EXTRACT(EPOCH FROM created_at + interval '1 hour' - now()) FROM uploads "
    " WHERE account_id = $1 AND created_at > now() - interval '1 hour' ORDER BY created_at DESC OFFSET $4::int - 1 LIMIT 1)"};
constexpr db::Statement kDelete{"uploads.delete", "DELETE FROM uploads WHERE path = $1"};
constexpr db::Statement kIsUploadBy{
    "uploads.is_upload_by", "SELECT 1 FROM uploads WHERE path = $1 AND kind = $2 AND account_id = ANY($3::int8[])"};
constexpr db::Statement kIsAdminUpload{
    "uploads.is_admin_upload",
    "SELECT 1 FROM uploads u JOIN accounts a ON a.id = u.account_id WHERE u.path = $1 AND u.kind = $2 AND a.role = 'admin'"};

}  // namespace

void lock_owner(db::Tx& tx, std::int64_t account_id) { tx.exec(kLockOwner, account_id); }

bool insert_within_quota(db::Tx& tx, const NewUpload& u, std::int64_t total_bytes, int per_hour) {
  return !tx.exec(kInsertWithinQuota, u.account_id, u.kind, u.path, u.content_type, u.bytes, total_bytes, per_hour)
              .empty();
}

QuotaState quota_state(db::Tx& tx, std::int64_t account_id, std::int64_t bytes, std::int64_t total_bytes, int per_hour) {
  const auto r = tx.exec(kQuotaState, account_id, bytes, total_bytes, per_hour)[0];
  QuotaState out;
  out.over_total = r[0].as<bool>();
  if (!r[1].is_null()) out.seconds_until_slot = r[1].as<double>();
  return out;
}

void delete_upload(db::Tx& tx, const std::string& path) { tx.exec(kDelete, path); }

bool is_upload_by(db::Tx& tx, const std::string& url, const std::string& kind, const std::vector<std::int64_t>& owners) {
  return !tx.exec(kIsUploadBy, url, kind, db::int_array(owners)).empty();
}

bool is_admin_upload(db::Tx& tx, const std::string& url, const std::string& kind) {
  return !tx.exec(kIsAdminUpload, url, kind).empty();
}

}  // namespace camp::files::upload_repo
