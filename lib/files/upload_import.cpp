// `camp uploads migrate`: the files of uploads recorded before migration 0039 into blobs.
#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/digest.hpp"
#include "files/upload_repo.hpp"
#include "files/uploads.hpp"

namespace camp::files {
namespace upload_import {
namespace {

namespace fs = std::filesystem;

// The bytes of the upload at `url` under `root`: only a regular file (no symlink) whose
// resolved path stays inside the resolved root. The name itself cannot climb (is_upload_path:
// a known kind, hex digits, an extension), but a directory under the root could be a link.
std::optional<std::string> read_upload_file(const fs::path& root, const std::string& url) {
  if (!is_upload_path(url)) return std::nullopt;
  std::error_code ec;
  const auto file = root / url.substr(std::string_view("/uploads/").size());
  if (!fs::is_regular_file(fs::symlink_status(file, ec))) return std::nullopt;
  const auto real_root = fs::canonical(root, ec).string() + "/";
  const auto real_file = fs::canonical(file, ec).string();
  if (ec || !real_file.starts_with(real_root)) return std::nullopt;
  std::ifstream in(real_file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  auto out = std::move(bytes).str();
  if (out.empty()) return std::nullopt;
  return out;
}

}  // namespace
}  // namespace upload_import

ImportReport UploadService::import_files(const std::string& uploads_dir) {
  constexpr int kBatch = 100;
  ImportReport report;
  std::int64_t after = 0;
  for (;;) {
    const auto rows = pool_.autocommit([&](db::Tx& tx) { return upload_repo::without_blob(tx, after, kBatch); });
    for (const auto& row : rows) {
      after = row.id;
      const auto bytes = upload_import::read_upload_file(uploads_dir, row.path);
      if (!bytes) {
        spdlog::warn("uploads migrate: no usable file for upload {} ({})", row.id, row.path);
        ++report.missing;
        continue;
      }
      const auto hash = sha256_hex(*bytes);
      // The row first: a blob is only written for an upload that will name it.
      const bool attached = pool_.transaction([&](db::Tx& tx) {
        if (!upload_repo::lock_without_blob(tx, row.id)) return false;
        upload_repo::put_blob(tx, hash, row.content_type, *bytes);
        upload_repo::attach_blob(tx, row.id, hash);
        return true;
      });
      if (attached) ++report.migrated;
    }
    if (rows.size() < static_cast<std::size_t>(kBatch)) return report;
  }
}

}  // namespace camp::files
