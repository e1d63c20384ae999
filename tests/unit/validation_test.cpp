#include <gtest/gtest.h>

#include "core/validation.hpp"

using namespace camp;

TEST(Validation, EmailMessagesAreTheSpecs) {
  EXPECT_EQ(validate::email(""), "メールアドレスは必須です");
  EXPECT_EQ(validate::email("not-an-email"), "不正なメールアドレスです");
  EXPECT_EQ(validate::email("a@b"), "不正なメールアドレスです");
  EXPECT_EQ(validate::email("two@@example.com"), "不正なメールアドレスです");
  EXPECT_EQ(validate::email("space in@example.com"), "不正なメールアドレスです");
  EXPECT_EQ(validate::email("hanako.yamada+camp@example.co.jp"), std::nullopt);
  EXPECT_EQ(validate::email(std::string(250, 'a') + "@example.com"), "不正なメールアドレスです");
}

TEST(Validation, PasswordLengthIsCountedInCharacters) {
  EXPECT_EQ(validate::password(""), "パスワードは必須です");
  EXPECT_EQ(validate::password("1234567"), "パスワードは8文字以上でご入力ください");
  EXPECT_EQ(validate::password("12345678"), std::nullopt);
  EXPECT_EQ(validate::password("1234567890123456"), std::nullopt);
  EXPECT_EQ(validate::password("12345678901234567"), "パスワードは16文字以下でご入力ください");
  EXPECT_EQ(validate::password("パスワードは八文字"), std::nullopt);  // 9 characters, 27 bytes
}

TEST(Validation, NicknameAllowsEightyCharactersOfJapanese) {
  std::string eighty, eighty_one;
  for (int i = 0; i < 80; ++i) eighty += "あ";
  eighty_one = eighty + "い";
  EXPECT_EQ(validate::nickname(""), std::nullopt);
  EXPECT_EQ(validate::nickname(eighty), std::nullopt);
  EXPECT_EQ(validate::nickname(eighty_one), "ニックネームは80文字以内でご入力ください");
  EXPECT_EQ(validate::char_count(eighty), 80u);
  EXPECT_EQ(validate::nickname(std::string("ヌル\0後ろ", 13)), "使用できない文字が含まれています");
  EXPECT_EQ(validate::nickname("改行\nあり"), "使用できない文字が含まれています");
}

TEST(Validation, UrlIsOptionalUnlessRequired) {
  EXPECT_EQ(validate::url(""), std::nullopt);
  EXPECT_EQ(validate::url("", true), "URLは必須です");
  EXPECT_EQ(validate::url("https://example.com/a.png"), std::nullopt);
  EXPECT_EQ(validate::url("/uploads/profile/abc.png"), std::nullopt);
  EXPECT_EQ(validate::url("javascript:alert(1)"), "不正なURLです");
  EXPECT_EQ(validate::url("//evil.example/x"), "不正なURLです");
  EXPECT_EQ(validate::url("/\\evil"), "不正なURLです");
}
