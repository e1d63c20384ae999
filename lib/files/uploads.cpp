#include "files/uploads.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/random.hpp"
#include "db/idempotency.hpp"
#include "files/upload_repo.hpp"

namespace camp::files {
namespace {

namespace fs = std::filesystem;

bool starts_with(std::string_view s, std::string_view prefix, std::size_t at = 0) {
  return s.size() >= at + prefix.size() && s.substr(at, prefix.size()) == prefix;
}

// profile: avatars; question: images inside questions and answers.
const char* const kKinds[] = {"profile", "question", "event"};

bool known_kind(const std::string& kind) {
  for (const char* k : kKinds)
    if (kind == k) return true;
  return false;
}

// A full disk (or quota) is a 503 with its own message: the upload can succeed later, and the
// operators see it in the log (docs/reliability.md). Anything else is a 500.
Error write_error(const std::string& what, const std::string& path, int err) {
  const bool full = err == ENOSPC || err == EDQUOT;
  return Error(full ? errc::unavailable : errc::internal, std::string(full ? msg::storage_full : msg::internal))
      .with_detail(what + " " + path + ": " + std::strerror(err));
}

void write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw write_error("write", path, errno);
    if (n == 0) throw write_error("write", path, ENOSPC);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

void fsync_path(const std::string& path, int flags) {
  int fd = ::open(path.c_str(), flags);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

}  // namespace

// The signature alone is not enough (a PNG signature followed by HTML is not an image):
// each format's first structure must follow it.
std::optional<ImageType> sniff_image(std::string_view b) {
  if (starts_with(b, "\xFF\xD8\xFF") && b.size() >= 4) {
    const auto marker = static_cast<unsigned char>(b[3]);
    if ((marker >= 0xE0 && marker <= 0xEF) || marker == 0xDB || marker == 0xC0 || marker == 0xC2 ||
        marker == 0xC4 || marker == 0xFE)
      return ImageType{"jpg", "image/jpeg", ImageFormat::jpeg};
  }
  if (starts_with(b, "\x89PNG\r\n\x1A\n") && starts_with(b, std::string_view("\0\0\0\x0DIHDR", 8), 8))
    return ImageType{"png", "image/png", ImageFormat::png};
  if (starts_with(b, "RIFF") && starts_with(b, "WEBP", 8) &&
      (starts_with(b, "VP8 ", 12) || starts_with(b, "VP8L", 12) || starts_with(b, "VP8X", 12)))
    return ImageType{"webp", "image/webp", ImageFormat::webp};
  return std::nullopt;
}

// 403, not 404: the route exists for every logged-in account and the account knows its own
// role (the error table's "known, but not allowed"); the message tells a trial user why.
void ensure_may_upload(const accounts::Account& owner) {
  if (owner.role == accounts::Role::trial) throw Error(errc::forbidden, std::string(msg::upload_forbidden_for_trial));
}

UploadService::UploadService(db::Pool& pool, std::string uploads_dir, std::size_t max_bytes)
    : pool_(pool), dir_(std::move(uploads_dir)), max_bytes_(max_bytes) {}

StoredFile UploadService::store(const accounts::Account& owner, const std::string& kind, std::string_view bytes,
                                const UploadQuota& quota) {
  ensure_may_upload(owner);
  if (!known_kind(kind))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"file_type", {"unknown file_type '" + kind + "'"}}});
  if (bytes.size() > max_bytes_) throw Error(errc::payload_too_large, std::string(msg::file_too_large));
  if (bytes.empty()) throw Error(errc::invalid, std::string(msg::image_format), {{"file", {std::string(msg::image_format)}}});
  const auto type = sniff_image(bytes);
  if (!type) throw Error(errc::invalid, std::string(msg::image_format), {{"file", {std::string(msg::image_format)}}});
  pool_.autocommit([&](db::Tx& tx) { check_quota(tx, owner, 1, quota); });
  const auto clean = reencode_image(bytes, type->format);

  const fs::path dir = fs::path(dir_) / kind;
  const std::string name = random_hex(16) + "." + type->extension;
  StoredFile stored{"/uploads/" + kind + "/" + name, type->content_type, clean.size()};
  // The slot is taken before the bytes reach the disk, so a refused upload writes nothing.
  reserve(owner, kind, stored, quota);
  try {
    write_file(dir, name, clean);
  } catch (...) {
    // Undone: the row, and the request's Idempotency-Key with it (a retry may try again).
    pool_.run([&](db::Connection& c) {
      pqxx::work work(c.pq());
      db::Tx tx(c, work);
      upload_repo::delete_upload(tx, stored.url);
      db::idempotency_forget(c, work);
      work.commit();
      return 0;
    });
    throw;
  }
  return stored;
}

void UploadService::check_quota(db::Tx& tx, const accounts::Account& owner, std::size_t bytes, const UploadQuota& quota) {
  const auto state = upload_repo::quota_state(tx, owner.id, static_cast<std::int64_t>(bytes),
                                             static_cast<std::int64_t>(quota.total_bytes), quota.per_hour);
  if (state.over_total) throw Error(errc::too_many_requests, std::string(msg::upload_quota_exceeded));
  if (state.seconds_until_slot)
    throw Error(errc::too_many_requests, std::string(msg::upload_rate_exceeded))
        .with_retry_after(std::max(1, static_cast<int>(std::ceil(*state.seconds_until_slot))));
}

void UploadService::reserve(const accounts::Account& owner, const std::string& kind, const StoredFile& file,
                            const UploadQuota& quota) {
  const auto size = static_cast<std::int64_t>(file.bytes);
  const auto total = static_cast<std::int64_t>(quota.total_bytes);
  // Through Pool::transaction, so an Idempotency-Key is recorded with the upload's row. One
  // account's uploads are serialised by the lock on its row.
  pool_.transaction([&](db::Tx& tx) {
    upload_repo::lock_owner(tx, owner.id);
    if (upload_repo::insert_within_quota(tx, {owner.id, kind, file.url, file.content_type, size}, total, quota.per_hour))
      return;
    check_quota(tx, owner, file.bytes, quota);
    throw Error(errc::too_many_requests, std::string(msg::upload_rate_exceeded)).with_retry_after(1);
  });
}

void UploadService::write_file(const fs::path& dir, const std::string& name, std::string_view bytes) const {
  std::error_code made;
  fs::create_directories(dir, made);
  if (made) throw write_error("mkdir", dir.string(), made.value());
  const std::string temp = (dir / ("." + name + ".part")).string();
  const std::string final_path = (dir / name).string();

  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw write_error("open", temp, errno);
  try {
    write_all(fd, bytes, temp);
    if (::fsync(fd) != 0) throw write_error("fsync", temp, errno);
  } catch (...) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(temp.c_str(), final_path.c_str()) != 0) {
    ::unlink(temp.c_str());
    throw Error(errc::internal, std::string(msg::internal)).with_detail("rename " + temp);
  }
  fsync_path(dir.string(), O_RDONLY | O_DIRECTORY);
}

void UploadService::remove_partial_files() const {
  std::error_code ec;
  if (!fs::exists(dir_, ec)) return;
  for (const auto& e : fs::recursive_directory_iterator(dir_, ec)) {
    const auto name = e.path().filename().string();
    if (e.is_regular_file() && name.front() == '.' && name.size() > 5 && name.ends_with(".part"))
      fs::remove(e.path(), ec);
  }
}

}  // namespace camp::files
