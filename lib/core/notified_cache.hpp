#pragma once
// An in-memory cache that stays correct across daemons because every change to what it holds
// is announced with pg_notify by the SQL that makes it, and each daemon's db::Listener forgets
// the affected entries. The protocol, kept here once:
//   - a reader takes epoch() before reading the database and hands it to put(); every forget
//     moves the epoch on, so a read that raced with a change is never kept;
//   - while the listener is disconnected (set_enabled(false), also the start state) the cache
//     is empty and keeps nothing, so a notification missed meanwhile cannot leave a stale entry;
//   - entries expire after `ttl` anyway, and past `max_entries` the cache starts over.
// Thread-safe; reads share a lock.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <unordered_map>

namespace camp {

template <class Key, class Value, class Clock = std::chrono::steady_clock>
class NotifiedCache {
 public:
  NotifiedCache(std::chrono::seconds ttl, std::size_t max_entries) : ttl_(ttl), max_entries_(max_entries) {}

  std::optional<Value> find(const Key& key) const {
    std::shared_lock lock(mutex_);
    const auto it = entries_.find(key);
    if (it == entries_.end() || it->second.until < Clock::now()) return std::nullopt;
    return it->second.value;
  }

  // Take it before reading the database.
  std::uint64_t epoch() const { return epoch_.load(); }

  // Kept only if enabled and nothing was forgotten since `epoch_before_read`.
  void put(const Key& key, Value value, std::uint64_t epoch_before_read) {
    Entry entry{std::move(value), Clock::now() + ttl_};
    std::unique_lock lock(mutex_);
    if (!enabled_ || epoch_.load() != epoch_before_read) return;
    if (entries_.size() >= max_entries_) entries_.clear();
    entries_.insert_or_assign(key, std::move(entry));
  }

  void forget_all() {
    std::unique_lock lock(mutex_);
    ++epoch_;
    entries_.clear();
  }

  // Forgets the entries for which `pred(key, value)` holds.
  template <class Pred>
  void forget_if(Pred pred) {
    std::unique_lock lock(mutex_);
    ++epoch_;
    std::erase_if(entries_, [&](const auto& kv) { return pred(kv.first, kv.second.value); });
  }

  // The listener's connection state: off forgets everything and keeps nothing until on.
  void set_enabled(bool enabled) {
    std::unique_lock lock(mutex_);
    enabled_ = enabled;
    ++epoch_;
    entries_.clear();
  }

 private:
  struct Entry {
    Value value;
    typename Clock::time_point until;
  };

  std::chrono::seconds ttl_;
  std::size_t max_entries_;
  std::atomic<std::uint64_t> epoch_{0};
  mutable std::shared_mutex mutex_;
  bool enabled_ = false;
  std::unordered_map<Key, Entry> entries_;
};

}  // namespace camp
