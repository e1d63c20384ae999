#pragma once
// Uploaded files: the type is decided by the bytes, the picture is decoded and encoded again
// without its metadata (files/image.hpp), the name is ours, and the bytes live in PostgreSQL,
// stored once per content (a blob keyed by its SHA-256, migration 0039), so any daemon serves
// any upload and none keeps local state.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "files/image.hpp"
#include "files/upload_cache.hpp"

namespace camp::files {

struct ImageType {
  const char* extension;
  const char* content_type;
  ImageFormat format;
};

// jpeg, png or webp by magic bytes; nothing for anything else.
std::optional<ImageType> sniff_image(std::string_view bytes);

// Whether `path` is a name our upload route gives: /uploads/<kind>/<32 hex digits>.<jpg|png|webp>.
bool is_upload_path(std::string_view path);

struct StoredFile {
  std::string url;  // /uploads/<kind>/<random>.<ext>: a new name per upload, never other bytes
  std::string content_type;
  std::size_t bytes = 0;
  std::string sha256;
};

// An upload as GET /uploads/... serves it; `data` is null when its hash is one the client
// named (If-None-Match), so it was not read.
struct ServedUpload {
  std::string sha256;
  std::string content_type;
  std::shared_ptr<const std::string> data;
};

// What `camp uploads migrate` did with the uploads recorded before their bytes moved into the
// database: read from their files now, or left without bytes because no usable file was
// found (absent, not a regular file, or outside the uploads directory). A second run finds
// only the missing ones again.
struct ImportReport {
  int migrated = 0;
  int missing = 0;
};

// Trial accounts may not upload (403 with a message saying so).
void ensure_may_upload(const accounts::Account& owner);

// What one account may upload: all its files together, and how many in any rolling hour.
struct UploadQuota {
  std::size_t total_bytes = 100 * 1024 * 1024;
  int per_hour = 60;
};

class UploadService {
 public:
  // `cache`: the daemon's (null in a CLI run).
  UploadService(db::Pool& pool, std::size_t max_bytes, UploadCache* cache);

  // Trial accounts get 403; 422 for bytes that do not decode as the image their signature
  // names. Past the quota, 429: without Retry-After for the total (it does not free itself),
  // with it for the hourly count. Checked once before decoding (a refused account costs no
  // decoding), then enforced with the re-encoded size in one locked transaction, so parallel
  // uploads cannot both take the last slot.
  StoredFile store(const accounts::Account& owner, const std::string& kind, std::string_view bytes,
                   const UploadQuota& quota);
  std::size_t max_bytes() const { return max_bytes_; }
  // The upload at `path`, from the cache or the database; nothing for a path that is no upload
  // name or names none. `known`: the client's ETags (hashes), whose bytes need not be read.
  std::optional<ServedUpload> find(const std::string& path, const std::vector<std::string>& known);
  // The same from this daemon's memory only (never the database): nothing on a miss.
  std::optional<ServedUpload> find_cached(const std::string& path, const std::vector<std::string>& known) const;
  // Reads the files of uploads recorded before migration 0039 from `uploads_dir` (the old
  // data_dir/uploads) into blobs; idempotent (files/upload_import.cpp).
  ImportReport import_files(const std::string& uploads_dir);

 private:
  // Throws 429 when the owner's quota has no room for `bytes` more.
  void check_quota(db::Tx& tx, const accounts::Account& owner, std::size_t bytes, const UploadQuota& quota);
  // Stores the blob and records the upload if the owner's quota allows it, else throws 429.
  void record(const accounts::Account& owner, const std::string& kind, const StoredFile& file, std::string_view data,
              const UploadQuota& quota);

  db::Pool& pool_;
  std::size_t max_bytes_;
  UploadCache* cache_;
};

}  // namespace camp::files
