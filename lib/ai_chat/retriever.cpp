#include "ai_chat/retriever.hpp"

#include <algorithm>
#include <optional>

#include "accounts/model.hpp"
#include "core/text.hpp"
#include "db/arrays.hpp"

namespace camp::ai_chat {
namespace {

// The resolved questions the school vouches for: the solving answer was written by a mentor or
// an admin, or one of them chose it and it has not been edited since. $1 the LIKE patterns,
// $2 the staff roles, $3 how many. Counts: terms in the title, terms anywhere (question or answer).
constexpr db::Statement kVouchedQuestions{
    "ai_chat.vouched_questions",
    "SELECT * FROM (SELECT q.id, q.title, x.body, "
    "  (SELECT count(*) FROM unnest($1::text[]) p WHERE q.title ILIKE p)::int AS in_title, "
    "  (SELECT count(*) FROM unnest($1::text[]) p WHERE q.search_text LIKE p OR x.body ILIKE p)::int AS matched "
    "FROM questions q JOIN answers x ON x.id = q.solved_answer_id JOIN accounts author ON author.id = x.account_id "
    "LEFT JOIN accounts chooser ON chooser.id = q.solution_chosen_by "
    "WHERE (author.role = ANY ($2::text[]) OR (chooser.role = ANY ($2::text[]) AND x.updated_at <= q.solution_chosen_at)) "
    "AND (q.search_text LIKE ANY ($1::text[]) OR x.body ILIKE ANY ($1::text[]))) found "
    "ORDER BY matched + in_title DESC, id DESC LIMIT $3"};
// Curriculum tasks: the school's own text. Same counts.
constexpr db::Statement kTasks{
    "ai_chat.tasks",
    "SELECT * FROM (SELECT t.id, t.curriculum_name, t.title, t.body, "
    "  (SELECT count(*) FROM unnest($1::text[]) p WHERE t.title ILIKE p)::int AS in_title, "
    "  (SELECT count(*) FROM unnest($1::text[]) p WHERE t.title ILIKE p OR t.body ILIKE p)::int AS matched "
    "FROM tasks t WHERE t.title ILIKE ANY ($1::text[]) OR t.body ILIKE ANY ($1::text[])) found "
    "ORDER BY matched + in_title DESC, id LIMIT $2"};

// Roles whose answers (or choice of a solution) the school vouches for.
std::string staff_roles() {
  using accounts::Role;
  std::vector<std::string> names;
  for (const auto role : {Role::admin, Role::basic_mentor, Role::advanced_mentor, Role::spot_advanced_mentor})
    names.emplace_back(accounts::to_string(role));
  return db::text_array(names);
}

enum class Kind { other, ascii, kanji, katakana };

// Decodes one UTF-8 character at `i` (advancing it); invalid bytes count as `other`.
Kind next_char(const std::string& s, std::size_t& i, std::string& bytes) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  if (i + len > s.size()) len = 1;
  bytes.assign(s, i, len);
  char32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
  for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += len;
  if (len == 1) {
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

std::string like_pattern(const std::string& term) {
  std::string p = "%";
  for (char ch : term) {
    if (ch == '%' || ch == '_' || ch == '\\') p += '\\';
    p += ch;
  }
  return p + "%";
}

std::size_t utf8_chars(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; }));
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
    l.chars = utf8_chars(l.text);
    const auto lower = text::lower_ascii(l.text);
    for (const auto& t : terms) l.hits += lower.find(t) != std::string::npos ? 1 : 0;
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
  // No blank edges, no heading left hanging at the end without its text.
  while (lo < hi && blank(lines[lo].text)) ++lo;
  while (hi > best && (blank(lines[hi].text) || (lines[hi].text.starts_with('#') && !lines[hi].fence))) --hi;

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
  for (const auto& t : terms) patterns.push_back(like_pattern(t));
  const auto pattern_array = db::text_array(patterns);
  // Relevance: each term found counts once, once more in the title. A source must hold a third
  // of the terms (at least one) and score more than half the best one; the rest is noise.
  const int needed = (static_cast<int>(terms.size()) + 2) / 3;
  const int candidates = limit * 4;
  std::vector<Passage> out;
  for (const auto& r : tx.exec(kVouchedQuestions, pattern_array, staff_roles(), candidates)) {
    const auto matched = r[4].as<int>();
    if (matched < needed) continue;
    // The question's title (the link) and the passage of its vouched answer that matches best.
    out.push_back({{r[1].as<std::string>(), "/questions/" + r[0].as<std::string>(), "question"},
                   passage(r[2].as<std::string>(), terms, 300), matched + r[3].as<int>()});
  }
  for (const auto& r : tx.exec(kTasks, pattern_array, candidates)) {
    const auto matched = r[5].as<int>();
    if (matched < needed) continue;
    out.push_back({{r[2].as<std::string>(), "/curriculums/" + r[1].as<std::string>() + "#task-" + r[0].as<std::string>(),
                    "curriculum"},
                   passage(r[3].as<std::string>(), terms, 300), matched + r[4].as<int>()});
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
