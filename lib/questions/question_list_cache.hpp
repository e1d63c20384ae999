#pragma once
// Hot pages of the question list (no keywords: the first pages, all or one category) kept in
// memory, so that the question box's front page costs no database work. The answer is the
// same for every role that may see the box. Correct across daemons because every change that
// can alter a page (questions, answers through answers_count, categories, an author's
// display name, picture or role) sends a pg_notify on the "question_lists" stream from the SQL
// that makes it (migrations 0007 and 0033), and each daemon's listener forgets everything; a daemon
// also forgets at once after its own writes. The epoch and on/off protocol: core/notified_cache.hpp.
#include <chrono>
#include <memory>
#include <string>

#include "core/notified_cache.hpp"
#include "questions/repo.hpp"

namespace camp::questions {

inline constexpr const char* kQuestionListsStream = "question_lists";

// A front page: the rows, and the answer serialized once (a hit costs no JSON work).
struct CachedPage {
  repo::SearchResult result;
  std::shared_ptr<const std::string> body;
};

class QuestionListCache {
 public:
  explicit QuestionListCache(std::chrono::seconds ttl = std::chrono::seconds(60)) : pages_(ttl, kMaxEntries) {}

  // Only keyword-less pages near the front are kept: they are what nearly everyone opens.
  static bool cacheable(const repo::SearchQuery& q);

  std::shared_ptr<const CachedPage> find(const repo::SearchQuery& q) const;
  // Take it before reading the database; put() keeps nothing if anything was forgotten since,
  // so a read that raced with a change is never cached.
  std::uint64_t epoch() const { return pages_.epoch(); }
  void put(const repo::SearchQuery& q, CachedPage page, std::uint64_t epoch_before_read);
  void forget_all() { pages_.forget_all(); }
  // Off: everything is forgotten and nothing is kept until it is switched on again.
  void set_enabled(bool enabled) { pages_.set_enabled(enabled); }

 private:
  static constexpr std::size_t kMaxEntries = 1000;
  static constexpr int kMaxPage = 5;
  static std::string key(const repo::SearchQuery& q);

  NotifiedCache<std::string, std::shared_ptr<const CachedPage>> pages_;
};

}  // namespace camp::questions
