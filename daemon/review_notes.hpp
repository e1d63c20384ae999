#pragma once
// The reviewers' notes (config/review-notes/<name>.md), embedded at build time by
// cmake/embed_review_notes.cmake: the daemon needs no files at run time. A missing directory
// embeds nothing (every note is then a 404).
#include <optional>
#include <string>

namespace camp {

struct ReviewNote {
  std::string name;
  std::string title;  // the first "# " heading
  std::string body;   // Markdown
};

std::optional<ReviewNote> find_review_note(const std::string& name);

}  // namespace camp
