#include "questions/repo.hpp"

#include <algorithm>
#include <map>

#include "db/arrays.hpp"

namespace camp::questions::repo {
namespace {

constexpr db::Statement kTree{
    "categories.tree",
    "SELECT c.id, c.parent_id, c.name, coalesce(c.search_name, p.name || ' - ' || c.name, c.name) "
    "FROM categories c LEFT JOIN categories p ON p.id = c.parent_id "
    "ORDER BY c.parent_id NULLS FIRST, c.position, c.id"};
constexpr db::Statement kCategoryExists{"categories.exists", "SELECT 1 FROM categories WHERE id = $1"};
constexpr db::Statement kUpsertCategory{
    "categories.upsert",
    "INSERT INTO categories (parent_id, name, search_name, position) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT ((coalesce(parent_id, 0)), name) DO UPDATE SET search_name = EXCLUDED.search_name, "
    "position = EXCLUDED.position RETURNING id"};
constexpr db::Statement kInsertCategory{
    "categories.insert",
    "INSERT INTO categories (parent_id, name, search_name, position) VALUES ($1, $2, $3, "
    "(SELECT coalesce(max(position) + 1, 0) FROM categories WHERE parent_id IS NOT DISTINCT FROM $1)) RETURNING id"};
constexpr db::Statement kRenameCategory{"categories.rename",
                                        "UPDATE categories SET name = $2, search_name = $3 WHERE id = $1"};
constexpr db::Statement kDeleteCategory{"categories.delete", "DELETE FROM categories WHERE id = $1"};
constexpr db::Statement kCategoryInUse{
    "categories.in_use",
    "SELECT 1 FROM questions q JOIN categories c ON c.id = q.category_id WHERE c.id = $1 OR c.parent_id = $1 LIMIT 1"};

#define CAMP_QUESTION_COLUMNS                                                                              \
  "SELECT q.id, q.category_id, c.name, q.title, q.body, q.is_pick_up, q.solved_answer_id, q.answers_count, " \
  "a.id, a.nickname, a.image_url, a.role, "                                                                 \
  "to_char(q.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "                            \
  "to_char(q.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') "                             \
  "FROM questions q JOIN accounts a ON a.id = q.account_id JOIN categories c ON c.id = q.category_id "

// $1 category (or null), $2 status, $3 since (or null), $4 unanswered only.
#define CAMP_QUESTION_FILTER                                                              \
  "WHERE ($1::int IS NULL OR q.category_id = $1 OR c.parent_id = $1) "                   \
  "AND ($2::text = 'all' OR ($2::text = 'solved') = (q.solved_answer_id IS NOT NULL)) "  \
  "AND ($3::timestamptz IS NULL OR q.created_at >= $3::timestamptz) "                    \
  "AND (NOT $4::boolean OR q.answers_count = 0) "
// With keywords: $5 keywords joined by spaces (bigram filter), $6 LIKE patterns (text[]).
// A separate statement, so that the plain list (most requests) plans and runs without them.
#define CAMP_KEYWORD_FILTER                                                                     \
  "AND q.search_bigrams @> camp_bigrams($5::text) "                                             \
  "AND lower(q.title || ' ' || q.body) LIKE ALL (SELECT lower(p) FROM unnest($6::text[]) p) "
#define CAMP_QUESTION_ORDER "ORDER BY q.is_pick_up DESC, q.created_at DESC, q.id DESC "
// Counting every match of a very common keyword costs more than the page itself: stop at
// kCountCap + 1 (the web app shows "1000件以上").
#define CAMP_COUNT_FROM "SELECT count(*) FROM (SELECT 1 FROM questions q JOIN categories c ON c.id = q.category_id "

constexpr db::Statement kList{"questions.list", CAMP_QUESTION_COLUMNS CAMP_QUESTION_FILTER CAMP_QUESTION_ORDER "LIMIT $5 OFFSET $6"};
constexpr db::Statement kListCount{"questions.list_count", CAMP_COUNT_FROM CAMP_QUESTION_FILTER "LIMIT 1001) s"};
constexpr db::Statement kSearch{"questions.search", CAMP_QUESTION_COLUMNS CAMP_QUESTION_FILTER CAMP_KEYWORD_FILTER
                                                        CAMP_QUESTION_ORDER "LIMIT $7 OFFSET $8"};
constexpr db::Statement kSearchCount{"questions.search_count",
                                     CAMP_COUNT_FROM CAMP_QUESTION_FILTER CAMP_KEYWORD_FILTER "LIMIT 1001) s"};
constexpr db::Statement kFindQuestion{"questions.find", CAMP_QUESTION_COLUMNS "WHERE q.id = $1"};
constexpr db::Statement kInsertQuestion{
    "questions.insert",
    "INSERT INTO questions (account_id, category_id, title, body, is_pick_up) VALUES ($1, $2, $3, $4, $5) RETURNING id"};
constexpr db::Statement kUpdateQuestion{
    "questions.update",
    "UPDATE questions SET category_id = $2, title = $3, body = $4, is_pick_up = $5, updated_at = now() WHERE id = $1"};
constexpr db::Statement kDeleteQuestion{"questions.delete", "DELETE FROM questions WHERE id = $1"};
constexpr db::Statement kSetSolution{"questions.solution",
                                     "UPDATE questions SET solved_answer_id = $2, updated_at = now() WHERE id = $1"};

#define CAMP_ANSWER_COLUMNS                                                          \
  "SELECT x.id, x.question_id, x.body, a.id, a.nickname, a.image_url, a.role, "     \
  "to_char(x.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "    \
  "to_char(x.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') "     \
  "FROM answers x JOIN accounts a ON a.id = x.account_id "

constexpr db::Statement kAnswersOf{"answers.of", CAMP_ANSWER_COLUMNS "WHERE x.question_id = $1 ORDER BY x.created_at, x.id"};
constexpr db::Statement kFindAnswer{"answers.find", CAMP_ANSWER_COLUMNS "WHERE x.id = $1"};
constexpr db::Statement kInsertAnswer{
    "answers.insert", "INSERT INTO answers (question_id, account_id, body) VALUES ($1, $2, $3) RETURNING id"};
constexpr db::Statement kUpdateAnswer{"answers.update", "UPDATE answers SET body = $2, updated_at = now() WHERE id = $1"};
constexpr db::Statement kDeleteAnswer{"answers.delete", "DELETE FROM answers WHERE id = $1"};

Author read_author(const pqxx::row& r, int at) {
  Author a;
  a.id = r[at].as<std::int64_t>();
  a.nickname = r[at + 1].as<std::string>();
  if (!r[at + 2].is_null()) a.image_url = r[at + 2].as<std::string>();
  a.role = r[at + 3].as<std::string>();
  return a;
}

Question read_question(const pqxx::row& r) {
  Question q;
  q.id = r[0].as<std::int64_t>();
  q.category_id = r[1].as<int>();
  q.category_name = r[2].as<std::string>();
  q.title = r[3].as<std::string>();
  q.body = r[4].as<std::string>();
  q.is_pick_up = r[5].as<bool>();
  if (!r[6].is_null()) q.solved_answer_id = r[6].as<std::int64_t>();
  q.answers_count = r[7].as<int>();
  q.author = read_author(r, 8);
  q.created_at = r[12].as<std::string>();
  q.updated_at = r[13].as<std::string>();
  return q;
}

Answer read_answer(const pqxx::row& r) {
  Answer a;
  a.id = r[0].as<std::int64_t>();
  a.question_id = r[1].as<std::int64_t>();
  a.body = r[2].as<std::string>();
  a.author = read_author(r, 3);
  a.created_at = r[7].as<std::string>();
  a.updated_at = r[8].as<std::string>();
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

// Runs the plain or the keyword statement of a pair; `extra` are LIMIT/OFFSET when given.
template <class... Extra>
pqxx::result run_filter(db::Connection& c, pqxx::nontransaction& tx, const db::Statement& plain,
                        const db::Statement& keyword, const SearchQuery& q, Extra... extra) {
  if (q.keywords.empty()) return c.exec(tx, plain, q.category_id, q.status, q.since, q.unanswered, extra...);
  std::string joined;
  std::vector<std::string> patterns;
  for (const auto& k : q.keywords) {
    joined += (joined.empty() ? "" : " ") + k;
    patterns.push_back(contains_pattern(k));
  }
  return c.exec(tx, keyword, q.category_id, q.status, q.since, q.unanswered, joined, db::text_array(patterns), extra...);
}

}  // namespace

std::vector<Category> category_tree(db::Connection& c) {
  pqxx::nontransaction tx(c.pq());
  std::vector<Category> roots;
  std::map<int, std::size_t> index;
  for (const auto& r : c.exec(tx, kTree)) {
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

bool category_exists(db::Connection& c, int id) {
  pqxx::nontransaction tx(c.pq());
  return !c.exec(tx, kCategoryExists, id).empty();
}

int upsert_category(db::Connection& c, std::optional<int> parent_id, const std::string& name,
                    const std::optional<std::string>& search_name, int position) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kUpsertCategory, parent_id, name, search_name, position)[0][0].as<int>();
}

int insert_category(db::Connection& c, std::optional<int> parent_id, const std::string& name,
                    const std::optional<std::string>& search_name) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kInsertCategory, parent_id, name, search_name)[0][0].as<int>();
}

bool rename_category(db::Connection& c, int id, const std::string& name, const std::optional<std::string>& search_name) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kRenameCategory, id, name, search_name).affected_rows() == 1;
}

bool delete_category(db::Connection& c, int id) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kDeleteCategory, id).affected_rows() == 1;
}

bool category_in_use(db::Connection& c, int id) {
  pqxx::nontransaction tx(c.pq());
  return !c.exec(tx, kCategoryInUse, id).empty();
}

SearchResult search(db::Connection& c, const SearchQuery& q) {
  pqxx::nontransaction tx(c.pq());
  SearchResult out;
  for (const auto& r : run_filter(c, tx, kList, kSearch, q, q.per, (q.page - 1) * q.per))
    out.items.push_back(read_question(r));
  const auto counted = run_filter(c, tx, kListCount, kSearchCount, q)[0][0].as<std::int64_t>();
  out.total_capped = counted > kCountCap;
  out.total = std::min<std::int64_t>(counted, kCountCap);
  return out;
}

std::optional<Question> find_question(db::Connection& c, std::int64_t id) {
  pqxx::nontransaction tx(c.pq());
  auto res = c.exec(tx, kFindQuestion, id);
  if (res.empty()) return std::nullopt;
  return read_question(res[0]);
}

std::int64_t insert_question(db::Connection& c, std::int64_t account_id, int category_id, const std::string& title,
                             const std::string& body, bool is_pick_up) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kInsertQuestion, account_id, category_id, title, body, is_pick_up)[0][0].as<std::int64_t>();
}

void update_question(db::Connection& c, const Question& q) {
  pqxx::nontransaction tx(c.pq());
  c.exec(tx, kUpdateQuestion, q.id, q.category_id, q.title, q.body, q.is_pick_up);
}

void delete_question(db::Connection& c, std::int64_t id) {
  pqxx::nontransaction tx(c.pq());
  c.exec(tx, kDeleteQuestion, id);
}

void set_solution(db::Connection& c, std::int64_t question_id, std::optional<std::int64_t> answer_id) {
  pqxx::nontransaction tx(c.pq());
  c.exec(tx, kSetSolution, question_id, answer_id);
}

std::vector<Answer> answers_of(db::Connection& c, std::int64_t question_id) {
  pqxx::nontransaction tx(c.pq());
  std::vector<Answer> out;
  for (const auto& r : c.exec(tx, kAnswersOf, question_id)) out.push_back(read_answer(r));
  return out;
}

std::optional<Answer> find_answer(db::Connection& c, std::int64_t id) {
  pqxx::nontransaction tx(c.pq());
  auto res = c.exec(tx, kFindAnswer, id);
  if (res.empty()) return std::nullopt;
  return read_answer(res[0]);
}

std::int64_t insert_answer(db::Connection& c, std::int64_t question_id, std::int64_t account_id, const std::string& body) {
  pqxx::nontransaction tx(c.pq());
  return c.exec(tx, kInsertAnswer, question_id, account_id, body)[0][0].as<std::int64_t>();
}

void update_answer(db::Connection& c, std::int64_t id, const std::string& body) {
  pqxx::nontransaction tx(c.pq());
  c.exec(tx, kUpdateAnswer, id, body);
}

void delete_answer(db::Connection& c, std::int64_t id) {
  pqxx::nontransaction tx(c.pq());
  c.exec(tx, kDeleteAnswer, id);
}

}  // namespace camp::questions::repo
