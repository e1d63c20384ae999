#include "notifications/mentions.hpp"

#include <algorithm>
#include <optional>
#include <tuple>

#include "core/limits.hpp"
#include "core/utf8.hpp"
#include "notifications/events.hpp"
#include "notifications/mention_repo.hpp"
#include "notifications/model.hpp"

namespace camp::notifications {
namespace {

constexpr std::string_view kFullWidthAt = "\xEF\xBC\xA0";  // ＠
// Runs looked at per text: enough for mentions_per_text_max names among stray @s, and a bound
// on the lookup (each run gives at most nickname_max prefixes).
constexpr std::size_t kMaxRuns = 3 * limits::mentions_per_text_max;

bool ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool ascii_word(char c) { return ascii_alnum(c) || c == '_'; }
// What stands before the @ of an e-mail address or a URL's path.
bool joins_at(char c) { return ascii_alnum(c) || std::string_view("_.+-/%").find(c) != std::string_view::npos; }

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto end = text.find('\n', start);
    out.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

// A fence line (``` or ~~~, at least three, up to three spaces before): its character and length.
std::optional<std::pair<char, std::size_t>> fence(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;
  if (i >= line.size() || (line[i] != '`' && line[i] != '~')) return std::nullopt;
  const char c = line[i];
  std::size_t n = 0;
  while (i + n < line.size() && line[i + n] == c) ++n;
  if (n < 3) return std::nullopt;
  return std::pair{c, n};
}

// The line with each inline code span (a run of backticks up to the next run of as many) a space.
std::string without_inline_code(std::string_view line) {
  std::string out;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] != '`') {
      out += line[i++];
      continue;
    }
    std::size_t n = 0;
    while (i + n < line.size() && line[i + n] == '`') ++n;
    std::size_t close = std::string_view::npos;
    for (std::size_t j = i + n; j < line.size();) {
      if (line[j] != '`') {
        ++j;
        continue;
      }
      std::size_t m = 0;
      while (j + m < line.size() && line[j + m] == '`') ++m;
      if (m == n) {
        close = j;
        break;
      }
      j += m;
    }
    if (close == std::string_view::npos) {
      out.append(line.substr(i, n));  // no closing run: literal backticks
      i += n;
    } else {
      out += ' ';
      i = close + n;
    }
  }
  return out;
}

bool ends_in_blank(std::string_view s) {
  return !s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' ||
                        (s.size() >= 3 && s.substr(s.size() - 3) == "\xE3\x80\x80"));  // U+3000
}

}  // namespace

std::vector<std::string> mention_runs(std::string_view text) {
  std::vector<std::string> out;
  char open_char = 0;  // inside a fenced block: its character and length
  std::size_t open_length = 0;
  for (const auto raw : lines_of(text)) {
    if (const auto f = fence(raw)) {
      if (!open_char) std::tie(open_char, open_length) = *f;
      else if (f->first == open_char && f->second >= open_length) open_char = 0;
      continue;
    }
    if (open_char) continue;
    const auto line = without_inline_code(raw);
    for (std::size_t i = 0; i < line.size() && out.size() < kMaxRuns; ++i) {
      std::size_t width = 0;
      if (line[i] == '@') width = 1;
      else if (std::string_view(line).substr(i, 3) == kFullWidthAt) width = 3;
      if (!width || (i > 0 && joins_at(line[i - 1]))) continue;
      const auto run = text::take_chars(std::string_view(line).substr(i + width), limits::nickname_max);
      if (!run.empty()) out.emplace_back(run);
      i += width - 1;
    }
    if (out.size() >= kMaxRuns) break;
  }
  return out;
}

std::vector<std::string> mention_prefixes(std::string_view run) {
  std::vector<std::string> out;
  for (std::size_t end = 1; end <= run.size(); ++end) {
    if (end < run.size() && text::char_start(run, end) != end) continue;  // inside a character
    const auto prefix = run.substr(0, end);
    if (end < run.size() && ascii_word(run[end])) continue;
    if (ends_in_blank(prefix)) continue;
    out.emplace_back(prefix);
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<std::string> mentioned_nicknames(std::string_view text, const std::set<std::string>& known) {
  std::vector<std::string> out;
  for (const auto& run : mention_runs(text)) {
    for (auto& name : mention_prefixes(run)) {
      if (!known.count(name)) continue;
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
      break;
    }
    if (out.size() >= limits::mentions_per_text_max) break;
  }
  return out;
}

std::vector<std::int64_t> new_mentions(db::Tx& tx, std::string_view text, std::string_view previous_text,
                                       std::int64_t writer_id) {
  std::vector<std::string> candidates;
  for (const auto* t : {&text, &previous_text})
    for (const auto& run : mention_runs(*t))
      for (auto& p : mention_prefixes(run)) candidates.push_back(std::move(p));
  if (candidates.empty()) return {};
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  const auto accounts = mention_repo::accounts_named(tx, candidates);
  std::set<std::string> known;
  for (const auto& a : accounts) known.insert(a.nickname);
  const auto now = mentioned_nicknames(text, known);
  const auto before = mentioned_nicknames(previous_text, known);
  std::vector<std::int64_t> out;
  for (const auto& a : accounts)
    if (a.id != writer_id && std::find(now.begin(), now.end(), a.nickname) != now.end() &&
        std::find(before.begin(), before.end(), a.nickname) == before.end())
      out.push_back(a.id);
  std::sort(out.begin(), out.end());
  return out;
}

void record_mentions(db::Tx& tx, const accounts::Account& writer, const MentionSite& site, std::string_view text,
                     std::string_view previous_text) {
  const auto ids = new_mentions(tx, text, previous_text, writer.id);
  if (ids.empty()) return;
  auto payload = site.facts;
  payload["object"] = site.object;
  payload["writer_nickname"] = writer.display_name;
  payload["excerpt"] = first_line(text);
  for (const auto id : ids) {
    payload["account_id"] = id;
    record_event(tx, kMentionCreated, writer.recorded_id(), payload);
  }
}

}  // namespace camp::notifications
