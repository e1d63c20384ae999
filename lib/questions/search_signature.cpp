#include "questions/search_signature.hpp"

#include <algorithm>
#include <optional>
#include <utf8cpp/utf8.h>

namespace camp::questions {

int bigram_bit(char32_t a, char32_t b) {
  const std::uint32_t x = static_cast<std::uint32_t>(a) * 31u + static_cast<std::uint32_t>(b);
  return static_cast<int>((x * 2654435761u) >> 22);  // 32-bit wrap: the SQL's % 4294967296
}

namespace {

// `c` as lower() leaves it in any locale, or nothing when that depends on the locale.
std::optional<char32_t> surely_lowered(char32_t c) {
  if (c <= U' ' || c == U'I') return std::nullopt;  // blanks are in no bigram; Turkish lowers I to ı
  if (c >= U'A' && c <= U'Z') return c + (U'a' - U'A');
  if (c < 0x80) return c;
  const bool caseless = (c >= 0x3001 && c <= 0x30FF)     // Japanese punctuation (not the space), hiragana, katakana
                        || (c >= 0x3400 && c <= 0x4DBF)  // CJK extension A
                        || (c >= 0x4E00 && c <= 0x9FFF)  // CJK unified ideographs
                        || (c >= 0xFF01 && c <= 0xFF9F && !(c >= 0xFF21 && c <= 0xFF3A) &&
                            !(c >= 0xFF41 && c <= 0xFF5A));  // full-width digits and signs, half-width kana
  if (caseless) return c;
  return std::nullopt;
}

// The keyword's bits in order, or an empty list for text that is not valid UTF-8.
std::vector<int> keyword_bits(const std::string& keyword) {
  std::vector<std::optional<char32_t>> chars;
  try {
    for (auto it = keyword.begin(); it != keyword.end();) chars.push_back(surely_lowered(utf8::next(it, keyword.end())));
  } catch (const utf8::exception&) {
    return {};
  }
  std::vector<int> bits;
  for (std::size_t i = 0; i + 1 < chars.size(); ++i)
    if (chars[i] && chars[i + 1]) bits.push_back(bigram_bit(*chars[i], *chars[i + 1]));
  return bits;
}

}  // namespace

std::vector<int> signature_probes(const std::vector<std::string>& keywords, std::size_t max) {
  std::vector<std::vector<int>> per_keyword;
  for (const auto& k : keywords) per_keyword.push_back(keyword_bits(k));
  std::vector<int> out;
  // Round robin: a probe from each keyword before a second one from any.
  for (std::size_t round = 0; out.size() < max; ++round) {
    bool any = false;
    for (const auto& bits : per_keyword) {
      if (round >= bits.size()) continue;
      any = true;
      if (std::find(out.begin(), out.end(), bits[round]) == out.end() && out.size() < max) out.push_back(bits[round]);
    }
    if (!any) break;
  }
  return out;
}

}  // namespace camp::questions
