#pragma once
// Served uploads kept in a daemon's memory, least recently used first out, bounded by their
// total bytes (uploads.cache_bytes). An upload's path never names other bytes, so an entry is
// only ever wrong once its upload is deleted (an anonymisation): every delete sends a
// pg_notify on the "uploads" stream (migration 0039) and each daemon's listener forgets all.
// The epoch and on/off protocol is core/notified_cache.hpp's: a read that raced with a delete
// is never kept, and nothing is kept while the listener is disconnected. Thread-safe.
#include <atomic>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace camp::files {

inline constexpr const char* kUploadsStream = "uploads";

struct CachedUpload {
  std::string sha256;
  std::string content_type;
  std::shared_ptr<const std::string> data;
};

class UploadCache {
 public:
  explicit UploadCache(std::size_t capacity_bytes) : capacity_(capacity_bytes) {}

  std::optional<CachedUpload> find(const std::string& path);
  // A read from the database after find() had nothing (a memory-only look from the I/O thread
  // that found nothing is not one).
  void count_miss() { ++misses_; }
  std::uint64_t epoch() const { return epoch_.load(); }
  // Kept if enabled, nothing was forgotten since `epoch_before_read`, and it takes at most a
  // quarter of the capacity (one large file does not empty the cache).
  void put(const std::string& path, CachedUpload upload, std::uint64_t epoch_before_read);
  void forget_all();
  void set_enabled(bool enabled);

  std::uint64_t hits() const { return hits_.load(); }
  std::uint64_t misses() const { return misses_.load(); }
  std::size_t bytes() const;

 private:
  using Entry = std::pair<std::string, CachedUpload>;
  void clear_locked();

  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::list<Entry> order_;  // most recently used first
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  std::size_t bytes_ = 0;
  bool enabled_ = false;
  std::atomic<std::uint64_t> epoch_{0}, hits_{0}, misses_{0};
};

}  // namespace camp::files
