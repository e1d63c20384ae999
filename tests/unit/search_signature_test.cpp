#include <gtest/gtest.h>

#include "questions/search_signature.hpp"

using namespace camp::questions;

TEST(SearchSignature, BitsAreWithinTheSignature) {
  for (char32_t a : {U'a', U'Z', U'ロ', U'漢', U'\U0010FFFF'})
    for (char32_t b : {U'0', U'グ', U'\U0002000B'}) {
      EXPECT_GE(bigram_bit(a, b), 0);
      EXPECT_LT(bigram_bit(a, b), kSignatureBits);
    }
}

TEST(SearchSignature, AsciiIsLoweredAndJapaneseKeptAsItIs) {
  EXPECT_EQ(signature_probes({"ROUTE"}, 8), signature_probes({"route"}, 8));
  EXPECT_EQ(signature_probes({"ログイン"}, 8),
            (std::vector<int>{bigram_bit(U'ロ', U'グ'), bigram_bit(U'グ', U'イ'), bigram_bit(U'イ', U'ン')}));
  EXPECT_EQ(signature_probes({"１２"}, 8), std::vector<int>{bigram_bit(U'１', U'２')});  // full-width digits
}

TEST(SearchSignature, BigramsWhoseLoweringDependsOnTheLocaleAreNotProbed) {
  EXPECT_EQ(signature_probes({"Id"}, 8), std::vector<int>{});           // Turkish lowers I to ı
  EXPECT_EQ(signature_probes({"ＡＢ"}, 8), std::vector<int>{});         // full-width letters
  EXPECT_EQ(signature_probes({"Éa"}, 8), std::vector<int>{});           // Latin-1 letters
  EXPECT_EQ(signature_probes({"aÉb"}, 8), std::vector<int>{});          // no two probeable neighbours
  EXPECT_EQ(signature_probes({"ab\rcd"}, 8).size(), 2u);                // blanks are in no bigram
  EXPECT_EQ(signature_probes({"字"}, 8), std::vector<int>{});           // one character
  EXPECT_EQ(signature_probes({std::string("a\xff" "b")}, 8), std::vector<int>{});  // not UTF-8
}

TEST(SearchSignature, KeywordsTakeTurnsUpToTheMaximumWithoutRepeats) {
  const auto probes = signature_probes({"abcd", "xy", "abab"}, 4);
  EXPECT_EQ(probes, (std::vector<int>{bigram_bit(U'a', U'b'), bigram_bit(U'x', U'y'), bigram_bit(U'b', U'c'),
                                      bigram_bit(U'b', U'a')}));
  EXPECT_EQ(signature_probes({"abcdefghijklmnop"}, 8).size(), 8u);
}
