#include <gtest/gtest.h>

#include "core/text.hpp"

using namespace camp::text;

TEST(Text, ValidUtf8IsStrict) {
  EXPECT_TRUE(valid_utf8("質問ボックス abc"));
  EXPECT_TRUE(valid_utf8(""));
  EXPECT_FALSE(valid_utf8("\xC0\xAE"));          // overlong '.'
  EXPECT_FALSE(valid_utf8("\xE0\x80\xAF"));      // overlong '/'
  EXPECT_FALSE(valid_utf8("\xED\xA0\x80"));      // a surrogate
  EXPECT_FALSE(valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(valid_utf8("\xE8\xB3"));          // cut short
}

TEST(Text, ControlCharacters) {
  EXPECT_FALSE(has_control("普通の文字 text"));
  EXPECT_TRUE(has_control(std::string_view("a\0b", 3)));
  EXPECT_TRUE(has_control("a\nb"));
  EXPECT_TRUE(has_control("\x7f"));
}

TEST(Text, OneLine) {
  EXPECT_TRUE(one_line("Rails もくもく会　（第2回） – 12/5"));
  EXPECT_TRUE(one_line(""));
  for (const char* broken : {"a\nb", "a\rb", "a\tb", "\x1b[31m", "a\x7f", "a\u0085b", "a\u009bb", "a\u2028b", "a\u2029b"})
    EXPECT_FALSE(one_line(broken)) << broken;
  EXPECT_FALSE(one_line(std::string_view("a\0b", 3)));
  EXPECT_TRUE(one_line("a\u00a0b\u2027\u202a"));  // neighbours of the refused code points
}

TEST(Text, PrefixNeverSplitsACharacter) {
  const std::string s = "あいう";  // 3 bytes each
  EXPECT_EQ(utf8_prefix(s, 9), s);
  EXPECT_EQ(utf8_prefix(s, 8), "あい");
  EXPECT_EQ(utf8_prefix(s, 7), "あい");
  EXPECT_EQ(utf8_prefix(s, 6), "あい");
  EXPECT_EQ(utf8_prefix(s, 2), "");
  EXPECT_EQ(utf8_prefix("abc", 2), "ab");
}

TEST(Text, LogEscapingKeepsOneLineAndTheText) {
  EXPECT_EQ(escape_for_log("GET /質問"), "GET /質問");
  EXPECT_EQ(escape_for_log("a\r\nINFO forged"), "a\\r\\nINFO forged");
  EXPECT_EQ(escape_for_log(std::string_view("a\0b\x1b", 4)), "a\\x00b\\x1b");
  EXPECT_EQ(escape_for_log("\xC0\xAE" "x"), "\\xc0\\xaex");
  EXPECT_EQ(escape_for_log("back\\slash"), "back\\\\slash");
}

TEST(Text, TrimDropsBlanksAtBothEndsOnly) {
  EXPECT_EQ(camp::text::trim("  タイトル \t\r\n"), "タイトル");
  EXPECT_EQ(camp::text::trim("a  b"), "a  b");
  EXPECT_EQ(camp::text::trim(" \t\r\n"), "");
  EXPECT_EQ(camp::text::trim(""), "");
  // Only the blanks given: an e-mail keeps a line break, which its format check then refuses.
  EXPECT_EQ(camp::text::trim(" a@example.com\n", " \t"), "a@example.com\n");
}

// U+3000 (ideographic space), U+00A0 (no-break space), U+2003 (em space), U+0085 (NEL).
constexpr const char* kUnicodeSpaces[] = {"\u3000", "\u00A0", "\u2003", "\u0085", "\u2028", "\u205F"};

TEST(Text, TrimDropsEveryUnicodeWhiteSpace) {
  for (const char* space : kUnicodeSpaces) {
    const std::string sp(space);
    EXPECT_EQ(camp::text::trim(sp + "タイトル" + sp + " " + sp), "タイトル") << space;
    EXPECT_EQ(camp::text::trim("a" + sp + "b"), "a" + sp + "b") << space;
    EXPECT_TRUE(camp::text::is_blank(sp + sp + " \t")) << space;
    EXPECT_FALSE(camp::text::is_blank(sp + "x")) << space;
  }
  EXPECT_TRUE(camp::text::is_blank(""));
  // Look-alikes that are not White_Space: zero-width space, BOM, an invalid byte.
  EXPECT_FALSE(camp::text::is_blank("\u200B"));
  EXPECT_FALSE(camp::text::is_blank("\uFEFF"));
  EXPECT_FALSE(camp::text::is_blank("\xE3\x80"));  // a cut U+3000
  EXPECT_EQ(camp::text::trim("\xE3\x80\x80\xE3\x80"), "\xE3\x80");
  EXPECT_EQ(camp::text::trim("\x80\xC2\xA0"), "\x80");
}

TEST(Text, LowerAsciiLeavesOtherBytesAlone) {
  EXPECT_EQ(lower_ascii("Taro.YAMADA@Example.COM"), "taro.yamada@example.com");
  EXPECT_EQ(lower_ascii("ＡＢＣ Rails"), "ＡＢＣ rails");  // full-width letters are not ASCII
  EXPECT_EQ(lower_ascii(""), "");
}
