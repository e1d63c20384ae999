#include "files/upload_cache.hpp"

namespace camp::files {

std::optional<CachedUpload> UploadCache::find(const std::string& path) {
  std::lock_guard lock(mutex_);
  const auto it = index_.find(path);
  if (it == index_.end()) return std::nullopt;
  ++hits_;
  order_.splice(order_.begin(), order_, it->second);
  return it->second->second;
}

void UploadCache::put(const std::string& path, CachedUpload upload, std::uint64_t epoch_before_read) {
  const auto size = upload.data ? upload.data->size() : 0;
  if (!upload.data || size > capacity_ / 4) return;
  std::lock_guard lock(mutex_);
  if (!enabled_ || epoch_.load() != epoch_before_read || index_.count(path)) return;
  while (bytes_ + size > capacity_ && !order_.empty()) {
    bytes_ -= order_.back().second.data->size();
    index_.erase(order_.back().first);
    order_.pop_back();
  }
  order_.emplace_front(path, std::move(upload));
  index_.emplace(path, order_.begin());
  bytes_ += size;
}

void UploadCache::forget_all() {
  std::lock_guard lock(mutex_);
  clear_locked();
}

void UploadCache::set_enabled(bool enabled) {
  std::lock_guard lock(mutex_);
  enabled_ = enabled;
  clear_locked();
}

std::size_t UploadCache::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

void UploadCache::clear_locked() {
  ++epoch_;
  order_.clear();
  index_.clear();
  bytes_ = 0;
}

}  // namespace camp::files
