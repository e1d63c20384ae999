#include "ai_chat/retriever.hpp"

#include <algorithm>
#include <map>

#include "core/text.hpp"
#include "db/arrays.hpp"
#include "questions/repo.hpp"

namespace camp::ai_chat {
namespace {

constexpr db::Statement kTasks{
    "ai_chat.tasks",
    "SELECT t.id, t.curriculum_name, t.title, t.body, "
    "  2 * (SELECT count(*) FROM unnest($1::text[]) p WHERE t.title ILIKE p) "
    "  + (SELECT count(*) FROM unnest($1::text[]) p WHERE t.body ILIKE p) AS score "
    "FROM tasks t WHERE t.title ILIKE ANY ($1::text[]) OR t.body ILIKE ANY ($1::text[]) "
    "ORDER BY score DESC, t.id LIMIT $2"};

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
                                                 "do", "how", "what", "why", "質問", "方法", "場合", "教え"};
  return words;
}

std::string flatten(std::string_view text) {
  std::string out;
  bool space = false;
  for (char ch : text) {
    if (ch == '\n' || ch == '\r' || ch == '\t' || ch == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += ch;
  }
  return out;
}

std::string like_pattern(const std::string& term) {
  std::string p = "%";
  for (char ch : term) {
    if (ch == '%' || ch == '_' || ch == '\\') p += '\\';
    p += ch;
  }
  return p + "%";
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

std::string excerpt(const std::string& text, const std::vector<std::string>& terms, std::size_t max_chars) {
  const auto flat = flatten(text);
  const auto lower = text::lower_ascii(flat);
  std::size_t at = std::string::npos;
  for (const auto& t : terms) at = std::min(at, lower.find(t));
  // A third of the window before the match (counted in bytes: at most that many characters),
  // so the match itself is always inside it.
  const std::size_t lead = max_chars / 3;
  std::size_t start = at == std::string::npos || at < lead ? 0 : at - lead;
  while (start > 0 && (static_cast<unsigned char>(flat[start]) & 0xC0) == 0x80) --start;
  std::string_view rest(flat);
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

std::vector<Passage> retrieve(db::Tx& tx, const std::string& input, int limit) {
  const auto terms = extract_terms(input);
  if (terms.empty() || limit < 1) return {};
  struct Hit {
    int score = 0;
    questions::Question question;
  };
  std::map<std::int64_t, Hit> hits;
  for (const auto& term : terms) {
    questions::repo::SearchQuery q;
    q.keywords = {term};
    q.status = "solved";
    q.per = 10;
    for (auto& question : questions::repo::search(tx, q).items) {
      auto& hit = hits[question.id];
      hit.score += text::lower_ascii(question.title).find(term) != std::string::npos ? 2 : 1;
      hit.question = std::move(question);
    }
  }
  std::vector<Passage> out;
  for (const auto& [id, hit] : hits) {
    const auto& q = hit.question;
    std::string answer;
    if (q.solved_answer_id)
      if (const auto a = questions::repo::find_answer(tx, *q.solved_answer_id)) answer = a->body;
    // The question's own words, then the answer that solved it: no names, no e-mails.
    Passage p{{q.title, "/questions/" + std::to_string(q.id), "question"},
              excerpt(q.body, terms, 120) + "\n→ " + excerpt(answer, terms, 280), hit.score};
    out.push_back(std::move(p));
  }
  std::vector<std::string> patterns;
  for (const auto& t : terms) patterns.push_back(like_pattern(t));
  for (const auto& r : tx.exec(kTasks, db::text_array(patterns), limit)) {
    const auto name = r[1].as<std::string>();
    Passage p{{r[2].as<std::string>(), "/curriculums/" + name + "#task-" + r[0].as<std::string>(), "curriculum"},
              excerpt(r[3].as<std::string>(), terms, 300), r[4].as<int>()};
    out.push_back(std::move(p));
  }
  std::stable_sort(out.begin(), out.end(), [](const Passage& a, const Passage& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.source.kind == "question" && b.source.kind != "question";
  });
  if (out.size() > static_cast<std::size_t>(limit)) out.resize(static_cast<std::size_t>(limit));
  return out;
}

}  // namespace camp::ai_chat
