#pragma once
// The bits of questions.search_signature (migration 0042) that a keyword search can test
// before reading a question's text: each question sets one bit among 1,024 for each bigram
// (two adjacent characters) of its lowered title and body, and a question holding a keyword
// holds every bigram of it. A bit is only a hint (other bigrams share it); LIKE decides.
#include <string>
#include <vector>

namespace camp::questions {

inline constexpr int kSignatureBits = 1024;

// The bit of the bigram (a, b), code points of lowered text: as camp_bigram_bit() in SQL.
int bigram_bit(char32_t a, char32_t b);

// Up to `max` distinct bits that every question matching all `keywords` has set, taken from
// the keywords in turn. Only bigrams whose lowering this side knows for certain are used:
// ASCII (A-Z become a-z, as lower() does in every locale but Turkish, so uppercase I is left
// out) and the caseless kana, kanji, full-width digits and Japanese punctuation. Empty when
// none is left (one character, or only letters such as full-width Latin whose lowering
// belongs to the database's locale): the walk then reads the text itself.
std::vector<int> signature_probes(const std::vector<std::string>& keywords, std::size_t max);

}  // namespace camp::questions
