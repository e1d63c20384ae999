#pragma once
// What the question box shows most, kept in memory so that it costs no database work: the
// first pages of the list and of keyword searches (any category and status), and each
// question's page (the question and its answers), all as the JSON the API answers; and the
// parts a front page is made of (the front's ids and count, each question's row), so that
// after a question is asked a front page is made again from memory and the one new row. The
// same for every role that may see the box.
//
// Correct across daemons because every change that can alter them sends a pg_notify on the
// "question_lists" stream from the SQL that makes it (migrations 0007, 0033, 0044, 0046), and
// each daemon's listener hands the message to forget():
//   - {"ids": [..]}: those questions changed in place (an answer came, went or was edited, a
//     solution): their pages and rows, the list pages that show them and every page filtered
//     by status are forgotten; with "text": true (a title or body edited) every search's pages
//     too;
//   - {"lists": true, "signatures": [..]}: questions asked: every keyword-less page, the
//     front's ids, and the searches that one of them may match (its search signature holds
//     every bit the search's keywords need: questions/search_signature.hpp); no question's
//     page or row;
//   - {"lists": true, "ids": [..]} (questions deleted or moved between pages: category,
//     pick-up) and {"lists": true}: every list and search page, the front's ids, and the pages
//     and rows of `ids`;
//   - anything else (a category, an author's name, picture or role): everything.
// A daemon also forgets at once after its own writes. The epoch and on/off protocol:
// core/notified_cache.hpp.
#include <bitset>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/notified_cache.hpp"
#include "questions/repo.hpp"

namespace camp::questions {

inline constexpr const char* kQuestionListsStream = "question_lists";

// A front page: the rows, and the answer serialized once (a hit costs no JSON work).
struct CachedPage {
  repo::SearchResult result;
  std::shared_ptr<const std::string> body;
  bool filtered = false;  // by status: a question changed in place may enter or leave it
  bool searched = false;  // by keywords
  std::vector<int> probes;  // the signature bits a question needs to match the keywords
};

// A question's questions.search_signature as PostgreSQL writes bit(1024) ("0101..."); bit n
// is character n, as get_bit() counts.
using SearchSignature = std::bitset<1024>;
std::optional<SearchSignature> parse_search_signature(const std::string& text);

class QuestionListCache {
 public:
  explicit QuestionListCache(std::chrono::seconds ttl = std::chrono::seconds(60))
      : pages_(ttl, kMaxPages), details_(ttl, kMaxDetails), front_(ttl, 1), questions_(ttl, kMaxDetails) {}

  // Only pages near the front are kept, with or without keywords: they are what nearly
  // everyone opens.
  static bool cacheable(const repo::SearchQuery& q);

  std::shared_ptr<const CachedPage> find(const repo::SearchQuery& q) const;
  // Take it before reading the database; put() keeps nothing if anything was forgotten since,
  // so a read that raced with a change is never cached.
  std::uint64_t epoch() const { return pages_.epoch(); }
  void put(const repo::SearchQuery& q, CachedPage page, std::uint64_t epoch_before_read);

  // A question's page (GET /api/v1/questions/{id}) as JSON; null when not kept.
  std::shared_ptr<const std::string> find_detail(std::int64_t question_id) const;
  std::uint64_t detail_epoch() const { return details_.epoch(); }
  void put_detail(std::int64_t question_id, std::shared_ptr<const std::string> body, std::uint64_t epoch_before_read);

  // The front's ids and count (repo::front_ids), and questions' rows by id, for the front pages.
  std::shared_ptr<const repo::FrontIds> find_front() const { return front_.find(0).value_or(nullptr); }
  std::uint64_t front_epoch() const { return front_.epoch(); }
  void put_front(std::shared_ptr<const repo::FrontIds> front, std::uint64_t epoch_before_read);
  std::shared_ptr<const Question> find_question(std::int64_t id) const { return questions_.find(id).value_or(nullptr); }
  std::uint64_t questions_epoch() const { return questions_.epoch(); }
  void put_question(std::shared_ptr<const Question> question, std::uint64_t epoch_before_read);

  void forget_all();
  // Questions deleted or moved between pages: every list and search page, the front's ids, and
  // the pages and rows of `ids`.
  void forget_lists(std::span<const std::int64_t> ids = {});
  // Questions asked with these signatures: every keyword-less page, the front's ids and the
  // searches they may match.
  void forget_asked(std::span<const SearchSignature> signatures);
  // Questions changed in place: their pages and rows, the pages showing them, every page
  // filtered by status, and with text_changed every search's pages.
  void forget_questions(std::span<const std::int64_t> ids, bool text_changed = false);
  // A "question_lists" notification's message (see above); one it cannot read forgets all.
  void forget(const std::string& message);
  // Off: everything is forgotten and nothing is kept until it is switched on again.
  void set_enabled(bool enabled);

 private:
  static constexpr std::size_t kMaxPages = 1000;
  static constexpr std::size_t kMaxDetails = 5000;
  static constexpr int kMaxPage = 5;
  static std::string key(const repo::SearchQuery& q);

  NotifiedCache<std::string, std::shared_ptr<const CachedPage>> pages_;
  NotifiedCache<std::int64_t, std::shared_ptr<const std::string>> details_;
  NotifiedCache<int, std::shared_ptr<const repo::FrontIds>> front_;  // one entry, key 0
  NotifiedCache<std::int64_t, std::shared_ptr<const Question>> questions_;
};

}  // namespace camp::questions
