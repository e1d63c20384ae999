#include "ai_chat/retriever.hpp"

#include <algorithm>
#include <optional>

#include <utf8cpp/utf8.h>

#include "core/text.hpp"
#include "core/utf8.hpp"
#include "reporting/knowledge.hpp"

namespace camp::ai_chat {
namespace {

enum class Kind { other, ascii, kanji, katakana };

// Decodes one UTF-8 character at `i` (advancing it); an invalid byte is one character of kind `other`.
Kind next_char(const std::string& s, std::size_t& i, std::string& bytes) {
  const auto from = s.begin() + static_cast<std::ptrdiff_t>(i);
  auto it = from;
  std::uint32_t cp = 0xFFFD;
  try {
    cp = utf8::next(it, s.end());
  } catch (const utf8::exception&) {  // rare: text reaching the database is valid UTF-8
    it = from + 1;
  }
  bytes.assign(from, it);
  i = static_cast<std::size_t>(it - s.begin());
  if (cp < 0x80) {
    const auto c = static_cast<char>(cp);
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '_') return Kind::ascii;
    if (c >= 'A' && c <= 'Z') {
      bytes[0] = static_cast<char>(c - 'A' + 'a');
      return Kind::ascii;
    }
    return Kind::other;
  }
  if ((cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) || cp == 0x3005) return Kind::kanji;
  if ((cp >= 0x30A1 && cp <= 0x30FA) || cp == 0x30FC) return Kind::katakana;
  return Kind::other;
}

const std::vector<std::string>& stop_words() {
  static const std::vector<std::string> words = {"the", "is", "are", "and", "or", "in", "on", "to", "of", "it",
                                                 "do", "how", "what", "why", "質問", "方法", "場合", "教え", "エラー"};
  return words;
}

bool ascii_term(const std::string& term) { return !term.empty() && static_cast<unsigned char>(term[0]) < 0x80; }

// A PostgreSQL regular expression (matched case-blind with ~*): an ASCII word only as a whole
// word, plurals too ("stall" is not in "install"; "migration" is in "migrations"), a Japanese run
// anywhere (Japanese has no spaces). The word's edges are ASCII ones, not \m \M: "Railsの"
// holds "rails" although の is a letter.
std::string search_pattern(const std::string& term) {
  std::string p;
  for (char ch : term) {
    if (std::string_view(".^$*+?()[]{}|\\").find(ch) != std::string_view::npos) p += '\\';
    p += ch;
  }
  return ascii_term(term) ? "(^|[^a-z0-9_])" + p + "(e?s)?([^a-z0-9_]|$)" : p;
}

bool word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

// Whether `lower` (lower-cased) holds the term as search_pattern means it.
bool holds(std::string_view lower, const std::string& term) {
  if (!ascii_term(term)) return lower.find(term) != std::string_view::npos;
  for (auto at = lower.find(term); at != std::string_view::npos; at = lower.find(term, at + 1)) {
    auto end = at + term.size();
    if (lower.substr(end).starts_with("es")) end += 2;
    else if (lower.substr(end).starts_with("s")) end += 1;
    if ((at == 0 || !word_char(lower[at - 1])) && (end == lower.size() || !word_char(lower[end]))) return true;
  }
  return false;
}

bool blank(std::string_view s) { return s.find_first_not_of(" \t") == std::string_view::npos; }

// A fence opens or closes a code block: ``` or ~~~ after at most three spaces.
std::string_view fence_marker(std::string_view line) {
  const auto at = line.find_first_not_of(' ');
  if (at == std::string_view::npos || at > 3) return {};
  line.remove_prefix(at);
  return line.starts_with("```") || line.starts_with("~~~") ? line.substr(0, 3) : std::string_view{};
}

// A table's delimiter row: |---|:--:| (pipes, dashes, colons and spaces only).
bool table_delimiter(std::string_view line) {
  return line.find('|') != std::string_view::npos && line.find('-') != std::string_view::npos &&
         line.find_first_not_of("|-: \t") == std::string_view::npos;
}

// One line of a Markdown text, with what a cut through it needs: the code block or the table it
// belongs to (their first line), so that a passage starting inside gets its opening back.
struct Line {
  std::string text;
  std::size_t chars = 0;
  int hits = 0;                       // how many of the terms it holds
  std::optional<std::size_t> fence;   // the opening fence of its code block (fences included)
  bool closes = false;                // the closing fence
  std::optional<std::size_t> header;  // the header row of its table (delimiter and body rows)
};

std::vector<Line> lines_of(const std::string& text, const std::vector<std::string>& terms) {
  std::vector<Line> out;
  std::optional<std::size_t> open;
  std::string marker;
  for (std::size_t at = 0; at <= text.size();) {
    auto end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    Line l;
    l.text = text.substr(at, end - at);
    if (!l.text.empty() && l.text.back() == '\r') l.text.pop_back();
    at = end + 1;
    l.chars = text::char_count(l.text);
    const auto lower = text::lower_ascii(l.text);
    for (const auto& t : terms) l.hits += holds(lower, t) ? 1 : 0;
    const auto i = out.size();
    if (open) {
      l.fence = open;
      if (fence_marker(l.text) == marker) {
        l.closes = true;
        open.reset();
      }
    } else if (!fence_marker(l.text).empty()) {
      open = l.fence = i;
      marker = fence_marker(l.text);
    } else if (i > 0 && !blank(l.text) && l.text.find('|') != std::string::npos && !out.back().fence) {
      if (out.back().header) l.header = out.back().header;
      else if (table_delimiter(l.text) && out.back().text.find('|') != std::string::npos) l.header = i - 1;
    }
    out.push_back(std::move(l));
  }
  return out;
}

// Up to `max_chars` characters of one long line, from a third of them before its first match.
std::string cut_line(const std::string& line, const std::vector<std::string>& terms, std::size_t max_chars) {
  const auto lower = text::lower_ascii(line);
  std::size_t at = std::string::npos;
  for (const auto& t : terms) at = std::min(at, lower.find(t));
  // A third of the window before the match (counted in bytes: at most that many characters),
  // so the match itself is always inside it.
  const std::size_t lead = max_chars / 3;
  std::size_t start = at == std::string::npos || at < lead ? 0 : at - lead;
  while (start > 0 && (static_cast<unsigned char>(line[start]) & 0xC0) == 0x80) --start;
  std::string_view rest(line);
  rest.remove_prefix(start);
  std::size_t bytes = 0, chars = 0;
  while (bytes < rest.size() && chars < max_chars) {
    ++bytes;
    while (bytes < rest.size() && (static_cast<unsigned char>(rest[bytes]) & 0xC0) == 0x80) ++bytes;
    ++chars;
  }
  std::string out = (start > 0 ? "…" : "") + std::string(rest.substr(0, bytes));
  if (bytes < rest.size()) out += "…";
  return out;
}

}  // namespace

std::vector<std::string> extract_terms(const std::string& text, std::size_t max_terms) {
  struct Term {
    std::string text;
    std::size_t chars;
  };
  std::vector<Term> terms;
  std::string run, bytes;
  std::size_t run_chars = 0;
  Kind run_kind = Kind::other;
  auto close = [&] {
    if (run_kind != Kind::other && run_chars >= 2 &&
        std::find(stop_words().begin(), stop_words().end(), run) == stop_words().end() &&
        std::none_of(terms.begin(), terms.end(), [&](const Term& t) { return t.text == run; }))
      terms.push_back({run, run_chars});
    run.clear();
    run_chars = 0;
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto kind = next_char(text, i, bytes);
    if (kind != run_kind) {
      close();
      run_kind = kind;
    }
    if (kind != Kind::other && run.size() < 64) {
      run += bytes;
      ++run_chars;
    }
  }
  close();
  if (terms.size() > max_terms) {  // keep the longest, in their order
    std::vector<std::size_t> lengths;
    for (const auto& t : terms) lengths.push_back(t.chars);
    std::nth_element(lengths.begin(), lengths.begin() + static_cast<long>(max_terms) - 1, lengths.end(),
                     std::greater<>());
    const auto cut = lengths[max_terms - 1];
    std::vector<Term> kept;
    for (const auto& t : terms)
      if (t.chars > cut && kept.size() < max_terms) kept.push_back(t);
    for (const auto& t : terms)
      if (t.chars == cut && kept.size() < max_terms) kept.push_back(t);
    std::stable_sort(kept.begin(), kept.end(), [&](const Term& a, const Term& b) {
      return std::find_if(terms.begin(), terms.end(), [&](const Term& t) { return t.text == a.text; }) <
             std::find_if(terms.begin(), terms.end(), [&](const Term& t) { return t.text == b.text; });
    });
    terms = std::move(kept);
  }
  std::vector<std::string> out;
  for (auto& t : terms) out.push_back(std::move(t.text));
  return out;
}

std::string passage(const std::string& text, const std::vector<std::string>& terms, std::size_t max_chars) {
  auto lines = lines_of(text, terms);
  std::size_t best = 0;
  while (best + 1 < lines.size() && blank(lines[best].text)) ++best;
  for (std::size_t i = best; i < lines.size(); ++i)
    if (lines[i].hits > lines[best].hits) best = i;
  if (lines[best].chars > max_chars) {
    lines[best].text = cut_line(lines[best].text, terms, max_chars);
    lines[best].chars = max_chars;
  }
  // Whole lines around the best one: the line before it (often its heading), then what follows
  // it, then more before it while there is room.
  std::size_t lo = best, hi = best, used = lines[best].chars;
  const auto fits = [&](std::size_t i, std::size_t room) { return used + 1 + lines[i].chars <= room; };
  while (lo > 0 && fits(lo - 1, lines[best].chars + max_chars / 3)) {
    used += 1 + lines[--lo].chars;
    if (!blank(lines[lo].text)) break;
  }
  while (hi + 1 < lines.size() && fits(hi + 1, max_chars)) used += 1 + lines[++hi].chars;
  while (lo > 0 && fits(lo - 1, max_chars)) used += 1 + lines[--lo].chars;
  // No blank edges, no heading left hanging at the end without its text, no code block that
  // would show empty (its opening fence the last line).
  const auto hanging = [&](const Line& l, std::size_t i) {
    return blank(l.text) || (l.text.starts_with('#') && !l.fence) || (l.fence && *l.fence == i);
  };
  while (lo < hi && blank(lines[lo].text)) ++lo;
  while (hi > best && hanging(lines[hi], hi)) --hi;

  std::vector<std::string_view> out;
  const auto any_text = [&](std::size_t from, std::size_t to) {
    return std::any_of(lines.begin() + static_cast<long>(from), lines.begin() + static_cast<long>(to),
                       [](const Line& l) { return !blank(l.text); });
  };
  if (any_text(0, lo)) out.insert(out.end(), {"…", ""});
  // Cut inside a code block or a table: its opening fence, or its header row, comes first.
  if (lines[lo].fence && *lines[lo].fence != lo) out.push_back(lines[*lines[lo].fence].text);
  if (const auto h = lines[lo].header) {
    out.push_back(lines[*h].text);
    if (lo > *h + 1) out.push_back(lines[*h + 1].text);
  }
  for (std::size_t i = lo; i <= hi; ++i)
    if (!(blank(lines[i].text) && blank(out.empty() ? "" : out.back()))) out.push_back(lines[i].text);
  if (lines[hi].fence && !lines[hi].closes) out.push_back(fence_marker(lines[*lines[hi].fence].text));
  if (any_text(hi + 1, lines.size())) out.insert(out.end(), {"", "…"});
  std::string joined;
  for (const auto& l : out) (joined += l) += '\n';
  if (!joined.empty()) joined.pop_back();
  return joined;
}

std::vector<Passage> retrieve(db::Tx& tx, const std::string& input, int limit) {
  const auto terms = extract_terms(input);
  if (terms.empty() || limit < 1) return {};
  std::vector<std::string> patterns;
  for (const auto& t : terms) patterns.push_back(search_pattern(t));
  // Relevance: each term found counts once, once more in the title. A source must hold a third
  // of the terms (at least one) and score more than half the best one; the rest is noise.
  const int needed = (static_cast<int>(terms.size()) + 2) / 3;
  const int candidates = limit * 4;
  std::vector<Passage> out;
  for (const auto& q : reporting::vouched_solutions(tx, patterns, candidates)) {
    if (q.matched < needed) continue;
    // The question's title (the link) and the passage of its vouched answer that matches best.
    out.push_back({{q.title, "/questions/" + std::to_string(q.id), "question"}, passage(q.body, terms, 300),
                   q.matched + q.in_title});
  }
  for (const auto& t : reporting::matching_tasks(tx, patterns, candidates)) {
    if (t.matched < needed) continue;
    out.push_back({{t.title, "/curriculums/" + t.curriculum_name + "#task-" + std::to_string(t.id), "curriculum"},
                   passage(t.body, terms, 300), t.matched + t.in_title});
  }
  std::stable_sort(out.begin(), out.end(), [](const Passage& a, const Passage& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.source.kind == "question" && b.source.kind != "question";
  });
  if (!out.empty()) std::erase_if(out, [best = out.front().score](const Passage& p) { return 2 * p.score <= best; });
  if (out.size() > static_cast<std::size_t>(limit)) out.resize(static_cast<std::size_t>(limit));
  return out;
}

}  // namespace camp::ai_chat
