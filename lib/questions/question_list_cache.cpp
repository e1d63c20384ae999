#include "questions/question_list_cache.hpp"

#include <mutex>

namespace camp::questions {

bool QuestionListCache::cacheable(const repo::SearchQuery& q) {
  return q.keywords.empty() && !q.since && !q.unanswered && q.page <= kMaxPage;
}

std::string QuestionListCache::key(const repo::SearchQuery& q) {
  return (q.category_id ? std::to_string(*q.category_id) : "-") + '/' + q.status + '/' + std::to_string(q.page) + '/' +
         std::to_string(q.per);
}

std::shared_ptr<const repo::SearchResult> QuestionListCache::find(const repo::SearchQuery& q) const {
  if (!cacheable(q)) return nullptr;
  std::shared_lock lock(mutex_);
  auto it = entries_.find(key(q));
  if (it == entries_.end() || it->second.until < std::chrono::steady_clock::now()) return nullptr;
  return it->second.result;
}

void QuestionListCache::put(const repo::SearchQuery& q, repo::SearchResult result, std::uint64_t epoch_before_read) {
  if (!cacheable(q)) return;
  auto entry = Entry{std::make_shared<const repo::SearchResult>(std::move(result)), std::chrono::steady_clock::now() + ttl_};
  std::unique_lock lock(mutex_);
  if (!enabled_ || epoch_.load() != epoch_before_read) return;
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_[key(q)] = std::move(entry);
}

void QuestionListCache::forget_all() {
  std::unique_lock lock(mutex_);
  ++epoch_;
  entries_.clear();
}

void QuestionListCache::set_enabled(bool enabled) {
  std::unique_lock lock(mutex_);
  enabled_ = enabled;
  ++epoch_;
  entries_.clear();
}

}  // namespace camp::questions
