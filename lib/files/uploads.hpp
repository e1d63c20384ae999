#pragma once
// Uploaded files: the type is decided by the bytes, the picture is decoded and encoded again
// without its metadata (files/image.hpp), the name is ours, and a file becomes visible only once
// it is complete on disk (temp file, fsync, rename).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "files/image.hpp"

namespace camp::files {

struct ImageType {
  const char* extension;
  const char* content_type;
  ImageFormat format;
};

// jpeg, png or webp by magic bytes; nothing for anything else.
std::optional<ImageType> sniff_image(std::string_view bytes);

struct StoredFile {
  std::string url;  // /uploads/<kind>/<random>.<ext>
  std::string content_type;
  std::size_t bytes = 0;
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
  UploadService(db::Pool& pool, std::string uploads_dir, std::size_t max_bytes);

  // Trial accounts get 403; 422 for bytes that do not decode as the image their signature
  // names. Past the quota, 429: without Retry-After for the total (it does not free itself),
  // with it for the hourly count. Checked once before decoding (a refused account costs no
  // decoding), then enforced with the re-encoded size in one locked transaction, so parallel
  // uploads cannot both take the last slot.
  StoredFile store(const accounts::Account& owner, const std::string& kind, std::string_view bytes,
                   const UploadQuota& quota);
  std::size_t max_bytes() const { return max_bytes_; }
  // Leftovers of uploads interrupted by a crash (never served: their names start with '.').
  void remove_partial_files() const;

 private:
  // Throws 429 when the owner's quota has no room for `bytes` more.
  void check_quota(db::Tx& tx, const accounts::Account& owner, std::size_t bytes, const UploadQuota& quota);
  // Records the upload if the owner's quota allows it, else throws 429.
  void reserve(const accounts::Account& owner, const std::string& kind, const StoredFile& file,
               const UploadQuota& quota);
  // Temp file, fsync, rename, fsync of the directory.
  void write_file(const std::filesystem::path& dir, const std::string& name, std::string_view bytes) const;

  db::Pool& pool_;
  std::string dir_;
  std::size_t max_bytes_;
};

}  // namespace camp::files
