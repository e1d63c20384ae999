#include "review_notes.hpp"

#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

namespace camp {

// Generated (embedded_review_notes.cpp): {name, Markdown} for every config/review-notes/*.md.
const std::vector<std::pair<std::string_view, std::string_view>>& embedded_review_notes();

std::optional<ReviewNote> find_review_note(const std::string& name) {
  // The two notes the web app links; any other file in the directory is not served.
  if (name != "rules-for-basic-mentors" && name != "rules-for-advanced-mentors") return std::nullopt;
  for (const auto& [n, body] : embedded_review_notes()) {
    if (n != name) continue;
    ReviewNote note{name, name, std::string(body)};
    std::istringstream lines(note.body);
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("# ", 0) == 0) {
        note.title = line.substr(2);
        while (!note.title.empty() && (note.title.back() == '\r' || note.title.back() == ' ')) note.title.pop_back();
        break;
      }
    }
    return note;
  }
  return std::nullopt;
}

}  // namespace camp
