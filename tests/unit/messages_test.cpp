// The message catalogue (lib/core/messages.ja.json, generated into camp::msg): the
// specification's texts are there word for word, and placeholders are filled.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/messages.hpp"

using namespace camp;

namespace {

bool in_catalogue(std::string_view text) {
  return std::any_of(msg::catalogue.begin(), msg::catalogue.end(), [&](const auto& e) { return e.second == text; });
}

}  // namespace

// Quoted from the specification, sections 5 (validation) and 8 (messages).
TEST(Messages, EverySpecificationMessageIsInTheCatalogueWordForWord) {
  const char* spec[] = {
      "メールアドレスは必須です", "不正なメールアドレスです", "URLは必須です", "不正なURLです",
      "クローン元のリポジトリへのpushはできません", "パスワードは必須です",
      "パスワードは8文字以上でご入力ください", "パスワードは16文字以下でご入力ください",
      "ニックネームは80文字以内でご入力ください", "カテゴリーは必須です", "タイトルは必須です",
      "コメントは必須です", "ステータスは必須です", "定員は必須です", "半角数字のみ入力してください",
      "1000名以下で設定してください", "開催日は必須です", "メンタリング日時は必須です",
      "メンタリング日時が不正なフォーマットです", "内容は必須です", "内容は500文字以内でご入力ください",
      "担当は必須です", "jpg/png/webp いずれかの形式のファイルをアップロードしてください。",
      "ログアウトしました。", "アカウント情報が変更されました",
  };
  for (const char* text : spec) EXPECT_TRUE(in_catalogue(text)) << text;
  EXPECT_EQ(msg::event_capacity_min("N"), "N名(現在の参加人数)以上で設定してください");
}

TEST(Messages, TheValidationRulesUseTheSpecificationsNames) {
  EXPECT_EQ(msg::email_required, "メールアドレスは必須です");
  EXPECT_EQ(msg::nickname_too_long, "ニックネームは80文字以内でご入力ください");
  EXPECT_EQ(msg::image_format, "jpg/png/webp いずれかの形式のファイルをアップロードしてください。");
  // Where the web app and the server had drifted apart, the server's wording stays.
  EXPECT_EQ(msg::answer_required, "回答は必須です");
}

TEST(Messages, PlaceholdersAreFilledEverywhereTheyAppear) {
  EXPECT_EQ(msg::integer_range("1", "100"), "1から100までの整数を指定してください");
  EXPECT_EQ(msg::fixture_category_missing("Ruby", "配列"), "カテゴリー 'Ruby / 配列' がありません");
  EXPECT_EQ(msg::fixture_not_written("3"), "3件の誤りがあるため何も書き込みませんでした: ");
  // A value that looks like a placeholder is not expanded again.
  EXPECT_EQ(msg::answering_now("{name}"), "{name}さんが回答を入力中");
  EXPECT_EQ(msg::detail::fill("{a}{a}", {{"a", "x"}}), "xx");
}

TEST(Messages, KeysAreUniqueSnakeCaseAndTextsAreNotEmpty) {
  std::set<std::string_view> keys;
  for (const auto& [key, text] : msg::catalogue) {
    EXPECT_TRUE(keys.insert(key).second) << key;
    EXPECT_FALSE(text.empty()) << key;
    EXPECT_EQ(key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_"), std::string_view::npos) << key;
  }
}
