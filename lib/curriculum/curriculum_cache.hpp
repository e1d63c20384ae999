#pragma once
// The curriculum tree (every curriculum with its tasks) and each curriculum with its task bodies,
// kept in memory: they change only when content is imported, and every student's curriculum pages
// read them. Correct across daemons because every change to curriculums or tasks sends a
// pg_notify on the "curriculums" stream from the SQL that makes it (migration 0035), and each
// daemon's listener forgets everything. Statuses are each student's and never cached. The epoch
// and on/off protocol: core/notified_cache.hpp.
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/notified_cache.hpp"
#include "curriculum/model.hpp"

namespace camp::curriculum {

inline constexpr const char* kCurriculumsStream = "curriculums";

class CurriculumCache {
 public:
  // The tree under the key "" (curriculum names are never empty), one curriculum under its name.
  using Curriculums = std::shared_ptr<const std::vector<Curriculum>>;

  explicit CurriculumCache(std::chrono::seconds ttl = std::chrono::seconds(300)) : entries_(ttl, kMaxEntries) {}

  Curriculums tree() const { return entries_.find("").value_or(nullptr); }
  Curriculums one(const std::string& name) const { return name.empty() ? nullptr : entries_.find(name).value_or(nullptr); }
  // Take it before reading the database; a put after a change announced since keeps nothing.
  std::uint64_t epoch() const { return entries_.epoch(); }
  void put_tree(Curriculums tree, std::uint64_t epoch_before_read) { entries_.put("", std::move(tree), epoch_before_read); }
  void put_one(const std::string& name, Curriculums c, std::uint64_t epoch_before_read) {
    if (!name.empty()) entries_.put(name, std::move(c), epoch_before_read);
  }
  void forget_all() { entries_.forget_all(); }
  // Off: everything is forgotten and nothing is kept until it is switched on again.
  void set_enabled(bool enabled) { entries_.set_enabled(enabled); }

 private:
  static constexpr std::size_t kMaxEntries = 200;

  NotifiedCache<std::string, Curriculums> entries_;
};

}  // namespace camp::curriculum
