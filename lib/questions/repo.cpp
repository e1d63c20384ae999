#include "questions/repo.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include "core/school_time.hpp"
#include "core/validation.hpp"
#include "db/arrays.hpp"
#include "questions/search_signature.hpp"
#include "reporting/definitions.hpp"

namespace camp::questions::repo {
namespace {

constexpr db::Statement kTree{
    "categories.tree",
    "SELECT c.id, c.parent_id, c.name, coalesce(c.search_name, p.name || ' - ' || c.name, c.name) "
    "FROM question_categories c LEFT JOIN question_categories p ON p.id = c.parent_id "
    "ORDER BY c.parent_id NULLS FIRST, c.position, c.id"};
constexpr db::Statement kHoldCategory{"categories.hold", "SELECT 1 FROM question_categories WHERE id = $1 FOR KEY SHARE"};
constexpr db::Statement kIsRootCategory{"categories.is_root",
                                        "SELECT 1 FROM question_categories WHERE id = $1 AND parent_id IS NULL FOR KEY SHARE"};
constexpr db::Statement kLockCategoryTree{"categories.lock_tree",
                                          "SELECT id FROM question_categories WHERE id = $1 OR parent_id = $1 FOR UPDATE"};
constexpr db::Statement kUpsertCategory{
    "categories.upsert",
    "INSERT INTO question_categories (parent_id, name, search_name, position) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT ((coalesce(parent_id, 0)), name) DO UPDATE SET search_name = EXCLUDED.search_name, "
    "position = EXCLUDED.position RETURNING id"};
constexpr db::Statement kInsertCategory{
    "categories.insert",
    "INSERT INTO question_categories (parent_id, name, search_name, position) VALUES ($1, $2, $3, "
    "(SELECT coalesce(max(position) + 1, 0) FROM question_categories WHERE parent_id IS NOT DISTINCT FROM $1)) RETURNING id"};
constexpr db::Statement kRenameCategory{"categories.rename",
                                        "UPDATE question_categories SET name = $2, search_name = $3 WHERE id = $1"};
constexpr db::Statement kDeleteCategory{"categories.delete", "DELETE FROM question_categories WHERE id = $1"};
constexpr db::Statement kCategoryInUse{
    "categories.in_use",
    "SELECT 1 FROM questions q JOIN question_categories c ON c.id = q.category_id WHERE c.id = $1 OR c.parent_id = $1 LIMIT 1"};

// Timestamps leave the database as whole epoch seconds and are formatted once, in C++.
#define CAMP_QUESTION_COLUMNS                                                                              \
  "q.id, q.category_id, c.name, q.title, q.body, q.is_pick_up, q.solved_answer_id, q.answers_count, "      \
  "a.id, a.display_name, a.image_url, a.role, "                                                             \
  "floor(extract(epoch FROM q.created_at))::int8, floor(extract(epoch FROM q.updated_at))::int8 "
// The author by id for each row (OFFSET 0 keeps the subquery a nested loop): a generic plan,
// expecting ten rows, merge-joined every account up to the highest author's id instead, 0.6 ms
// for a page of the school day's questions where the lookups take 0.15.
#define CAMP_QUESTION_JOINS                                                                                 \
  "JOIN LATERAL (SELECT * FROM people p WHERE p.id = q.account_id OFFSET 0) a ON true "                     \
  "JOIN question_categories c ON c.id = q.category_id "

// $1 category (or null: a parent stands for its children too), $2 status, $3 since (or
// null), $4 unanswered only. No join: the category's ids are computed once (an InitPlan).
#define CAMP_QUESTION_FILTER                                                                                 \
  "WHERE ($1::int IS NULL OR q.category_id = ANY (ARRAY(SELECT id FROM question_categories WHERE id = $1 OR parent_id = $1))) " \
  "AND ($2::text = 'all' OR ($2::text = 'solved') = (q.solved_answer_id IS NOT NULL)) "                    \
  "AND ($3::timestamptz IS NULL OR q.created_at >= $3::timestamptz) "                                      \
  "AND (NOT $4::boolean OR " CAMP_QUESTION_UNANSWERED("q") ") "
#define CAMP_QUESTION_ORDER "ORDER BY is_pick_up DESC, created_at DESC, id DESC "
// Every keyword as a substring of the lowered text. $5: the LIKE patterns (text[]), lowered
// once by an InitPlan, as search_text was (lower() of the database's own locale).
#define CAMP_PATTERNS "(SELECT lower($5::text)::text[])::text[]"
#define CAMP_KEYWORD_LIKE "AND q.search_text LIKE ALL (" CAMP_PATTERNS ") "
// The two rarest bigrams of each keyword ($6: the keywords), by the column's statistics
// (most_common_elems; a bigram missing there is rarer than all of them). Intersecting every
// bigram of every keyword in the GIN index costs more than it saves: the bitmap of a few rare
// ones is already small, and LIKE checks the rest.
#define CAMP_RARE_BIGRAMS                                                                                        \
  "(SELECT coalesce(array_agg(k.b), '{}') FROM ("                                                                \
  "SELECT b.b, row_number() OVER (PARTITION BY w.n ORDER BY coalesce(m.f, 0), b.b) AS r "                       \
  "FROM unnest($6::text[]) WITH ORDINALITY w(word, n) CROSS JOIN LATERAL unnest(camp_bigrams(w.word)) b(b) "    \
  "LEFT JOIN (SELECT m.e, m.f FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) m(e, f) " \
  "WHERE s.schemaname = current_schema() AND s.tablename = 'questions' AND s.attname = 'search_bigrams') m ON m.e = b.b" \
  ") k WHERE k.r <= 2)"
#define CAMP_KEYWORD_GIN "AND q.search_bigrams @> " CAMP_RARE_BIGRAMS " " CAMP_KEYWORD_LIKE

// The plain list (most requests): the page from the ordering index, the pager's count by
// walking at most kListCountCap + 1 matches (an InitPlan). $5 LIMIT, $6 OFFSET. The one-row `one`
// keeps the count when the page is empty.
constexpr db::Statement kList{
    "questions.list",
    "WITH page AS (SELECT q.id FROM questions q " CAMP_QUESTION_FILTER CAMP_QUESTION_ORDER "LIMIT $5 OFFSET $6) "
    "SELECT (SELECT count(*) FROM (SELECT 1 FROM questions q " CAMP_QUESTION_FILTER "LIMIT 1001) n), " CAMP_QUESTION_COLUMNS
    "FROM (SELECT 1) one LEFT JOIN (page p JOIN questions q ON q.id = p.id " CAMP_QUESTION_JOINS ") ON true "
    "ORDER BY q.is_pick_up DESC, q.created_at DESC, q.id DESC"};
// The front page as most students open it (every category and status, no date): the count and
// the page's ids only, then the rows by id (kQuestionsById). kList is planned again on every
// call (its plan depends on the filters, and a generic one, not knowing the LIMIT, hash-joins
// the whole table), and planning its joins cost as much as running it: 1.2 ms a call in the
// school day. The rows' statement is planned once per connection.
#define CAMP_LIST_IDS(page)                                                                       \
  "SELECT (SELECT count(*) FROM (SELECT 1 FROM questions LIMIT 1001) n), p.id FROM (SELECT 1) one " \
  "LEFT JOIN (SELECT q.id FROM questions q " CAMP_QUESTION_ORDER "LIMIT " page ") p ON true"
// Pages inside the first kFrontIds questions (nearly every request) are sliced from these ids:
// without a parameter the statement is planned once per connection. 100 ids cost what 20 do.
static_assert(kFrontIds == 100);
constexpr db::Statement kListFrontIds{"questions.list_front_ids", CAMP_LIST_IDS("100")};  // kFrontIds
// The other pages: planned on every call (0.26 ms, no join), because the generic plan, not
// knowing the LIMIT, reads a tenth of the table. $1 LIMIT, $2 OFFSET.
constexpr db::Statement kListAllIds{"questions.list_all_ids", CAMP_LIST_IDS("$1 OFFSET $2")};
// Keyword search, step 1: the matches among the newest $6 questions of the list, in list
// order, at most $7 of them. A common keyword (most searches) fills the count and the page
// here and no index but the ordering one is read. The walk reads each question's bigram
// signature from that index (an index-only scan) and visits the table only where the bits
// $8..$15 are all set: ~0.15 µs a row where reading the text cost ~1 µs.
#define CAMP_WALK(column, filter, joined, test)                                                             \
  "SELECT w.id FROM (SELECT q.id, q.is_pick_up, q.created_at, q." column " FROM questions q " filter          \
  CAMP_QUESTION_ORDER "LIMIT $6) w " joined " WHERE " test                                                    \
  "ORDER BY w.is_pick_up DESC, w.created_at DESC, w.id DESC LIMIT $7"
// Each walk comes with the filters and without them (most searches): the filters' generic plan
// tests each of them on every row walked, where this checks once that none is set.
#define CAMP_NO_FILTER "$1::int IS NULL AND $2::text = 'all' AND $3::timestamptz IS NULL AND NOT $4::boolean AND "
#define CAMP_SIGNATURE_TEST                                                                                   \
  "get_bit(w.search_signature, $8) = 1 AND get_bit(w.search_signature, $9) = 1 "                              \
  "AND get_bit(w.search_signature, $10) = 1 AND get_bit(w.search_signature, $11) = 1 "                        \
  "AND get_bit(w.search_signature, $12) = 1 AND get_bit(w.search_signature, $13) = 1 "                        \
  "AND get_bit(w.search_signature, $14) = 1 AND get_bit(w.search_signature, $15) = 1 "                        \
  "AND q.search_text LIKE ALL (" CAMP_PATTERNS ") "
constexpr std::size_t kSignatureProbes = 8;
#define CAMP_SIGNATURE_JOIN "JOIN questions q ON q.id = w.id"
constexpr db::Statement kSearchWalk{"questions.search_walk",
                                    CAMP_WALK("search_signature", "", CAMP_SIGNATURE_JOIN, CAMP_NO_FILTER CAMP_SIGNATURE_TEST)};
constexpr db::Statement kSearchWalkFiltered{
    "questions.search_walk_filtered",
    CAMP_WALK("search_signature", CAMP_QUESTION_FILTER, CAMP_SIGNATURE_JOIN, CAMP_SIGNATURE_TEST)};
// The walk that reads every row's text, for keywords with no bigram to probe (one character,
// full-width Latin letters).
#define CAMP_TEXT_TEST "w.search_text LIKE ALL (" CAMP_PATTERNS ") "
constexpr db::Statement kSearchTextWalk{"questions.search_text_walk",
                                        CAMP_WALK("search_text", "", "", CAMP_NO_FILTER CAMP_TEXT_TEST)};
constexpr db::Statement kSearchTextWalkFiltered{"questions.search_text_walk_filtered",
                                                CAMP_WALK("search_text", CAMP_QUESTION_FILTER, "", CAMP_TEXT_TEST)};
// Step 2, for rarer keywords: the capped count and the page through the bigram index.
constexpr db::Statement kSearchCount{
    "questions.search_count",
    "SELECT count(*) FROM (SELECT 1 FROM questions q " CAMP_QUESTION_FILTER CAMP_KEYWORD_GIN "LIMIT $7) n"};
constexpr db::Statement kSearchPage{
    "questions.search_page",
    "SELECT q.id FROM questions q " CAMP_QUESTION_FILTER CAMP_KEYWORD_GIN CAMP_QUESTION_ORDER "LIMIT $7 OFFSET $8"};
// The page's questions by id, in list order.
constexpr db::Statement kQuestionsById{
    "questions.by_ids",
    "SELECT " CAMP_QUESTION_COLUMNS "FROM questions q " CAMP_QUESTION_JOINS "WHERE q.id = ANY ($1::int8[]) "
    "ORDER BY q.is_pick_up DESC, q.created_at DESC, q.id DESC"};
constexpr db::Statement kFindQuestion{"questions.find",
                                      "SELECT " CAMP_QUESTION_COLUMNS "FROM questions q " CAMP_QUESTION_JOINS "WHERE q.id = $1"};
constexpr db::Statement kLockQuestion{"questions.lock",
                                      "SELECT account_id, solved_answer_id FROM questions WHERE id = $1 FOR UPDATE"};
constexpr db::Statement kHoldQuestion{"questions.hold",
                                      "SELECT account_id, solved_answer_id FROM questions WHERE id = $1 FOR KEY SHARE"};
constexpr db::Statement kInsertQuestion{
    "questions.insert",
    "INSERT INTO questions (account_id, category_id, title, body, is_pick_up) VALUES ($1, $2, $3, $4, $5) "
    "RETURNING id, search_signature::text"};
// Unset fields ($n null) keep what the row has, so concurrent edits of different fields all land.
constexpr db::Statement kUpdateQuestion{
    "questions.update",
    "UPDATE questions SET category_id = coalesce($2, category_id), title = coalesce($3, title), "
    "body = coalesce($4, body), is_pick_up = coalesce($5, is_pick_up), updated_at = now() WHERE id = $1"};
constexpr db::Statement kDeleteQuestion{"questions.delete", "DELETE FROM questions WHERE id = $1"};
constexpr db::Statement kSetSolution{
    "questions.solution",
    "UPDATE questions SET solved_answer_id = $2::int8, solution_chosen_by = CASE WHEN $2::int8 IS NULL THEN NULL ELSE $3::int8 END, "
    "solution_chosen_at = CASE WHEN $2::int8 IS NULL THEN NULL ELSE now() END, updated_at = now() WHERE id = $1"};

#define CAMP_ANSWER_COLUMNS                                                                       \
  "SELECT x.id, x.question_id, x.body, a.id, a.display_name, a.image_url, a.role, "              \
  "floor(extract(epoch FROM x.created_at))::int8, floor(extract(epoch FROM x.updated_at))::int8 " \
  "FROM answers x JOIN people a ON a.id = x.account_id "

// A question and its answers in one statement (one snapshot: the answers match answers_count and
// the solution), a row per answer, the question's columns first.
constexpr db::Statement kQuestionWithAnswers{
    "questions.find_with_answers",
    "SELECT " CAMP_QUESTION_COLUMNS ", x.id, x.question_id, x.body, xa.id, xa.display_name, xa.image_url, xa.role, "
    "floor(extract(epoch FROM x.created_at))::int8, floor(extract(epoch FROM x.updated_at))::int8 "
    "FROM questions q " CAMP_QUESTION_JOINS
    "LEFT JOIN answers x ON x.question_id = q.id LEFT JOIN people xa ON xa.id = x.account_id "
    "WHERE q.id = $1 ORDER BY x.created_at, x.id"};
constexpr db::Statement kFindAnswer{"answers.find", CAMP_ANSWER_COLUMNS "WHERE x.id = $1"};
constexpr db::Statement kLockAnswer{"answers.lock", "SELECT account_id, question_id FROM answers WHERE id = $1 FOR UPDATE"};
constexpr db::Statement kHoldAnswer{"answers.hold", "SELECT account_id, question_id FROM answers WHERE id = $1 FOR KEY SHARE"};
constexpr db::Statement kAnnounceChange{
    "questions.announce_change",
    "SELECT pg_notify('camp_cable', json_build_object('stream', 'question:' || $1::bigint, 'message', "
    "json_build_object('changed', $2::text, 'answer_id', $3::bigint))::text)"};
constexpr db::Statement kInsertAnswer{
    "answers.insert", "INSERT INTO answers (question_id, account_id, body) VALUES ($1, $2, $3) RETURNING id"};
constexpr db::Statement kUpdateAnswer{"answers.update", "UPDATE answers SET body = $2, updated_at = now() WHERE id = $1"};
constexpr db::Statement kDeleteAnswer{"answers.delete", "DELETE FROM answers WHERE id = $1"};

constexpr db::Statement kWatch{
    "question_watches.watch",
    "INSERT INTO question_watches (question_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING"};
constexpr db::Statement kUnwatch{
    "question_watches.unwatch", "DELETE FROM question_watches WHERE question_id = $1 AND account_id = $2"};
constexpr db::Statement kWatching{
    "question_watches.watching", "SELECT 1 FROM question_watches WHERE question_id = $1 AND account_id = $2"};
constexpr db::Statement kWatchers{
    "question_watches.watchers", "SELECT account_id FROM question_watches WHERE question_id = $1 ORDER BY account_id"};

// 2026-11-22T19:57:03Z from epoch seconds.
std::string iso_utc(const pqxx::field& f) { return camp::iso_utc(unix_time(f.as<std::int64_t>())); }

Author read_author(const pqxx::row& r, int at) {
  Author a;
  a.id = r[at].as<std::int64_t>();
  a.display_name = r[at + 1].as<std::string>();
  if (!r[at + 2].is_null()) a.image_url = r[at + 2].as<std::string>();
  a.role = r[at + 3].as<std::string>();
  return a;
}

// The question columns starting at column `at`.
Question read_question(const pqxx::row& r, int at = 0) {
  Question q;
  q.id = r[at].as<std::int64_t>();
  q.category_id = r[at + 1].as<int>();
  q.category_name = r[at + 2].as<std::string>();
  q.title = r[at + 3].as<std::string>();
  q.body = r[at + 4].as<std::string>();
  q.is_pick_up = r[at + 5].as<bool>();
  if (!r[at + 6].is_null()) q.solved_answer_id = r[at + 6].as<std::int64_t>();
  q.answers_count = r[at + 7].as<int>();
  q.author = read_author(r, at + 8);
  q.created_at = iso_utc(r[at + 12]);
  q.updated_at = iso_utc(r[at + 13]);
  return q;
}

Answer read_answer(const pqxx::row& r, int at = 0) {
  Answer a;
  a.id = r[at].as<std::int64_t>();
  a.question_id = r[at + 1].as<std::int64_t>();
  a.body = r[at + 2].as<std::string>();
  a.author = read_author(r, at + 3);
  a.created_at = iso_utc(r[at + 7]);
  a.updated_at = iso_utc(r[at + 8]);
  return a;
}

// LIKE pattern matching the keyword anywhere, with LIKE's own wildcards escaped.
std::string contains_pattern(const std::string& keyword) {
  std::string p = "%";
  for (char ch : keyword) {
    if (ch == '%' || ch == '_' || ch == '\\') p += '\\';
    p += ch;
  }
  return p + "%";
}

}  // namespace

std::vector<QuestionCategory> category_tree(db::Tx& tx) {
  std::vector<QuestionCategory> roots;
  std::map<int, std::size_t> index;
  for (const auto& r : tx.exec(kTree)) {
    const int id = r[0].as<int>();
    if (r[1].is_null()) {
      index[id] = roots.size();
      roots.push_back({id, r[2].as<std::string>(), {}});
    } else if (auto it = index.find(r[1].as<int>()); it != index.end()) {
      roots[it->second].lists.push_back({id, r[2].as<std::string>(), r[3].as<std::string>()});
    }
  }
  return roots;
}

bool hold_category(db::Tx& tx, int id) { return !tx.exec(kHoldCategory, id).empty(); }
bool is_root_category(db::Tx& tx, int id) { return !tx.exec(kIsRootCategory, id).empty(); }
int lock_category_tree(db::Tx& tx, int id) { return static_cast<int>(tx.exec(kLockCategoryTree, id).size()); }

int upsert_category(db::Tx& tx, std::optional<int> parent_id, const std::string& name,
                    const std::optional<std::string>& search_name, int position) {
  return tx.exec(kUpsertCategory, parent_id, name, search_name, position)[0][0].as<int>();
}

int insert_category(db::Tx& tx, std::optional<int> parent_id, const std::string& name,
                    const std::optional<std::string>& search_name) {
  return tx.exec(kInsertCategory, parent_id, name, search_name)[0][0].as<int>();
}

bool rename_category(db::Tx& tx, int id, const std::string& name, const std::optional<std::string>& search_name) {
  return tx.exec(kRenameCategory, id, name, search_name).affected_rows() == 1;
}

bool delete_category(db::Tx& tx, int id) { return tx.exec(kDeleteCategory, id).affected_rows() == 1; }
bool category_in_use(db::Tx& tx, int id) { return !tx.exec(kCategoryInUse, id).empty(); }

namespace {

// The rows of kList / kQuestionsById from column `at` on, skipping the empty page's null row.
std::vector<Question> read_page(const pqxx::result& rows, int at) {
  std::vector<Question> out;
  for (const auto& r : rows)
    if (!r[at].is_null()) out.push_back(read_question(r, at));
  return out;
}

// No category, status, date or unanswered filter: the statements written without them.
bool unfiltered(const SearchQuery& q) { return !q.category_id && q.status == "all" && !q.since && !q.unanswered; }

// The page's part of `ids`, matches in list order from the list's start.
std::span<const std::int64_t> page_of(std::span<const std::int64_t> ids, int offset, int per) {
  const auto from = std::min<std::size_t>(ids.size(), static_cast<std::size_t>(offset));
  return ids.subspan(from, std::min<std::size_t>(static_cast<std::size_t>(per), ids.size() - from));
}

SearchResult keyword_search(db::Tx& tx, const SearchQuery& q, int offset) {
  std::vector<std::string> patterns;
  bool has_bigram = false;
  for (const auto& k : q.keywords) {
    patterns.push_back(contains_pattern(k));
    has_bigram = has_bigram || validate::char_count(k) >= 2;
  }
  const auto pats = db::text_array(patterns);
  const auto words = db::text_array(q.keywords);
  const int wanted = std::max<int>(kSearchCountCap + 1, offset + q.per);
  const auto probes = signature_probes(q.keywords, kSignatureProbes);
  const bool filtered = !unfiltered(q);
  std::vector<std::int64_t> hits;
  const auto walk = [&](const db::Statement& statement, int window, auto... bits) {
    for (const auto& r : tx.exec(statement, q.category_id, q.status, q.since, q.unanswered, pats, window, wanted, bits...))
      hits.push_back(r[0].template as<std::int64_t>());
  };
  const auto& text_walk = filtered ? kSearchTextWalkFiltered : kSearchTextWalk;
  if (!has_bigram) {
    walk(text_walk, std::numeric_limits<int>::max());  // no bigram for the index: every question
  } else if (probes.empty()) {
    walk(text_walk, kTextWalkWindow);
  } else {
    // The statement tests kSignatureProbes bits: fewer probes are repeated.
    const auto bit = [&](std::size_t i) { return probes[i % probes.size()]; };
    static_assert(kSignatureProbes == 8);
    walk(filtered ? kSearchWalkFiltered : kSearchWalk, kSignatureWalkWindow, bit(0), bit(1), bit(2), bit(3), bit(4),
         bit(5), bit(6), bit(7));
  }
  bool complete = !has_bigram;  // the walk saw every question

  SearchResult out;
  std::int64_t counted = static_cast<std::int64_t>(hits.size());
  if (counted <= kSearchCountCap && !complete) {
    counted = tx.exec(kSearchCount, q.category_id, q.status, q.since, q.unanswered, pats, words, kSearchCountCap + 1)[0][0]
                  .as<std::int64_t>();
    // No more matches than the walk found: it found them all, and the page comes from them.
    complete = counted <= static_cast<std::int64_t>(hits.size());
  }
  out.total_capped = counted > kSearchCountCap;
  out.total = std::min<std::int64_t>(counted, kSearchCountCap);

  if (static_cast<int>(hits.size()) >= offset + q.per || complete) {
    out.items = questions_by_ids(tx, page_of(hits, offset, q.per));
  } else {
    std::vector<std::int64_t> ids;
    for (const auto& r : tx.exec(kSearchPage, q.category_id, q.status, q.since, q.unanswered, pats, words, q.per, offset))
      ids.push_back(r[0].as<std::int64_t>());
    out.items = questions_by_ids(tx, ids);
  }
  return out;
}

}  // namespace

std::vector<Question> questions_by_ids(db::Tx& tx, std::span<const std::int64_t> ids) {
  if (ids.empty()) return {};
  return read_page(tx.exec(kQuestionsById, db::int_array(ids)), 0);
}

bool on_front(const SearchQuery& q) { return q.keywords.empty() && unfiltered(q) && q.page * q.per <= kFrontIds; }

FrontIds front_ids(db::Tx& tx) {
  FrontIds out;
  for (const auto& r : tx.exec(kListFrontIds)) {
    out.counted = r[0].as<std::int64_t>();
    if (!r[1].is_null()) out.ids.push_back(r[1].as<std::int64_t>());
  }
  return out;
}

std::span<const std::int64_t> front_slice(const FrontIds& front, const SearchQuery& q) {
  return page_of(front.ids, (q.page - 1) * q.per, q.per);
}

SearchResult search(db::Tx& tx, const SearchQuery& q) {
  const int offset = (q.page - 1) * q.per;
  if (!q.keywords.empty()) return keyword_search(tx, q, offset);
  SearchResult out;
  std::int64_t counted = 0;
  if (on_front(q)) {
    const auto front = front_ids(tx);
    counted = front.counted;
    out.items = questions_by_ids(tx, front_slice(front, q));
  } else if (unfiltered(q)) {
    std::vector<std::int64_t> ids;
    for (const auto& r : tx.exec(kListAllIds, q.per, offset)) {
      counted = r[0].as<std::int64_t>();
      if (!r[1].is_null()) ids.push_back(r[1].as<std::int64_t>());
    }
    out.items = questions_by_ids(tx, ids);
  } else {
    const auto rows = tx.exec(kList, q.category_id, q.status, q.since, q.unanswered, q.per, offset);
    counted = rows[0][0].as<std::int64_t>();
    out.items = read_page(rows, 1);
  }
  out.total_capped = counted > kListCountCap;
  out.total = std::min<std::int64_t>(counted, kListCountCap);
  return out;
}

std::optional<Question> find_question(db::Tx& tx, std::int64_t id) {
  auto res = tx.exec(kFindQuestion, id);
  if (res.empty()) return std::nullopt;
  return read_question(res[0]);
}

std::optional<QuestionLock> lock_question(db::Tx& tx, std::int64_t id, bool for_update) {
  auto res = tx.exec(for_update ? kLockQuestion : kHoldQuestion, id);
  if (res.empty()) return std::nullopt;
  QuestionLock out;
  out.author_id = res[0][0].as<std::int64_t>();
  if (!res[0][1].is_null()) out.solved_answer_id = res[0][1].as<std::int64_t>();
  return out;
}

InsertedQuestion insert_question(db::Tx& tx, std::int64_t account_id, int category_id, const std::string& title,
                                 const std::string& body, bool is_pick_up) {
  const auto row = tx.exec(kInsertQuestion, account_id, category_id, title, body, is_pick_up)[0];
  return {row[0].as<std::int64_t>(), row[1].as<std::string>()};
}

void update_question(db::Tx& tx, std::int64_t id, const QuestionChanges& ch) {
  tx.exec(kUpdateQuestion, id, ch.category_id, ch.title, ch.body, ch.is_pick_up);
}

void delete_question(db::Tx& tx, std::int64_t id) { tx.exec(kDeleteQuestion, id); }

void set_solution(db::Tx& tx, std::int64_t question_id, std::optional<std::int64_t> answer_id, std::int64_t chosen_by) {
  tx.exec(kSetSolution, question_id, answer_id, chosen_by);
}

std::optional<std::pair<Question, std::vector<Answer>>> find_question_with_answers(db::Tx& tx, std::int64_t id) {
  const auto rows = tx.exec(kQuestionWithAnswers, id);
  if (rows.empty()) return std::nullopt;
  constexpr int kAnswerAt = 14;  // after CAMP_QUESTION_COLUMNS
  std::pair<Question, std::vector<Answer>> out{read_question(rows[0]), {}};
  for (const auto& r : rows)
    if (!r[kAnswerAt].is_null()) out.second.push_back(read_answer(r, kAnswerAt));
  return out;
}

std::optional<Answer> find_answer(db::Tx& tx, std::int64_t id) {
  auto res = tx.exec(kFindAnswer, id);
  if (res.empty()) return std::nullopt;
  return read_answer(res[0]);
}

void announce_change(db::Tx& tx, std::int64_t question_id, const char* what, std::optional<std::int64_t> answer_id) {
  tx.exec(kAnnounceChange, question_id, std::string(what), answer_id);
}

std::optional<AnswerLock> lock_answer(db::Tx& tx, std::int64_t id, bool for_update) {
  auto res = tx.exec(for_update ? kLockAnswer : kHoldAnswer, id);
  if (res.empty()) return std::nullopt;
  return AnswerLock{res[0][0].as<std::int64_t>(), res[0][1].as<std::int64_t>()};
}

std::int64_t insert_answer(db::Tx& tx, std::int64_t question_id, std::int64_t account_id, const std::string& body) {
  return tx.exec(kInsertAnswer, question_id, account_id, body)[0][0].as<std::int64_t>();
}

void update_answer(db::Tx& tx, std::int64_t id, const std::string& body) { tx.exec(kUpdateAnswer, id, body); }
void delete_answer(db::Tx& tx, std::int64_t id) { tx.exec(kDeleteAnswer, id); }

void watch(db::Tx& tx, std::int64_t question_id, std::int64_t account_id) { tx.exec(kWatch, question_id, account_id); }
void unwatch(db::Tx& tx, std::int64_t question_id, std::int64_t account_id) { tx.exec(kUnwatch, question_id, account_id); }
bool watching(db::Tx& tx, std::int64_t question_id, std::int64_t account_id) {
  return !tx.exec(kWatching, question_id, account_id).empty();
}
std::vector<std::int64_t> watcher_ids(db::Tx& tx, std::int64_t question_id) {
  std::vector<std::int64_t> out;
  for (const auto& r : tx.exec(kWatchers, question_id)) out.push_back(r[0].as<std::int64_t>());
  return out;
}

}  // namespace camp::questions::repo
