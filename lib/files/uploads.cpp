#include "files/uploads.hpp"

#include <algorithm>
#include <cmath>

#include "core/digest.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/random.hpp"
#include "files/upload_repo.hpp"

namespace camp::files {
namespace {

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

}  // namespace

// By hand rather than std::regex: every GET /uploads/... asks, and most are answered from memory.
bool is_upload_path(std::string_view path) {
  constexpr std::string_view prefix = "/uploads/";
  if (!path.starts_with(prefix)) return false;
  path.remove_prefix(prefix.size());
  const auto slash = path.find('/');
  if (slash == std::string_view::npos || !known_kind(std::string(path.substr(0, slash)))) return false;
  const auto name = path.substr(slash + 1);
  if (name.size() < 33 || name[32] != '.') return false;
  for (char c : name.substr(0, 32))
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  const auto ext = name.substr(33);
  return ext == "jpg" || ext == "png" || ext == "webp";
}

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

UploadService::UploadService(db::Pool& pool, std::size_t max_bytes, UploadCache* cache)
    : pool_(pool), max_bytes_(max_bytes), cache_(cache) {}

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
  StoredFile stored{"/uploads/" + kind + "/" + random_hex(16) + "." + type->extension, type->content_type, clean.size(),
                    sha256_hex(clean)};
  record(owner, kind, stored, clean, quota);
  return stored;
}

std::optional<ServedUpload> UploadService::find_cached(const std::string& path, const std::vector<std::string>& known) const {
  if (!cache_ || !is_upload_path(path)) return std::nullopt;
  auto hit = cache_->find(path);
  if (!hit) return std::nullopt;
  const bool named = std::find(known.begin(), known.end(), hit->sha256) != known.end();
  return ServedUpload{hit->sha256, hit->content_type, named ? nullptr : hit->data};
}

std::optional<ServedUpload> UploadService::find(const std::string& path, const std::vector<std::string>& known) {
  if (!is_upload_path(path)) return std::nullopt;
  if (auto hit = find_cached(path, known)) return hit;
  if (cache_) cache_->count_miss();
  const auto epoch = cache_ ? cache_->epoch() : 0;
  auto found = pool_.autocommit([&](db::Tx& tx) { return upload_repo::find_blob(tx, path, known); });
  if (!found) return std::nullopt;
  ServedUpload out{found->sha256, found->content_type, nullptr};
  if (found->data) {
    out.data = std::make_shared<const std::string>(std::move(*found->data));
    if (cache_) cache_->put(path, {out.sha256, out.content_type, out.data}, epoch);
  }
  return out;
}

void UploadService::check_quota(db::Tx& tx, const accounts::Account& owner, std::size_t bytes, const UploadQuota& quota) {
  const auto state = upload_repo::quota_state(tx, owner.id, static_cast<std::int64_t>(bytes),
                                             static_cast<std::int64_t>(quota.total_bytes), quota.per_hour);
  if (state.over_total) throw Error(errc::too_many_requests, std::string(msg::upload_quota_exceeded));
  if (state.seconds_until_slot)
    throw Error(errc::too_many_requests, std::string(msg::upload_rate_exceeded))
        .with_retry_after(std::max(1, static_cast<int>(std::ceil(*state.seconds_until_slot))));
}

void UploadService::record(const accounts::Account& owner, const std::string& kind, const StoredFile& file,
                           std::string_view data, const UploadQuota& quota) {
  const auto size = static_cast<std::int64_t>(file.bytes);
  const auto total = static_cast<std::int64_t>(quota.total_bytes);
  // Through Pool::transaction, so an Idempotency-Key is recorded with the upload's row. One
  // account's uploads are serialised by the lock on its row; the quota is checked before the
  // bytes are sent, so a refused upload writes nothing.
  pool_.transaction([&](db::Tx& tx) {
    upload_repo::lock_owner(tx, owner.id);
    check_quota(tx, owner, file.bytes, quota);
    upload_repo::put_blob(tx, file.sha256, file.content_type, data);
    if (upload_repo::insert_within_quota(tx, {owner.id, kind, file.url, file.content_type, size, file.sha256}, total,
                                         quota.per_hour))
      return;
    throw Error(errc::too_many_requests, std::string(msg::upload_rate_exceeded)).with_retry_after(1);
  });
}

}  // namespace camp::files
