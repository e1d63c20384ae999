#include "files/uploads.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/random.hpp"

namespace camp::files {
namespace {

namespace fs = std::filesystem;

constexpr db::Statement kInsert{
    "uploads.insert", "INSERT INTO uploads (account_id, kind, path, content_type, bytes) VALUES ($1, $2, $3, $4, $5)"};

bool starts_with(std::string_view s, std::string_view prefix, std::size_t at = 0) {
  return s.size() >= at + prefix.size() && s.substr(at, prefix.size()) == prefix;
}

// profile: avatars; question: images inside questions and answers.
const char* const kKinds[] = {"profile", "question"};

bool known_kind(const std::string& kind) {
  for (const char* k : kKinds)
    if (kind == k) return true;
  return false;
}

void write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw Error(errc::internal, std::string(msg::internal)).with_detail("write " + path + ": " + std::strerror(errno));
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
      return ImageType{"jpg", "image/jpeg"};
  }
  if (starts_with(b, "\x89PNG\r\n\x1A\n") && starts_with(b, std::string_view("\0\0\0\x0DIHDR", 8), 8))
    return ImageType{"png", "image/png"};
  if (starts_with(b, "RIFF") && starts_with(b, "WEBP", 8) &&
      (starts_with(b, "VP8 ", 12) || starts_with(b, "VP8L", 12) || starts_with(b, "VP8X", 12)))
    return ImageType{"webp", "image/webp"};
  return std::nullopt;
}

UploadService::UploadService(db::Pool& pool, std::string uploads_dir, std::size_t max_bytes)
    : pool_(pool), dir_(std::move(uploads_dir)), max_bytes_(max_bytes) {}

StoredFile UploadService::store(const accounts::Account& owner, const std::string& kind, std::string_view bytes) {
  if (!known_kind(kind))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"file_type", {"unknown file_type '" + kind + "'"}}});
  if (bytes.size() > max_bytes_) throw Error(errc::payload_too_large, std::string(msg::file_too_large));
  if (bytes.empty()) throw Error(errc::invalid, std::string(msg::image_format), {{"file", {std::string(msg::image_format)}}});
  const auto type = sniff_image(bytes);
  if (!type) throw Error(errc::invalid, std::string(msg::image_format), {{"file", {std::string(msg::image_format)}}});

  const fs::path dir = fs::path(dir_) / kind;
  fs::create_directories(dir);
  const std::string name = random_hex(16) + "." + type->extension;
  const std::string temp = (dir / ("." + name + ".part")).string();
  const std::string final_path = (dir / name).string();

  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw Error(errc::internal, std::string(msg::internal)).with_detail("open " + temp + ": " + std::strerror(errno));
  try {
    write_all(fd, bytes, temp);
    if (::fsync(fd) != 0) throw Error(errc::internal, std::string(msg::internal)).with_detail("fsync " + temp);
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

  StoredFile stored{"/uploads/" + kind + "/" + name, type->content_type, bytes.size()};
  pool_.run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    c.exec(tx, kInsert, owner.id, kind, stored.url, stored.content_type, static_cast<std::int64_t>(stored.bytes));
    return 0;
  });
  return stored;
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
