#include <gtest/gtest.h>

#include "core/utf8.hpp"
#include "core/validation.hpp"

using namespace camp::text;

TEST(Utf8, CountsCharactersNotBytes) {
  EXPECT_EQ(char_count(""), 0u);
  EXPECT_EQ(char_count("abc"), 3u);
  EXPECT_EQ(char_count("質問ボックス"), 6u);   // 3 bytes each
  EXPECT_EQ(char_count("𠮷野家"), 3u);         // 4 + 3 + 3 bytes
  EXPECT_EQ(char_count("e\u0301"), 2u);        // a combining mark is a code point of its own
  EXPECT_EQ(char_count("\x80\x80"), 0u);       // stray continuation bytes start nothing
  EXPECT_EQ(camp::validate::char_count("あ"), 1u);  // the validation rules use the same count
}

TEST(Utf8, TakesWholeCharactersOnly) {
  const std::string s = "a𠮷あb";  // 1 + 4 + 3 + 1 bytes
  EXPECT_EQ(take_chars(s, 0), "");
  EXPECT_EQ(take_chars(s, 1), "a");
  EXPECT_EQ(take_chars(s, 2), "a𠮷");
  EXPECT_EQ(take_chars(s, 3), "a𠮷あ");
  EXPECT_EQ(take_chars(s, 4), s);
  EXPECT_EQ(take_chars(s, 100), s);
  // Every cut ends on a code-point boundary: what is left starts a character.
  for (std::size_t n = 0; n <= 4; ++n) {
    const auto kept = take_chars(s, n);
    EXPECT_EQ(char_count(kept), n);
    if (kept.size() < s.size()) {
      EXPECT_NE(static_cast<unsigned char>(s[kept.size()]) & 0xC0, 0x80) << n;
    }
  }
  // A character cut short at the end of the input is kept as it is, never read past.
  EXPECT_EQ(take_chars("a\xE3\x81", 5), "a\xE3\x81");
}

TEST(Utf8, FindsTheStartOfTheCharacterHoldingAByte) {
  const std::string s = "aあb";  // a at 0, あ at 1..3, b at 4
  EXPECT_EQ(char_start(s, 0), 0u);
  EXPECT_EQ(char_start(s, 1), 1u);
  EXPECT_EQ(char_start(s, 2), 1u);
  EXPECT_EQ(char_start(s, 3), 1u);
  EXPECT_EQ(char_start(s, 4), 4u);
  EXPECT_EQ(char_start(s, 99), s.size());
}
