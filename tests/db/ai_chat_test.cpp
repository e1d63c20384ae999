// The AI chat against PostgreSQL: the retriever (resolved questions only, no one's name or
// e-mail in a passage), a turn's rules (owner, rate limit, budget) and who reads what.
#include <gtest/gtest.h>

#include <atomic>

#include "accounts/service.hpp"
#include "ai_chat/prompt.hpp"
#include "ai_chat/retriever.hpp"
#include "ai_chat/service.hpp"
#include "core/error.hpp"
#include "environment.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"

using namespace camp;
using camp::dbtest::code_of;

namespace {

accounts::Account person(const std::string& role, std::optional<std::string> course = std::nullopt) {
  static std::atomic<int> n{0};
  accounts::AccountService s(dbtest::pool());
  return s.create({"ai-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role,
                   course, "AI テスト " + std::to_string(n.load()), "pass-word-123"});
}

int some_category() {
  questions::QuestionCategoryService categories(dbtest::pool());
  categories.import(questions::parse_category_yaml("- name: AIテスト親\n  lists:\n    - name: AIテスト子\n"));
  for (const auto& c : categories.tree())
    if (c.name == "AIテスト親") return c.lists.at(0).id;
  return 0;
}

}  // namespace

TEST(AiChatDb, TheRetrieverFindsResolvedQuestionsOnlyWithoutNames) {
  questions::QuestionService q(dbtest::pool());
  const auto asker = person("student", "rails_4m");
  const auto mentor = person("basic_mentor");
  const int cat = some_category();
  const std::string word = "Webpacker" + std::to_string(getpid());
  const auto solved = q.ask(asker, {cat, word + " のビルドが失敗します", "エラーが出ます", std::nullopt});
  const auto answer = q.answer(mentor, solved.id, "node のバージョンを 18 に上げてください");
  q.choose_solution(asker, solved.id, answer.id);
  q.ask(asker, {cat, word + " の未解決の質問", "まだ答えがありません", std::nullopt});

  const auto passages = dbtest::pool().autocommit(
      [&](db::Tx& tx) { return ai_chat::retrieve(tx, word + "が動きません", 5); });
  ASSERT_EQ(passages.size(), 1u);
  EXPECT_EQ(passages[0].source.url, "/questions/" + std::to_string(solved.id));
  EXPECT_EQ(passages[0].source.kind, "question");
  EXPECT_NE(passages[0].excerpt.find("バージョンを 18"), std::string::npos);
  for (const auto& who : {asker, mentor}) {
    EXPECT_EQ(passages[0].excerpt.find(who.nickname), std::string::npos);
    EXPECT_EQ(passages[0].excerpt.find(who.email), std::string::npos);
  }
}

TEST(AiChatDb, ATurnIsTheOwnersAndCountsAgainstTheLimits) {
  AiChatConfig config;
  config.messages_per_hour = 2;
  config.daily_tokens_per_account = 100;
  ai_chat::AiChatService chats(dbtest::pool(), config);
  const auto owner = person("student", "rails_4m");
  const auto other = person("student", "rails_4m");
  const auto admin = person("admin");

  const auto turn = chats.begin(owner, std::nullopt, "  最初の質問  ", true);
  EXPECT_EQ(turn.input, "最初の質問");
  chats.finish(turn, ai_chat::offline_answer(turn), ai_chat::sources_of(turn), "done", 150);
  EXPECT_EQ(code_of([&] { chats.begin(other, turn.conversation_id, "横入り", false); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { chats.check_conversation(other, turn.conversation_id); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { chats.begin(owner, turn.conversation_id, "予算切れ", true); }), errc::too_many_requests);
  const auto second = chats.begin(owner, turn.conversation_id, "オフラインなら予算は関係ない", false);
  EXPECT_EQ(second.history.size(), 2u);  // the first question and its answer
  EXPECT_EQ(code_of([&] { chats.begin(owner, turn.conversation_id, "三回目", false); }), errc::too_many_requests);
  EXPECT_EQ(code_of([&] { chats.begin(other, std::nullopt, std::string(2001, 'a'), false); }), errc::invalid);
  EXPECT_EQ(code_of([&] { chats.begin(other, std::nullopt, " \n ", false); }), errc::invalid);

  EXPECT_EQ(chats.get(owner, turn.conversation_id).messages.size(), 3u);
  EXPECT_EQ(chats.get(admin, turn.conversation_id).conversation.title, "最初の質問");
  EXPECT_EQ(code_of([&] { chats.get(other, turn.conversation_id); }), errc::not_found);
  EXPECT_EQ(chats.list(admin, owner.id, 1, 20).total, 1);
  EXPECT_EQ(code_of([&] { chats.list(other, owner.id, 1, 20); }), errc::forbidden);
  EXPECT_EQ(chats.list(other, std::nullopt, 1, 20).total, 0);
}
