#pragma once
// Uploaded files: the type is decided by the bytes, the name by us, and a file becomes
// visible only once it is complete on disk (temp file, fsync, rename).
#include <optional>
#include <string>
#include <string_view>

#include "accounts/model.hpp"
#include "db/pool.hpp"

namespace camp::files {

struct ImageType {
  const char* extension;
  const char* content_type;
};

// jpeg, png or webp by magic bytes; nothing for anything else.
std::optional<ImageType> sniff_image(std::string_view bytes);

struct StoredFile {
  std::string url;  // /uploads/<kind>/<random>.<ext>
  std::string content_type;
  std::size_t bytes = 0;
};

class UploadService {
 public:
  UploadService(db::Pool& pool, std::string uploads_dir, std::size_t max_bytes);

  StoredFile store(const accounts::Account& owner, const std::string& kind, std::string_view bytes);
  std::size_t max_bytes() const { return max_bytes_; }
  // Leftovers of uploads interrupted by a crash (never served: their names start with '.').
  void remove_partial_files() const;

 private:
  db::Pool& pool_;
  std::string dir_;
  std::size_t max_bytes_;
};

}  // namespace camp::files
