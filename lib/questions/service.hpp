#pragma once
// Question box use cases. Who may do what is decided here, per call and per object:
// graduates see nothing; authors (or admins) edit and delete their own; the asker, mentors
// and admins choose the solving answer; only admins and mentors pick questions up.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "questions/model.hpp"
#include "questions/question_list_cache.hpp"
#include "questions/repo.hpp"

namespace camp::questions {

struct QuestionInput {
  std::optional<int> category_id;
  std::optional<std::string> title;
  std::optional<std::string> body;
  std::optional<bool> is_pick_up;
};

struct SearchParams {
  std::string keywords;  // space-separated (ASCII or ideographic space)
  std::optional<int> category_id;
  std::string status = "all";
  int page = 1, per = 20;
  bool unanswered = false;  // only questions without any answer (the dashboard's 未回答の質問)
};

struct QuestionPage {
  std::vector<Question> items;
  std::int64_t total = 0;
  bool total_capped = false;
  int page = 1, per = 20;
  // The page as the API answers it (list_body), shared with the cache for the front pages.
  std::shared_ptr<const std::string> body;
};

// Splits on ASCII and ideographic (U+3000) spaces; drops empties and duplicates.
std::vector<std::string> split_keywords(const std::string& text);

class QuestionService {
 public:
  // `lists`: the daemon's cache of hot list pages (none for the CLI), forgotten after each write.
  explicit QuestionService(db::Pool& pool, QuestionListCache* lists = nullptr) : pool_(pool), lists_(lists) {}

  QuestionPage search(const accounts::Account& actor, const SearchParams& params);
  // search()'s page as JSON (its body) when the daemon's cache holds it, without a database
  // read; null on a miss. Throws for what search() refuses.
  std::shared_ptr<const std::string> cached_body(const accounts::Account& actor, const SearchParams& params) const;
  QuestionDetail get(const accounts::Account& actor, std::int64_t id);
  // get()'s answer as JSON (detail_body), from the daemon's cache when it holds it.
  std::shared_ptr<const std::string> detail(const accounts::Account& actor, std::int64_t id);
  // The same from the cache alone: null on a miss (and for whoever has no question box: the
  // pool's path answers them).
  std::shared_ptr<const std::string> cached_detail(const accounts::Account& actor, std::int64_t id) const;
  Question ask(const accounts::Account& actor, const QuestionInput& input);
  Question update(const accounts::Account& actor, std::int64_t id, const QuestionInput& input);
  void remove(const accounts::Account& actor, std::int64_t id);

  Answer answer(const accounts::Account& actor, std::int64_t question_id, const std::string& body);
  Answer update_answer(const accounts::Account& actor, std::int64_t answer_id, const std::string& body);
  void remove_answer(const accounts::Account& actor, std::int64_t answer_id);
  Question choose_solution(const accounts::Account& actor, std::int64_t question_id, std::optional<std::int64_t> answer_id);

  // Newest first, at most `limit`, from `since` (a date or ISO 8601 time): admins and
  // mentors (`camp questions list` as the system actor).
  std::vector<Question> recent(const accounts::Account& actor, bool unanswered, const std::optional<std::string>& since,
                               int limit);
  // Visible to the actor? (throws forbidden for graduates, not_found for a missing question)
  Question visible_question(const accounts::Account& actor, std::int64_t id);

  // Watching a question: hearing of its answers and its solution (notifications). Askers and
  // answerers watch from the start; anyone who may read the question can watch or stop.
  bool watching(const accounts::Account& actor, std::int64_t question_id);
  void watch(const accounts::Account& actor, std::int64_t question_id, bool on);

 private:
  // Every write below ends with one of these, after its commit: this daemon's next read shows
  // it without waiting for the notification. lists_changed(id): a question came, went or
  // moved between pages; changed_in_place(id): it stays where it was in the lists.
  void lists_changed(std::int64_t question_id) {
    if (lists_) lists_->forget_lists(std::span(&question_id, 1));
  }
  void changed_in_place(std::int64_t question_id) {
    if (lists_) lists_->forget_questions(std::span(&question_id, 1));
  }
  template <class T>
  T changed_in_place(std::int64_t question_id, T result) {
    changed_in_place(question_id);
    return result;
  }

  // A page of the list's front from the parts the cache holds; the database is asked only for
  // what it lacks (after a question is asked: the front's ids and that one question's row).
  repo::SearchResult front_page(const repo::SearchQuery& q);

  db::Pool& pool_;
  QuestionListCache* lists_;
};

// Graduates are the one role without the question box.
bool has_question_box(const accounts::Account& actor);
void require_question_box(const accounts::Account& actor);

}  // namespace camp::questions
