// The mention parser (lib/notifications/mentions.hpp): where a mention starts and ends in
// Japanese text, the full-width ＠, e-mail addresses and code.
#include <gtest/gtest.h>

#include "core/limits.hpp"
#include "notifications/mentions.hpp"

namespace camp::notifications {
namespace {

using Names = std::vector<std::string>;

Names named(std::string_view text, std::set<std::string> known) { return mentioned_nicknames(text, known); }

TEST(Mentions, NicknameFollowedByJapaneseText) {
  EXPECT_EQ(named("@taroさん、ありがとうございます", {"taro"}), Names{"taro"});
  EXPECT_EQ(named("ありがとう@taro！", {"taro"}), Names{"taro"});
  EXPECT_EQ(named("@山田さん確認お願いします", {"山田"}), Names{"山田"});
}

TEST(Mentions, LongestNicknameWins) {
  EXPECT_EQ(named("@山田太郎さん", {"山田", "山田太郎"}), Names{"山田太郎"});
  EXPECT_EQ(named("@Taro Yamada thanks", {"Taro", "Taro Yamada"}), Names{"Taro Yamada"});
}

TEST(Mentions, AsciiWordCharacterAfterTheNicknameIsNotAMention) {
  EXPECT_EQ(named("@tarou", {"taro"}), Names{});
  EXPECT_EQ(named("@taro_2", {"taro"}), Names{});
  EXPECT_EQ(named("@taro.", {"taro"}), Names{"taro"});
  EXPECT_EQ(named("@taro's answer", {"taro"}), Names{"taro"});
}

TEST(Mentions, FullWidthAtIsAMention) {
  EXPECT_EQ(named("＠taroさん", {"taro"}), Names{"taro"});
  EXPECT_EQ(named("確認は＠花子さんに", {"花子"}), Names{"花子"});
}

TEST(Mentions, EmailAddressesAndUrlsAreNotMentions) {
  EXPECT_EQ(named("taro@example.com に送りました", {"example.com", "example"}), Names{});
  EXPECT_EQ(named("first.last+tag@taro", {"taro"}), Names{});
  EXPECT_EQ(named("https://example.com/@taro を見て", {"taro"}), Names{});
  EXPECT_EQ(named("メール（taro＠example.com）", {"example.com"}), Names{});
}

TEST(Mentions, CodeIsNotAMention) {
  EXPECT_EQ(named("`@taro` と書きます", {"taro"}), Names{});
  EXPECT_EQ(named("``a ` @taro``", {"taro"}), Names{});
  EXPECT_EQ(named("```ruby\n@taro = 1\n```\n@hanako", {"taro", "hanako"}), Names{"hanako"});
  EXPECT_EQ(named("~~~\n@taro\n~~~", {"taro"}), Names{});
  EXPECT_EQ(named("````\n```\n@taro\n````", {"taro"}), Names{});
  // A lone backtick is text, not code.
  EXPECT_EQ(named("` @taro", {"taro"}), Names{"taro"});
}

TEST(Mentions, UnknownNicknamesAndLoneAtsNameNobody) {
  EXPECT_EQ(named("@nobody @ @", {"taro"}), Names{});
  EXPECT_EQ(named("", {"taro"}), Names{});
  EXPECT_EQ(named("@", {}), Names{});
}

TEST(Mentions, EachNicknameOnceAndAtMostTheLimit) {
  EXPECT_EQ(named("@taro @hanako @taro", {"taro", "hanako"}), (Names{"taro", "hanako"}));
  std::set<std::string> known;
  std::string text;
  for (int i = 0; i < 15; ++i) {
    known.insert("u" + std::to_string(i) + "x");
    text += "@u" + std::to_string(i) + "x ";
  }
  EXPECT_EQ(named(text, known).size(), static_cast<std::size_t>(limits::mentions_per_text_max));
}

TEST(Mentions, PrefixesEndOnCharacterBoundariesLongestFirst) {
  EXPECT_EQ(mention_prefixes("山田 x"), (Names{"山田 x", "山田", "山"}));
  EXPECT_EQ(mention_prefixes("ab"), Names{"ab"});  // "a" is followed by b
  EXPECT_EQ(mention_runs("a\n@taro さん\n＠花子"), (Names{"taro さん", "花子"}));
}

TEST(Mentions, InvalidUtf8IsReadWithoutOverrun) {
  EXPECT_EQ(named("@\xE3\x81 \xFF@taro", {"taro"}), Names{"taro"});
  EXPECT_EQ(named("\xE3@taro", {"taro"}), Names{"taro"});
}

}  // namespace
}  // namespace camp::notifications
