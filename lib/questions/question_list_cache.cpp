#include "questions/question_list_cache.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <vector>

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
  page.filtered = q.status != "all" || q.unanswered || q.since;
  pages_.put(key(q), std::make_shared<const CachedPage>(std::move(page)), epoch_before_read);
}

std::shared_ptr<const std::string> QuestionListCache::find_detail(std::int64_t question_id) const {
  return details_.find(question_id).value_or(nullptr);
}

void QuestionListCache::put_detail(std::int64_t question_id, std::shared_ptr<const std::string> body,
                                   std::uint64_t epoch_before_read) {
  details_.put(question_id, std::move(body), epoch_before_read);
}

void QuestionListCache::forget_all() {
  pages_.forget_all();
  details_.forget_all();
}

void QuestionListCache::forget_lists(std::span<const std::int64_t> ids) {
  pages_.forget_all();
  if (!ids.empty())
    details_.forget_if([&](std::int64_t id, const auto&) { return std::find(ids.begin(), ids.end(), id) != ids.end(); });
}

void QuestionListCache::forget_questions(std::span<const std::int64_t> ids) {
  const auto changed = [&](std::int64_t id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
  pages_.forget_if([&](const std::string&, const std::shared_ptr<const CachedPage>& page) {
    return page->filtered || std::any_of(page->result.items.begin(), page->result.items.end(),
                                         [&](const Question& q) { return changed(q.id); });
  });
  details_.forget_if([&](std::int64_t id, const auto&) { return changed(id); });
}

void QuestionListCache::forget(const std::string& message) {
  const auto m = nlohmann::json::parse(message, nullptr, false);
  if (!m.is_object()) return forget_all();
  bool lists = false;
  if (const auto it = m.find("lists"); it != m.end()) {
    if (!it->is_boolean()) return forget_all();
    lists = it->get<bool>();
  }
  std::vector<std::int64_t> ids;
  if (const auto it = m.find("ids"); it != m.end()) {
    if (!it->is_array() || it->empty()) return forget_all();
    for (const auto& id : *it) {
      if (!id.is_number_integer()) return forget_all();
      ids.push_back(id.get<std::int64_t>());
    }
  }
  if (lists) return forget_lists(ids);
  if (!ids.empty()) return forget_questions(ids);
  forget_all();
}

void QuestionListCache::set_enabled(bool enabled) {
  pages_.set_enabled(enabled);
  details_.set_enabled(enabled);
}

}  // namespace camp::questions
