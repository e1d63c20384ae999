#pragma once
// The only SQL about categories, questions and answers. Every function runs inside the
// caller's transaction (db::Pool::transaction) or autocommit scope (db::Pool::autocommit).
#include <optional>
#include <span>
#include <utility>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "questions/model.hpp"

namespace camp::questions::repo {

// --- categories
std::vector<QuestionCategory> category_tree(db::Tx& tx);
// A new category; unique_violation when (parent, name) exists.
int insert_category(db::Tx& tx, std::optional<int> parent_id, const std::string& name,
                    const std::optional<std::string>& search_name);
// Insert or update by (parent, name); returns the id.
int upsert_category(db::Tx& tx, std::optional<int> parent_id, const std::string& name,
                    const std::optional<std::string>& search_name, int position);
bool rename_category(db::Tx& tx, int id, const std::string& name, const std::optional<std::string>& search_name);
bool delete_category(db::Tx& tx, int id);
// Locks a category and its children against concurrent use; how many rows (0: no such category).
int lock_category_tree(db::Tx& tx, int id);
// The category exists and stays until commit (a concurrent delete waits): FOR KEY SHARE.
bool hold_category(db::Tx& tx, int id);
// A parent category (no parent itself)?
bool is_root_category(db::Tx& tx, int id);
bool category_in_use(db::Tx& tx, int id);

// --- questions
struct SearchQuery {
  std::vector<std::string> keywords;  // every one must match (substring, case-insensitive)
  std::optional<int> category_id;     // a parent matches its children too
  std::string status = "all";         // all | solved | unsolved
  std::optional<std::string> since;   // ISO timestamp
  bool unanswered = false;
  int page = 1, per = 20;
};

// Totals are counted up to a cap (the web app shows "N件以上" beyond it). The plain list counts
// along the ordering index; keyword search counts by matching each row's text, which costs more
// per row, and a page past the 10th is better served by another keyword.
inline constexpr std::int64_t kListCountCap = 1000;
inline constexpr std::int64_t kSearchCountCap = 200;
// How many of the newest questions a keyword search walks before it asks the bigram index.
// Through the signatures in the ordering index (~0.15 µs a row), a keyword in 1 question of
// 150 reaches the capped count inside the window; reading each text (~1 µs a row), 1 in 40.
inline constexpr int kSignatureWalkWindow = 30000;
inline constexpr int kTextWalkWindow = 8000;

struct SearchResult {
  std::vector<Question> items;
  std::int64_t total = 0;     // at most the cap
  bool total_capped = false;  // there are more matches than the cap
};

SearchResult search(db::Tx& tx, const SearchQuery& q);
// The list's front as most students open it (no keyword, filter or date; the first
// kFrontIds questions): search() reads it as the capped count and these ids, then the page's
// questions by id. Exposed so that the daemon's cache can keep both parts and ask only for
// what it lacks.
inline constexpr int kFrontIds = 100;
struct FrontIds {
  std::int64_t counted = 0;  // up to kListCountCap + 1
  std::vector<std::int64_t> ids;  // the first kFrontIds, in list order
};
bool on_front(const SearchQuery& q);
FrontIds front_ids(db::Tx& tx);
// The page's part of the front's ids (on_front(q) holds).
std::span<const std::int64_t> front_slice(const FrontIds& front, const SearchQuery& q);
// Questions by id, in list order; ids that are gone are left out.
std::vector<Question> questions_by_ids(db::Tx& tx, std::span<const std::int64_t> ids);
std::optional<Question> find_question(db::Tx& tx, std::int64_t id);
// The new question's id and search signature (as PostgreSQL writes bit(1024)).
struct InsertedQuestion {
  std::int64_t id = 0;
  std::string search_signature;
};
InsertedQuestion insert_question(db::Tx& tx, std::int64_t account_id, int category_id, const std::string& title,
                                 const std::string& body, bool is_pick_up);
// Who owns a question, locked until commit: for_update blocks every other writer of the row,
// otherwise FOR KEY SHARE only keeps it from being deleted (answers may be added meanwhile).
struct QuestionLock {
  std::int64_t author_id = 0;
  std::optional<std::int64_t> solved_answer_id;
};
std::optional<QuestionLock> lock_question(db::Tx& tx, std::int64_t id, bool for_update);
// Writes only the fields that are set.
struct QuestionChanges {
  std::optional<int> category_id;
  std::optional<std::string> title, body;
  std::optional<bool> is_pick_up;
};
void update_question(db::Tx& tx, std::int64_t id, const QuestionChanges& changes);
void delete_question(db::Tx& tx, std::int64_t id);
// Records who chose it (and when): the AI chat trusts a solution a mentor or an admin chose.
void set_solution(db::Tx& tx, std::int64_t question_id, std::optional<std::int64_t> answer_id, std::int64_t chosen_by);

// --- answers
// The question and its answers, oldest first, read in one statement.
std::optional<std::pair<Question, std::vector<Answer>>> find_question_with_answers(db::Tx& tx, std::int64_t id);
std::optional<Answer> find_answer(db::Tx& tx, std::int64_t id);
// The answer's author and question, the row locked FOR UPDATE (for_update) or FOR KEY SHARE.
struct AnswerLock {
  std::int64_t author_id = 0, question_id = 0;
};
std::optional<AnswerLock> lock_answer(db::Tx& tx, std::int64_t id, bool for_update);
std::int64_t insert_answer(db::Tx& tx, std::int64_t question_id, std::int64_t account_id, const std::string& body);
void update_answer(db::Tx& tx, std::int64_t id, const std::string& body);
void delete_answer(db::Tx& tx, std::int64_t id);

// --- live pages: tells the question's open pages (QuestionChannel, stream question:<id>) that
// it changed, at commit: {"changed": what, "answer_id": id | null}. The page reads it again
// through the API, so no text is sent and a rolled-back change announces nothing.
void announce_change(db::Tx& tx, std::int64_t question_id, const char* what, std::optional<std::int64_t> answer_id);

// --- watching: who hears of a question's answers and solution (askers and answerers from the
// start). Watching twice or unwatching what one does not watch changes nothing.
void watch(db::Tx& tx, std::int64_t question_id, std::int64_t account_id);
void unwatch(db::Tx& tx, std::int64_t question_id, std::int64_t account_id);
bool watching(db::Tx& tx, std::int64_t question_id, std::int64_t account_id);
std::vector<std::int64_t> watcher_ids(db::Tx& tx, std::int64_t question_id);

}  // namespace camp::questions::repo
