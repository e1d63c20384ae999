#include "questions/question_list_cache.hpp"

namespace camp::questions {

bool QuestionListCache::cacheable(const repo::SearchQuery& q) {
  return q.keywords.empty() && !q.since && !q.unanswered && q.page <= kMaxPage;
}

std::string QuestionListCache::key(const repo::SearchQuery& q) {
  return (q.category_id ? std::to_string(*q.category_id) : "-") + '/' + q.status + '/' + std::to_string(q.page) + '/' +
         std::to_string(q.per);
}

std::shared_ptr<const CachedPage> QuestionListCache::find(const repo::SearchQuery& q) const {
  if (!cacheable(q)) return nullptr;
  return pages_.find(key(q)).value_or(nullptr);
}

void QuestionListCache::put(const repo::SearchQuery& q, CachedPage page, std::uint64_t epoch_before_read) {
  if (!cacheable(q)) return;
  pages_.put(key(q), std::make_shared<const CachedPage>(std::move(page)), epoch_before_read);
}

}  // namespace camp::questions
