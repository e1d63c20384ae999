#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "db/listener.hpp"
#include "environment.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"
#include "questions/presence.hpp"

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
// and switches it with the connection; wait() returns once `n` notifications have come.
class ListeningCache {
 public:
  ListeningCache()
      : listener_(dbtest::database_url(),
                  [this](const std::string& stream, const std::string&) {
                    if (stream != kQuestionListsStream) return;
                    cache.forget_all();
                    std::lock_guard lock(mutex_);
                    ++seen_;
                    changed_.notify_all();
                  },
                  [this](bool connected) {
                    cache.set_enabled(connected);
                    std::lock_guard lock(mutex_);
                    connected_ = connected;
                    changed_.notify_all();
                  }) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::seconds(10), [&] { return connected_; });
  }
  int seen() {
    std::lock_guard lock(mutex_);
    return seen_;
  }
  // Blocks until more than `before` notifications have arrived (false after 10 s without).
  bool wait_past(int before) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(10), [&] { return seen_ > before; });
  }

  QuestionListCache cache;

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int seen_ = 0;
  bool connected_ = false;
  db::Listener listener_;  // last: its thread uses everything above
};

const Question* listed(const QuestionPage& page, std::int64_t id) {
  for (const auto& q : page.items)
    if (q.id == id) return &q;
  return nullptr;
}

}  // namespace

TEST(QuestionSearchDb, MatchesOlderThanTheRecentWindowAreFound) {
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_4m");
  const int cat = some_category();
  const auto old = s.ask(student, {cat, "古文書キーワード の質問", "", std::nullopt});
  Filler newer(student, cat, "埋め草テキスト", 8100);  // more than the recent window (8,000)

  SearchParams p;
  p.keywords = "古文書キーワード";
  auto page = s.search(student, p);
  ASSERT_EQ(page.items.size(), 1u);
  EXPECT_EQ(page.items[0].id, old.id);
  EXPECT_EQ(page.total, 1);
  EXPECT_FALSE(page.total_capped);

  p.keywords = "埋め草テキスト";  // in every recent question: counted up to the search's cap there
  page = s.search(student, p);
  EXPECT_EQ(page.total, repo::kSearchCountCap);
  EXPECT_TRUE(page.total_capped);
  ASSERT_EQ(page.items.size(), 20u);
  EXPECT_EQ(page.items[0].title, "埋め草テキスト 8100");  // newest first
  EXPECT_EQ(page.items[19].title, "埋め草テキスト 8081");

  p.keywords = "埋め草テキスト 810";  // 8100, 7810, .., 1810, 810: the last page is past what the window kept
  p.per = 5;
  p.page = 2;
  page = s.search(student, p);
  EXPECT_EQ(page.total, 9);
  ASSERT_EQ(page.items.size(), 4u);
  EXPECT_EQ(page.items[0].title, "埋め草テキスト 3810");
  EXPECT_EQ(page.items[3].title, "埋め草テキスト 810");

  p = {};
  p.keywords = "古";  // one character: no bigram, the substring check alone
  EXPECT_NE(listed(s.search(student, p), old.id), nullptr);
}

// Each path of a keyword search gives the answers of the others, with and without the column's
// statistics (which choose the bigrams the index reads): a keyword walked to its capped count
// among the newest questions, one counted by the index and paged from the walk, one found only
// by the index, one found nowhere.
TEST(QuestionSearchDb, EveryPathGivesTheSameAnswers) {
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_4m");
  const int cat = some_category();
  const auto old = s.ask(student, {cat, "古文書キーワード の質問", "", std::nullopt});
  // 10,000 newer questions; 5 in 32 name two words together.
  Filler filler(student, cat, "埋め草テキスト", 10000);
  pqxx::connection c(dbtest::database_url());
  pqxx::nontransaction(c).exec(
      "UPDATE questions SET body = '相関甲 相関乙' WHERE title LIKE '埋め草テキスト %' "
      "AND split_part(title, ' ', 2)::int % 32 < 5");
  const auto search = [&](const char* keywords, int page = 1) {
    SearchParams p;
    p.keywords = keywords;
    p.page = page;
    return s.search(student, p);
  };
  const auto answers = [&] {
    std::vector<std::string> out;
    for (const auto* k : {"古文書キーワード", "相関甲 相関乙", "存在しない言葉", "埋め草テキスト 999"}) {
      for (int page : {1, 2}) {
        const auto r = search(k, page);
        std::string line = std::string(k) + " " + std::to_string(r.total) + (r.total_capped ? "+" : "") + ":";
        for (const auto& q : r.items) line += " " + q.title;
        out.push_back(line);
      }
    }
    return out;
  };
  const auto without_statistics = answers();
  pqxx::nontransaction(c).exec("ANALYZE questions");
  EXPECT_EQ(answers(), without_statistics);
  EXPECT_EQ(search("古文書キーワード").items.at(0).id, old.id);
  const auto together = search("相関甲 相関乙");
  EXPECT_TRUE(together.total_capped);
  EXPECT_EQ(together.items.at(0).title, "埋め草テキスト 9988");  // newest first: 9988 % 32 = 4
  EXPECT_EQ(search("存在しない言葉").total, 0);
  // 999, 1999, ..., 9999 and 9990–9998: some past the walk's window.
  const auto rare = search("埋め草テキスト 999");
  EXPECT_EQ(rare.total, 19);
  EXPECT_EQ(rare.items.at(0).title, "埋め草テキスト 9999");
  EXPECT_EQ(search("埋め草テキスト 999", 2).items.size(), 0u);
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
  repo::SearchQuery searched;
  searched.keywords = {"グレ"};
  cache.put(searched, result, cache.epoch());
  EXPECT_EQ(cache.find(searched), nullptr);  // keyword searches are never kept

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
