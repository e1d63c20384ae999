#include "questions/question_list_cache.hpp"

#include <nlohmann/json.hpp>

#include "questions/search_signature.hpp"

#include <algorithm>
#include <vector>

namespace camp::questions {

namespace {
// Bits a cached search checks against a new question's signature: enough to tell most
// keywords apart (each is a hint only; a question lacking one cannot match).
constexpr std::size_t kCachedSearchProbes = 32;
}  // namespace

std::optional<SearchSignature> parse_search_signature(const std::string& text) {
  if (text.size() != kSignatureBits || text.find_first_not_of("01") != std::string::npos) return std::nullopt;
  SearchSignature bits;
  for (std::size_t i = 0; i < text.size(); ++i) bits[i] = text[i] == '1';
  return bits;
}

bool QuestionListCache::cacheable(const repo::SearchQuery& q) {
  return !q.since && !q.unanswered && q.page <= kMaxPage;
}

std::string QuestionListCache::key(const repo::SearchQuery& q) {
  std::string k = (q.category_id ? std::to_string(*q.category_id) : "-") + '/' + q.status + '/' + std::to_string(q.page) +
                  '/' + std::to_string(q.per);
  for (const auto& word : q.keywords) k += '\x1f' + word;  // the unit separator: never in a keyword
  return k;
}

std::shared_ptr<const CachedPage> QuestionListCache::find(const repo::SearchQuery& q) const {
  if (!cacheable(q)) return nullptr;
  return pages_.find(key(q)).value_or(nullptr);
}

void QuestionListCache::put(const repo::SearchQuery& q, CachedPage page, std::uint64_t epoch_before_read) {
  if (!cacheable(q)) return;
  page.filtered = q.status != "all" || q.unanswered || q.since;
  page.searched = !q.keywords.empty();
  if (page.searched) page.probes = signature_probes(q.keywords, kCachedSearchProbes);
  pages_.put(key(q), std::make_shared<const CachedPage>(std::move(page)), epoch_before_read);
}

std::shared_ptr<const std::string> QuestionListCache::find_detail(std::int64_t question_id) const {
  return details_.find(question_id).value_or(nullptr);
}

void QuestionListCache::put_detail(std::int64_t question_id, std::shared_ptr<const std::string> body,
                                   std::uint64_t epoch_before_read) {
  details_.put(question_id, std::move(body), epoch_before_read);
}

void QuestionListCache::put_front(std::shared_ptr<const repo::FrontIds> front, std::uint64_t epoch_before_read) {
  front_.put(0, std::move(front), epoch_before_read);
}

void QuestionListCache::put_question(std::shared_ptr<const Question> question, std::uint64_t epoch_before_read) {
  const auto id = question->id;
  questions_.put(id, std::move(question), epoch_before_read);
}

void QuestionListCache::forget_all() {
  pages_.forget_all();
  details_.forget_all();
  front_.forget_all();
  questions_.forget_all();
}

void QuestionListCache::forget_lists(std::span<const std::int64_t> ids) {
  pages_.forget_all();
  front_.forget_all();
  if (ids.empty()) return;
  const auto listed = [&](std::int64_t id, const auto&) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
  details_.forget_if(listed);
  questions_.forget_if(listed);
}

void QuestionListCache::forget_asked(std::span<const SearchSignature> signatures) {
  const auto may_match = [&](const CachedPage& page) {
    if (page.probes.empty()) return true;  // nothing to tell it by
    return std::any_of(signatures.begin(), signatures.end(), [&](const SearchSignature& s) {
      return std::all_of(page.probes.begin(), page.probes.end(), [&](int bit) { return s[static_cast<std::size_t>(bit)]; });
    });
  };
  pages_.forget_if([&](const std::string&, const std::shared_ptr<const CachedPage>& page) {
    return !page->searched || may_match(*page);
  });
  front_.forget_all();
}

void QuestionListCache::forget_questions(std::span<const std::int64_t> ids, bool text_changed) {
  const auto changed = [&](std::int64_t id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
  pages_.forget_if([&](const std::string&, const std::shared_ptr<const CachedPage>& page) {
    return page->filtered || (text_changed && page->searched) ||
           std::any_of(page->result.items.begin(), page->result.items.end(), [&](const Question& q) { return changed(q.id); });
  });
  details_.forget_if([&](std::int64_t id, const auto&) { return changed(id); });
  questions_.forget_if([&](std::int64_t id, const auto&) { return changed(id); });
}

void QuestionListCache::forget(const std::string& message) {
  const auto m = nlohmann::json::parse(message, nullptr, false);
  if (!m.is_object()) return forget_all();
  const auto flag = [&](const char* name) -> std::optional<bool> {
    const auto it = m.find(name);
    if (it == m.end()) return false;
    if (!it->is_boolean()) return std::nullopt;
    return it->get<bool>();
  };
  const auto lists = flag("lists"), text = flag("text");
  if (!lists || !text) return forget_all();
  std::vector<std::int64_t> ids;
  if (const auto it = m.find("ids"); it != m.end()) {
    if (!it->is_array() || it->empty()) return forget_all();
    for (const auto& id : *it) {
      if (!id.is_number_integer()) return forget_all();
      ids.push_back(id.get<std::int64_t>());
    }
  }
  std::vector<SearchSignature> signatures;
  if (const auto it = m.find("signatures"); it != m.end()) {
    if (!it->is_array() || it->empty() || !ids.empty() || !*lists) return forget_all();
    for (const auto& s : *it) {
      auto bits = s.is_string() ? parse_search_signature(s.get<std::string>()) : std::nullopt;
      if (!bits) return forget_all();
      signatures.push_back(*bits);
    }
    return forget_asked(signatures);
  }
  if (*lists) return forget_lists(ids);
  if (!ids.empty()) return forget_questions(ids, *text);
  forget_all();
}

void QuestionListCache::set_enabled(bool enabled) {
  pages_.set_enabled(enabled);
  details_.set_enabled(enabled);
  front_.set_enabled(enabled);
  questions_.set_enabled(enabled);
}

}  // namespace camp::questions
