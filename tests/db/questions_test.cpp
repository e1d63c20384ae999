#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "environment.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"
#include "questions/presence.hpp"
#include "questions/search_signature.hpp"

using namespace camp;
using camp::dbtest::code_of;
using namespace camp::questions;

namespace {

accounts::Account person(const std::string& role, std::optional<std::string> course = std::nullopt) {
  static std::atomic<int> n{0};
  accounts::AccountService s(dbtest::pool());
  return s.create({"q-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role, course,
                   "質問者", "pass-word-123"});
}

int some_category() {
  QuestionCategoryService categories(dbtest::pool());
  categories.import(parse_category_yaml("- name: テスト親\n  lists:\n    - name: テスト子\n"));
  for (const auto& c : categories.tree())
    if (c.name == "テスト親") return c.lists.at(0).id;
  return 0;
}

// A second list under the same parent, other than `first`.
int another_category(int first) {
  QuestionCategoryService categories(dbtest::pool());
  categories.import(parse_category_yaml("- name: テスト親\n  lists:\n    - name: テスト子\n    - name: テスト子その二\n"));
  for (const auto& c : categories.tree())
    if (c.name == "テスト親")
      for (const auto& l : c.lists)
        if (l.id != first) return l.id;
  return 0;
}


std::vector<std::string> titles(QuestionService& s, const accounts::Account& who, const std::string& keywords,
                                std::optional<int> category = std::nullopt) {
  SearchParams p;
  p.keywords = keywords;
  p.category_id = category;
  p.per = 100;
  std::vector<std::string> out;
  for (const auto& q : s.search(who, p).items) out.push_back(q.title);
  return out;
}

}  // namespace

TEST(QuestionsDb, JapaneseSubstringSearch) {
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_4m");
  const int cat = some_category();
  s.ask(student, {cat, "検索テスト：マイグレーションが失敗する", "PG::UndefinedTable が出ます", std::nullopt});
  s.ask(student, {cat, "検索テスト：ルーティングの書き方", "resources の使い方がわかりません", std::nullopt});

  using ::testing::ElementsAre;
  EXPECT_THAT(titles(s, student, "検索テスト グレ"), ElementsAre("検索テスト：マイグレーションが失敗する"));
  EXPECT_THAT(titles(s, student, "検索テスト　使い"), ElementsAre("検索テスト：ルーティングの書き方"));  // ideographic space
  EXPECT_THAT(titles(s, student, "検索テスト undefinedtable"), ElementsAre("検索テスト：マイグレーションが失敗する"));
  EXPECT_TRUE(titles(s, student, "検索テスト グレ 使い").empty());  // every keyword must match
  EXPECT_EQ(titles(s, student, "検索テスト").size(), 2u);
  EXPECT_EQ(titles(s, student, "検索テスト", cat).size(), 2u);
  EXPECT_TRUE(titles(s, student, "検索テスト %").empty());  // LIKE wildcards are literal
}

TEST(QuestionsDb, ValidationMessagesAreTheSpecs) {
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_5m");
  try {
    s.ask(student, {std::nullopt, "   ", "body", std::nullopt});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.fields().at("category_id").at(0), "カテゴリーは必須です");
    EXPECT_EQ(e.fields().at("title").at(0), "タイトルは必須です");
  }
}

TEST(QuestionsDb, WhoMayDoWhat) {
  QuestionService s(dbtest::pool());
  const auto asker = person("student", "rails_4m");
  const auto other = person("student", "u29");
  const auto mentor = person("basic_mentor");
  const auto graduate = person("graduate", "rails_4m");
  const int cat = some_category();
  const auto q = s.ask(asker, {cat, "権限テスト", "本文", std::nullopt});

  EXPECT_EQ(code_of([&] { s.get(graduate, q.id); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.update(other, q.id, {std::nullopt, "乗っ取り", std::nullopt, std::nullopt}); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.update(asker, q.id, {std::nullopt, std::nullopt, std::nullopt, true}); }), errc::forbidden);
  EXPECT_TRUE(s.update(mentor, q.id, {std::nullopt, std::nullopt, std::nullopt, true}).is_pick_up);

  const auto answer = s.answer(other, q.id, "こうすると解決します");
  EXPECT_EQ(s.get(asker, q.id).question.answers_count, 1);
  EXPECT_EQ(code_of([&] { s.update_answer(asker, answer.id, "書き換え"); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.choose_solution(other, q.id, answer.id); }), errc::forbidden);
  EXPECT_EQ(*s.choose_solution(asker, q.id, answer.id).solved_answer_id, answer.id);
  EXPECT_EQ(code_of([&] { s.answer(asker, q.id, "  \n "); }), errc::invalid);
  EXPECT_EQ(code_of([&] { s.remove(other, q.id); }), errc::forbidden);
  s.remove(asker, q.id);
  EXPECT_EQ(code_of([&] { s.get(asker, q.id); }), errc::not_found);
}

TEST(QuestionsDb, PickUpsComeFirst) {
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_4m");
  const auto admin = person("admin");
  const int cat = some_category();
  const auto older = s.ask(student, {cat, "並び順テスト 古い", "", std::nullopt});
  s.ask(student, {cat, "並び順テスト 新しい", "", std::nullopt});
  s.update(admin, older.id, {std::nullopt, std::nullopt, std::nullopt, true});
  const auto found = titles(s, student, "並び順テスト");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0], "並び順テスト 古い");
}

TEST(PresenceDb, AnsweringComesAndGoes) {
  QuestionService s(dbtest::pool());
  questions::PresenceService presence(dbtest::pool(), 60);
  const auto student = person("student", "rails_4m");
  const auto mentor = person("advanced_mentor");
  const auto q = s.ask(student, {some_category(), "プレゼンス", "", std::nullopt});

  presence.start_answering(q.id, mentor, "tab-1");
  presence.start_answering(q.id, mentor, "tab-2");
  ASSERT_EQ(presence.answering(q.id).size(), 1u);  // one account, two tabs
  presence.stop_answering(q.id, mentor.id, "tab-1");
  EXPECT_EQ(presence.answering(q.id).size(), 1u);  // still typing in the other tab
  presence.forget_connection("tab-2");
  EXPECT_TRUE(presence.answering(q.id).empty());
}

TEST(PresenceDb, StaleEntriesExpire) {
  QuestionService s(dbtest::pool());
  questions::PresenceService presence(dbtest::pool(), 3);
  const auto student = person("student", "rails_4m");
  const auto q = s.ask(student, {some_category(), "期限切れ", "", std::nullopt});
  presence.start_answering(q.id, student, "dead-daemon-1");
  {
    pqxx::connection c(dbtest::database_url());
    pqxx::nontransaction(c).exec("UPDATE question_presences SET heartbeat_at = now() - interval '10 seconds' "
                                 "WHERE connection_id = 'dead-daemon-1'");
  }
  EXPECT_TRUE(presence.answering(q.id).empty());  // stale rows never count
  EXPECT_GE(presence.expire(), 1);
}

// --- the list at scale and its cache of hot pages (migration 0007)

namespace {

// Questions inserted by SQL, newer than everything before them; removed again on scope exit.
struct Filler {
  std::string title;
  Filler(const accounts::Account& who, int category, const std::string& title, int rows) : title(title) {
    pqxx::connection c(dbtest::database_url());
    pqxx::nontransaction(c).exec_params(
        "INSERT INTO questions (account_id, category_id, title, body, created_at) "
        "SELECT $1, $2, $3 || ' ' || i, '本文', now() + make_interval(secs => i) FROM generate_series(1, $4) i",
        who.id, category, title, rows);
  }
  ~Filler() {
    pqxx::connection c(dbtest::database_url());
    pqxx::nontransaction(c).exec_params("DELETE FROM questions WHERE title LIKE $1 || ' %'", title);
  }
};

// The daemon's wiring in small: a LISTEN connection that forgets a cache on "question_lists"
// and switches it with the connection; wait_past(n) returns once more than `n` have come.
struct ListeningCache {
  int seen() { return listening.count(kQuestionListsStream); }
  // Blocks until more than `before` notifications have arrived (false after 10 s without).
  bool wait_past(int before) {
    return listening.wait_until([&](const auto& heard) {
      return std::count_if(heard.begin(), heard.end(), [](const auto& n) { return n.stream == kQuestionListsStream; }) > before;
    });
  }

  QuestionListCache cache;
  dbtest::Listening listening{[this](const dbtest::Notification& n) {
                                if (n.stream == kQuestionListsStream) cache.forget(n.message);
                              },
                              [this](bool up) { cache.set_enabled(up); }};
};

const Question* listed(const QuestionPage& page, std::int64_t id) {
  for (const auto& q : page.items)
    if (q.id == id) return &q;
  return nullptr;
}

}  // namespace

QuestionPage search_as(QuestionService& s, const accounts::Account& who, const std::string& keywords, int page = 1,
                       int per = 20, std::optional<int> category = std::nullopt) {
  SearchParams p;
  p.keywords = keywords;
  p.category_id = category;
  p.page = page;
  p.per = per;
  return s.search(who, p);
}

// Keyword search walks the newest questions (kSignatureWalkWindow of them) before it asks the
// bigram index. The suite's questions: one old question, then more fillers than the window
// ("埋め草テキスト 1" .. "埋め草テキスト 32000", newer and newer); 5 in 32 also name two
// words together, 1 in 200 a rare word, and 7, 42 and every 3,000th the words "窓の外".
class QuestionSearchDb : public ::testing::Test {
 protected:
  static constexpr int kFillers = repo::kSignatureWalkWindow + 2000;
  static void SetUpTestSuite() {
    student_ = new accounts::Account(person("student", "rails_4m"));
    QuestionService s(dbtest::pool());
    category_ = some_category();
    old_id_ = s.ask(*student_, {category_, "古文書キーワード の質問", "", std::nullopt}).id;
    filler_ = new Filler(*student_, category_, "埋め草テキスト", kFillers);
    pqxx::connection c(dbtest::database_url());
    pqxx::nontransaction(c).exec(
        "UPDATE questions SET body = concat_ws(' ', CASE WHEN n % 32 < 5 THEN '相関甲 相関乙' END, "
        "CASE WHEN n % 200 = 0 THEN '稀少語' END, CASE WHEN n IN (7, 42) OR n % 3000 = 0 THEN '窓の外' END) "
        "FROM (SELECT id AS qid, split_part(title, ' ', 2)::int AS n FROM questions WHERE title LIKE '埋め草テキスト %') f "
        "WHERE id = f.qid AND (n % 32 < 5 OR n % 200 = 0 OR n IN (7, 42) OR n % 3000 = 0)");
  }
  static void TearDownTestSuite() {
    delete filler_;
    delete student_;
  }

  static QuestionPage search(const std::string& keywords, int page = 1, int per = 20,
                             std::optional<int> category = std::nullopt) {
    QuestionService s(dbtest::pool());
    return search_as(s, *student_, keywords, page, per, category);
  }
  // What the search must answer, from every question's text in list order: for a page of 20,
  // the count up to the cap and the page's titles.
  static std::function<std::string(int)> by_reading_every_question(const std::string& keywords,
                                                                  std::optional<int> category = std::nullopt) {
    pqxx::connection c(dbtest::database_url());
    const auto rows = pqxx::nontransaction(c).exec_params(
        "SELECT title FROM questions WHERE search_text LIKE ALL (SELECT '%' || lower(k) || '%' FROM "
        "regexp_split_to_table($1, ' ') k) AND ($2::int IS NULL OR category_id = $2) "
        "ORDER BY is_pick_up DESC, created_at DESC, id DESC LIMIT 201",
        keywords, category);
    std::vector<std::string> titles;
    for (const auto& r : rows) titles.push_back(r[0].as<std::string>());
    return [titles](int page) {
      const auto n = static_cast<std::int64_t>(titles.size());
      std::string line = std::to_string(std::min(n, repo::kSearchCountCap)) + (n > repo::kSearchCountCap ? "+" : "") + ":";
      for (auto i = (page - 1) * 20; i < std::min<std::int64_t>(n, page * 20); ++i) line += " " + titles[i];
      return line;
    };
  }
  static std::string as_line(const QuestionPage& r) {
    std::string line = std::to_string(r.total) + (r.total_capped ? "+" : "") + ":";
    for (const auto& q : r.items) line += " " + q.title;
    return line;
  }

  static inline accounts::Account* student_ = nullptr;
  static inline Filler* filler_ = nullptr;
  static inline std::int64_t old_id_ = 0;
  static inline int category_ = 0;
};

TEST_F(QuestionSearchDb, MatchesOlderThanTheWalkedWindowAreFound) {
  auto page = search("古文書キーワード");
  ASSERT_EQ(page.items.size(), 1u);
  EXPECT_EQ(page.items[0].id, old_id_);
  EXPECT_EQ(page.total, 1);
  EXPECT_FALSE(page.total_capped);

  page = search("埋め草テキスト");  // in every recent question: counted up to the search's cap there
  EXPECT_EQ(page.total, repo::kSearchCountCap);
  EXPECT_TRUE(page.total_capped);
  ASSERT_EQ(page.items.size(), 20u);
  EXPECT_EQ(page.items[0].title, "埋め草テキスト " + std::to_string(kFillers));  // newest first
  EXPECT_EQ(page.items[19].title, "埋め草テキスト " + std::to_string(kFillers - 19));

  // 30000, 27000, .., 3000 inside the window, then 42 and 7 past it: the last page from the index.
  page = search("窓の外", 3, 5);
  EXPECT_EQ(page.total, 12);
  ASSERT_EQ(page.items.size(), 2u);
  EXPECT_EQ(page.items[0].title, "埋め草テキスト 42");
  EXPECT_EQ(page.items[1].title, "埋め草テキスト 7");

  EXPECT_NE(listed(search("古"), old_id_), nullptr);  // one character: no bigram, every text read
}

// Each path gives what reading every question's text gives, with and without the column's
// statistics (which choose the bigrams the index reads): a keyword walked to its capped count,
// one counted by the index and paged from the walk (稀少語: 150 in the window, 160 in all), one
// found only by the index, one found nowhere, one the walk must read as text (full-width
// letters, whose lowering belongs to the database); some also inside a category.
TEST_F(QuestionSearchDb, EveryPathGivesWhatReadingEveryQuestionGives) {
  const auto check = [&] {
    for (const std::string k : {"埋め草テキスト", "相関甲 相関乙", "稀少語", "稀少語 埋め草テキスト", "古文書キーワード",
                                "存在しない言葉", "埋め草テキスト 999", "窓の外 相関甲", "ｐｑ", "テキスト 3100"}) {
      const auto expected = by_reading_every_question(k);
      for (int page : {1, 2, 8}) EXPECT_EQ(as_line(search(k, page)), expected(page)) << k << ", page " << page;
    }
    // With a filter, through the walks' filtered statements.
    for (const std::string k : {"埋め草テキスト", "稀少語", "古文書キーワード", "ｐｑ"}) {
      const auto expected = by_reading_every_question(k, category_);
      for (int page : {1, 8})
        EXPECT_EQ(as_line(search(k, page, 20, category_)), expected(page)) << k << " in a category, page " << page;
    }
  };
  check();
  pqxx::connection c(dbtest::database_url());
  pqxx::nontransaction(c).exec("ANALYZE questions");
  check();
  EXPECT_EQ(search("稀少語").total, 160);
  EXPECT_TRUE(search("相関甲 相関乙").total_capped);
}

// Lowering is the database's: the signature's bits come from lower() of the text, and a
// keyword's bits are only those whose lowering is the same everywhere. Each newest question
// differs in case or width from 250 others that match: a walk that missed it would still fill
// its page with them.
TEST(QuestionSearchCaseDb, CaseAndWidthAreFoldedAsTheDatabaseFoldsThem) {
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_4m");
  const int cat = some_category();
  pqxx::connection c(dbtest::database_url());
  const auto newest_of = [&](const std::string& many, const std::string& title, const std::string& body,
                             const std::string& keywords) {
    Filler others(student, cat, many, 250);
    const auto id = s.ask(student, {cat, title, body, std::nullopt}).id;
    pqxx::nontransaction(c).exec_params("UPDATE questions SET created_at = now() + interval '1 day' WHERE id = $1", id);
    const auto page = search_as(s, student, keywords);
    EXPECT_TRUE(page.total_capped) << keywords;
    ASSERT_FALSE(page.items.empty()) << keywords;
    EXPECT_EQ(page.items[0].id, id) << keywords;
    s.remove(student, id);
  };
  newest_of("rails routing 大小", "Rails ROUTING", "大小の違い", "Routing 大小");
  newest_of("ａｂｃ順 全角", "ＡＢＣ順に並べたい", "全角", "ａｂｃ順 全角");
  newest_of("keyword 温度", "\u212Aeyword", "温度", "KEYWORD 温度");  // the Kelvin sign lowers to k
}

// The daemon's bit for a bigram is the database's (camp_bigram_bit), and the signature of a
// question's text has it set.
TEST(QuestionSignatureDb, TheDaemonsBitsAreTheDatabases) {
  pqxx::connection c(dbtest::database_url());
  const std::string text = "Rails のルーティング：has_many と 漢字かな123 ｶﾀｶﾅ、ー～ Zz09";
  const auto rows = pqxx::nontransaction(c).exec_params(
      "SELECT b, camp_bigram_bit(b), get_bit(camp_bigram_signature(camp_bigrams($1)), camp_bigram_bit(b)) "
      "FROM unnest(camp_bigrams($1)) b",
      text);
  ASSERT_GT(rows.size(), 30u);
  for (const auto& r : rows) {
    const auto bigram = r[0].as<std::string>();
    const auto probes = signature_probes({bigram}, 8);
    ASSERT_EQ(probes.size(), 1u) << bigram;
    EXPECT_EQ(probes[0], r[1].as<int>()) << bigram;
    EXPECT_EQ(r[2].as<int>(), 1) << bigram;
  }
}

// The front page (no filter) takes its pages inside the first 100 questions from one statement
// without parameters and the others with LIMIT and OFFSET: both give the list's own order.
TEST(QuestionsDb, FrontPagesFollowTheListOrderOnEitherSideOfTheFirstHundred) {
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_4m");
  Filler filler(student, some_category(), "表紙テスト", 150);
  pqxx::connection c(dbtest::database_url());
  const auto expected = [&](int per, int page) {
    std::vector<std::int64_t> out;
    for (const auto& r : pqxx::nontransaction(c).exec_params(
             "SELECT id FROM questions ORDER BY is_pick_up DESC, created_at DESC, id DESC LIMIT $1 OFFSET $2", per,
             (page - 1) * per))
      out.push_back(r[0].as<std::int64_t>());
    return out;
  };
  const auto total = pqxx::nontransaction(c).exec("SELECT least(count(*), 1000) FROM questions")[0][0].as<std::int64_t>();
  // per 20: pages 1-5 inside, 6-7 outside; per 30: page 3 ends at 90, page 4 crosses 100.
  for (const auto& [per, page] : std::vector<std::pair<int, int>>{{20, 1}, {20, 5}, {20, 6}, {20, 7}, {30, 3}, {30, 4}, {50, 2}, {50, 3}}) {
    SearchParams p;
    p.per = per;
    p.page = page;
    const auto got = s.search(student, p);
    std::vector<std::int64_t> ids;
    for (const auto& q : got.items) ids.push_back(q.id);
    EXPECT_EQ(ids, expected(per, page)) << "per " << per << ", page " << page;
    EXPECT_EQ(ids.size(), static_cast<std::size_t>(per));
    EXPECT_EQ(got.total, total);
  }
}

TEST(QuestionListCacheDb, KeepsOnlyWhatNoChangeRacedWith) {
  QuestionListCache cache;
  repo::SearchQuery front;
  repo::SearchResult rows;
  rows.total = 7;
  const CachedPage result{rows, std::make_shared<const std::string>(list_body(rows.items, 7, false, 1, 20))};
  cache.put(front, result, cache.epoch());
  EXPECT_EQ(cache.find(front), nullptr);  // off until the listener connects

  cache.set_enabled(true);
  const auto before_read = cache.epoch();
  cache.forget_all();  // a change lands while the page is being read
  cache.put(front, result, before_read);
  EXPECT_EQ(cache.find(front), nullptr);

  cache.put(front, result, cache.epoch());
  ASSERT_NE(cache.find(front), nullptr);
  EXPECT_EQ(cache.find(front)->result.total, 7);
  EXPECT_EQ(*cache.find(front)->body, R"({"data":[],"meta":{"page":1,"per":20,"total":7,"total_capped":false}})");
  repo::SearchQuery unanswered;
  unanswered.unanswered = true;
  cache.put(unanswered, result, cache.epoch());
  EXPECT_EQ(cache.find(unanswered), nullptr);  // the dashboard's unanswered list is never kept
  repo::SearchQuery deep;
  deep.page = 6;
  cache.put(deep, result, cache.epoch());
  EXPECT_EQ(cache.find(deep), nullptr);  // nor pages past the fifth

  cache.set_enabled(false);  // the listener lost its connection: nothing survives
  EXPECT_EQ(cache.find(front), nullptr);
}

TEST(QuestionListCacheDb, EveryChangeToAListedThingIsAnnounced) {
  ListeningCache daemon;
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_4m");
  const auto mentor = person("basic_mentor");
  const int cat = some_category();

  int before = daemon.seen();
  const auto q = s.ask(student, {cat, "通知テスト", "", std::nullopt});
  EXPECT_TRUE(daemon.wait_past(before)) << "new question";
  before = daemon.seen();
  s.answer(mentor, q.id, "回答です");  // answers_count
  EXPECT_TRUE(daemon.wait_past(before)) << "new answer";

  pqxx::connection c(dbtest::database_url());
  before = daemon.seen();
  pqxx::nontransaction(c).exec_params("UPDATE question_categories SET name = name || '!' WHERE id = $1", cat);
  EXPECT_TRUE(daemon.wait_past(before)) << "renamed category";
  pqxx::nontransaction(c).exec_params("UPDATE question_categories SET name = rtrim(name, '!') WHERE id = $1", cat);
  before = daemon.seen();
  pqxx::nontransaction(c).exec_params("UPDATE accounts SET nickname = '改名' WHERE id = $1", student.id);
  EXPECT_TRUE(daemon.wait_past(before)) << "author's nickname";
}

TEST(QuestionListCacheDb, AnotherDaemonsAnswerShowsOnTheNextList) {
  // Accounts first: their inserts notify too, and a notification still on its way when A
  // starts counting would be taken for the question's.
  const auto student = person("student", "rails_4m");
  const auto mentor = person("advanced_mentor");
  const int category = some_category();
  ListeningCache a;  // daemon A: lists through its cache
  QuestionService daemon_a(dbtest::pool(), &a.cache);
  QuestionService daemon_b(dbtest::pool());  // daemon B: writes
  const int asked = a.seen();
  const auto q = daemon_a.ask(student, {category, "キャッシュ越しの回答", "", std::nullopt});
  ASSERT_TRUE(a.wait_past(asked));  // else its notification could drop the page we are about to cache
  SearchParams front;
  front.category_id = q.category_id;

  ASSERT_NE(listed(daemon_a.search(student, front), q.id), nullptr);
  ASSERT_NE(a.cache.find(repo::SearchQuery{{}, q.category_id}), nullptr);  // the page is now cached
  const int before = a.seen();
  daemon_b.answer(mentor, q.id, "別のデーモンからの回答");
  ASSERT_TRUE(a.wait_past(before));
  const auto fresh = daemon_a.search(student, front);
  const auto* shown = listed(fresh, q.id);
  ASSERT_NE(shown, nullptr);
  EXPECT_EQ(shown->answers_count, 1);
  // The answer as the API sends it: serialized once, then the same bytes for every hit.
  ASSERT_NE(fresh.body, nullptr);
  EXPECT_EQ(*fresh.body, list_body(fresh.items, fresh.total, fresh.total_capped, fresh.page, fresh.per));
  EXPECT_NE(fresh.body->find("\"answers_count\":1"), std::string::npos);
  EXPECT_EQ(*daemon_a.search(student, front).body, *fresh.body);
}

// An answer, a solution or an edit names its question: the daemons forget that question's page,
// the list pages that show it and the filtered ones, and keep the rest. A new question (or a
// move to another category) still empties everything.
TEST(QuestionListCacheDb, AChangeInPlaceForgetsOnlyWhatShowsTheQuestion) {
  const auto student = person("student", "rails_4m");
  const auto mentor = person("advanced_mentor");
  const int first = some_category();
  const int second = another_category(first);
  ListeningCache a;
  QuestionService daemon_a(dbtest::pool(), &a.cache);
  QuestionService daemon_b(dbtest::pool());
  int seen = a.seen();
  const auto here = daemon_b.ask(student, {first, "その場の変更", "", std::nullopt});
  const auto there = daemon_b.ask(student, {second, "よその質問", "", std::nullopt});
  daemon_b.answer(mentor, here.id, "最初の回答");
  ASSERT_TRUE(a.wait_past(seen + 2));  // the asks and the first answer: nothing is kept before

  SearchParams in_first, in_second, solved_in_second;
  in_first.category_id = first;
  in_second.category_id = second;
  solved_in_second.category_id = second;
  solved_in_second.status = "unsolved";
  for (const auto& p : {in_first, in_second, solved_in_second}) daemon_a.search(student, p);
  daemon_a.detail(student, here.id);
  daemon_a.detail(student, there.id);
  const auto kept = [&](const SearchParams& p) { return daemon_a.cached_body(student, p) != nullptr; };
  ASSERT_TRUE(kept(in_first) && kept(in_second) && kept(solved_in_second));
  ASSERT_NE(daemon_a.cached_detail(student, here.id), nullptr);

  seen = a.seen();
  daemon_b.answer(mentor, here.id, "別のデーモンからの二つ目の回答");
  ASSERT_TRUE(a.wait_past(seen));
  EXPECT_FALSE(kept(in_first)) << "the page that shows the question";
  EXPECT_EQ(daemon_a.cached_detail(student, here.id), nullptr) << "the question's own page";
  EXPECT_FALSE(kept(solved_in_second)) << "a filtered page: the question may have entered it";
  EXPECT_TRUE(kept(in_second)) << "a page that does not show it";
  EXPECT_NE(daemon_a.cached_detail(student, there.id), nullptr) << "another question's page";
  const auto fresh = daemon_a.detail(student, here.id);
  EXPECT_NE(fresh->find("別のデーモンからの二つ目の回答"), std::string::npos);

  // An edited answer shows on its question's next page.
  const auto answers = daemon_a.get(student, here.id).answers;
  ASSERT_EQ(answers.size(), 2u);
  seen = a.seen();
  pqxx::connection c(dbtest::database_url());
  pqxx::nontransaction(c).exec_params("UPDATE answers SET body = '直した回答' WHERE id = $1", answers[0].id);
  ASSERT_TRUE(a.wait_past(seen));
  EXPECT_NE(daemon_a.detail(student, here.id)->find("直した回答"), std::string::npos);
  EXPECT_NE(daemon_a.cached_detail(student, there.id), nullptr);

  // A new question shifts every list page; no question's own page changes.
  daemon_a.search(student, in_second);
  ASSERT_TRUE(kept(in_second));
  seen = a.seen();
  daemon_b.ask(student, {first, "新しい質問", "", std::nullopt});
  ASSERT_TRUE(a.wait_past(seen));
  EXPECT_FALSE(kept(in_second));
  EXPECT_NE(daemon_a.cached_detail(student, there.id), nullptr);
  EXPECT_NE(daemon_a.cached_detail(student, here.id), nullptr);

  // A question moved to another category moves between pages: every page, and its own.
  daemon_a.search(student, in_second);
  ASSERT_TRUE(kept(in_second));
  seen = a.seen();
  daemon_b.update(student, here.id, {second, std::nullopt, std::nullopt, std::nullopt});
  ASSERT_TRUE(a.wait_past(seen));
  EXPECT_FALSE(kept(in_second));
  EXPECT_EQ(daemon_a.cached_detail(student, here.id), nullptr);
  EXPECT_NE(daemon_a.cached_detail(student, there.id), nullptr);
  EXPECT_NE(daemon_a.detail(student, here.id)->find("テスト子その二"), std::string::npos);

  // Deleted: its page goes with the lists.
  seen = a.seen();
  daemon_b.remove(student, here.id);
  ASSERT_TRUE(a.wait_past(seen));
  EXPECT_EQ(daemon_a.cached_detail(student, here.id), nullptr);
  EXPECT_THROW(daemon_a.detail(student, here.id), Error);
}

// The front pages are made of parts the cache keeps apart: the front's ids and count, and each
// question's row. A question asked drops the ids but no row, an answer drops its question's
// row, a deletion both; every page made again equals what the database alone gives.
TEST(QuestionListCacheDb, FrontPagesAreMadeAgainFromTheirParts) {
  const auto student = person("student", "rails_4m");
  const auto mentor = person("advanced_mentor");
  const int category = some_category();
  ListeningCache a;
  QuestionService daemon_a(dbtest::pool(), &a.cache);
  QuestionService daemon_b(dbtest::pool());
  int seen = a.seen();
  for (int i = 0; i < 25; ++i) daemon_b.ask(student, {category, "前の質問 " + std::to_string(i), "", std::nullopt});
  ASSERT_TRUE(a.wait_past(seen + 24));
  SearchParams first, second;
  second.page = 2;
  const auto from_database = [&](const SearchParams& p) { return *daemon_b.search(student, p).body; };
  const auto page_one = daemon_a.search(student, first);
  ASSERT_EQ(*page_one.body, from_database(first));
  ASSERT_EQ(page_one.items.size(), 20u);
  ASSERT_EQ(*daemon_a.search(student, second).body, from_database(second));
  ASSERT_NE(a.cache.find_front(), nullptr);
  ASSERT_NE(a.cache.find_question(page_one.items[0].id), nullptr);

  seen = a.seen();
  const auto asked = daemon_b.ask(student, {category, "新しく来た質問", "", std::nullopt});
  ASSERT_TRUE(a.wait_past(seen));
  EXPECT_EQ(a.cache.find_front(), nullptr) << "the front's ids moved";
  EXPECT_NE(a.cache.find_question(page_one.items[0].id), nullptr) << "no row changed";
  const auto moved = daemon_a.search(student, first);
  EXPECT_EQ(*moved.body, from_database(first));
  EXPECT_EQ(*daemon_a.search(student, second).body, from_database(second));
  if (!moved.items.empty() && !moved.items[0].is_pick_up) {
    EXPECT_EQ(moved.items[0].id, asked.id);
  }

  const auto answered = moved.items[1].id;
  seen = a.seen();
  daemon_b.answer(mentor, answered, "別のデーモンからの回答");
  ASSERT_TRUE(a.wait_past(seen));
  EXPECT_EQ(a.cache.find_question(answered), nullptr) << "its row";
  EXPECT_NE(a.cache.find_front(), nullptr) << "nothing moved";
  const auto after_answer = daemon_a.search(student, first);
  EXPECT_EQ(*after_answer.body, from_database(first));
  const auto count_in = [&](const QuestionPage& page) {
    const auto* q = listed(page, answered);
    return q ? q->answers_count : -1;
  };
  EXPECT_EQ(count_in(after_answer), count_in(moved) + 1);

  // One of this test's questions (a pick-up of another test's may come first).
  const auto mine = std::find_if(moved.items.begin() + 2, moved.items.end(),
                                 [&](const Question& q) { return q.author.id == student.id; });
  ASSERT_NE(mine, moved.items.end());
  const auto removed = mine->id;
  seen = a.seen();
  daemon_b.remove(student, removed);
  ASSERT_TRUE(a.wait_past(seen));
  EXPECT_EQ(a.cache.find_question(removed), nullptr);
  EXPECT_EQ(*daemon_a.search(student, first).body, from_database(first));
  EXPECT_EQ(*daemon_a.search(student, second).body, from_database(second));
}

TEST(QuestionListCacheDb, AMessageItCannotReadForgetsEverything) {
  QuestionListCache cache;
  cache.set_enabled(true);
  const auto body = std::make_shared<const std::string>("{}");
  for (const char* message : {R"({"table":"questions","ids":[1,"2"]})", R"({"table":"questions","ids":[]})", "not json",
                              R"({"table":"questions","ids":3})", R"({"table":"accounts"})",
                              R"({"table":"questions","lists":"yes","ids":[8]})", "[7]"}) {
    cache.put_detail(7, body, cache.detail_epoch());
    ASSERT_NE(cache.find_detail(7), nullptr);
    cache.forget(message);
    EXPECT_EQ(cache.find_detail(7), nullptr) << message;
  }
  cache.put_detail(7, body, cache.detail_epoch());
  cache.forget(R"({"table":"questions","ids":[8,9]})");
  cache.forget(R"({"table":"questions","lists":true})");
  cache.forget(R"({"table":"questions","lists":true,"ids":[8]})");
  EXPECT_NE(cache.find_detail(7), nullptr);
  cache.forget(R"({"table":"questions","lists":true,"ids":[8,7]})");
  EXPECT_EQ(cache.find_detail(7), nullptr);
}

// Keyword searches are kept too. A new question changes a search only if it may match: its
// signature, in the notification, holds every bit the keywords need. So a question about
// routing leaves the cached search for migrations alone and drops the one for routing, on the
// daemon that asked (at once) and on the other (through the notification).
TEST(QuestionListCacheDb, ANewQuestionForgetsOnlyTheSearchesItMayMatch) {
  const auto student = person("student", "rails_4m");
  const int category = some_category();
  ListeningCache a, b;
  QuestionService daemon_a(dbtest::pool(), &a.cache);
  QuestionService daemon_b(dbtest::pool(), &b.cache);
  const auto tag = std::to_string(getpid());
  int seen_a = a.seen(), seen_b = b.seen();
  daemon_b.ask(student, {category, "検索キャッシュ" + tag, "マイグレーション" + tag + "が失敗します", std::nullopt});
  ASSERT_TRUE(a.wait_past(seen_a) && b.wait_past(seen_b));

  SearchParams migration, routing, front;
  migration.keywords = "マイグレーション" + tag;
  routing.keywords = "ルーティング" + tag;
  front.category_id = category;
  const auto cached = [&](QuestionService& daemon, const SearchParams& p) { return daemon.cached_body(student, p) != nullptr; };
  for (auto* daemon : {&daemon_a, &daemon_b})
    for (const auto& p : {migration, routing, front}) daemon->search(student, p);
  ASSERT_EQ(daemon_a.search(student, migration).total, 1);
  ASSERT_EQ(daemon_a.search(student, routing).total, 0);
  for (auto* daemon : {&daemon_a, &daemon_b})
    ASSERT_TRUE(cached(*daemon, migration) && cached(*daemon, routing) && cached(*daemon, front));

  seen_a = a.seen();
  seen_b = b.seen();
  const auto asked = daemon_b.ask(student, {category, "ルーティング" + tag + "の質問", "resources の書き方", std::nullopt});
  // The daemon that asked knows at once; the other hears it.
  EXPECT_FALSE(cached(daemon_b, routing));
  ASSERT_TRUE(a.wait_past(seen_a) && b.wait_past(seen_b));
  for (auto* daemon : {&daemon_a, &daemon_b}) {
    EXPECT_TRUE(cached(*daemon, migration)) << "a search the new question cannot match";
    EXPECT_FALSE(cached(*daemon, routing)) << "a search it may match";
    EXPECT_FALSE(cached(*daemon, front)) << "a list page";
    const auto found = daemon->search(student, routing);
    ASSERT_EQ(found.total, 1);
    EXPECT_EQ(found.items.at(0).id, asked.id);
  }

  // An edited text may move a question into any search: every search goes.
  daemon_a.search(student, migration);
  ASSERT_TRUE(cached(daemon_a, migration));
  seen_a = a.seen();
  daemon_b.update(student, asked.id, {std::nullopt, std::nullopt, std::string("マイグレーション") + tag + "もです", std::nullopt});
  ASSERT_TRUE(a.wait_past(seen_a));
  EXPECT_FALSE(cached(daemon_a, migration));
  EXPECT_EQ(daemon_a.search(student, migration).total, 2);
}

TEST(QuestionListCacheDb, AskedSignaturesAreReadAsTheDatabaseWritesThem) {
  EXPECT_FALSE(parse_search_signature(std::string(1023, '0')));
  EXPECT_FALSE(parse_search_signature(std::string(1023, '0') + "2"));
  auto text = std::string(1024, '0');
  text[5] = '1';
  const auto bits = parse_search_signature(text);
  ASSERT_TRUE(bits);
  EXPECT_TRUE((*bits)[5]);
  EXPECT_EQ(bits->count(), 1u);
  // The signature PostgreSQL returns for a question holding "ab": the bit of that bigram.
  const auto from_db = dbtest::pool().run([](db::Connection& c) {
    pqxx::nontransaction n(c.pq());
    return n.exec("SELECT camp_bigram_signature(ARRAY['ab'])::text")[0][0].as<std::string>();
  });
  const auto parsed = parse_search_signature(from_db);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->count(), 1u);
  EXPECT_TRUE((*parsed)[static_cast<std::size_t>(bigram_bit(U'a', U'b'))]);
}
