#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>

#include "accounts/service.hpp"
#include "core/error.hpp"
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
