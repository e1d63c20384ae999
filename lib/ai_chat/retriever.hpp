#pragma once
// Grounding for the AI chat: what the school vouches for that is closest to what the student
// asked. Resolved questions whose solution a mentor or an admin wrote (or chose, unedited since)
// and curriculum tasks, matched by any of the student's words. Only titles and passages of
// answers and task bodies go out: never who wrote them, their e-mail or anything else about
// another student (docs/ai-chat.md "Grounding").
#include <string>
#include <vector>

#include "ai_chat/model.hpp"
#include "db/pool.hpp"

namespace camp::ai_chat {

// The words worth searching for: runs of ASCII letters/digits (2+ characters, lower-cased),
// of kanji and of katakana (2+ characters each); hiragana and punctuation separate them.
// Unique, at most `max_terms` (the longest ones, in their original order).
std::vector<std::string> extract_terms(const std::string& text, std::size_t max_terms = 8);

// The whole lines of Markdown `text` around the line holding most of `terms` (its beginning
// when none does), about `max_chars` characters: a cut through a code block or a table gets
// its fence or header row back, "…" marks what was left out, one overlong line is cut too.
std::string passage(const std::string& text, const std::vector<std::string>& terms, std::size_t max_chars);

// The `limit` best passages for `input` above the relevance threshold, questions before tasks
// when equally good.
std::vector<Passage> retrieve(db::Tx& tx, const std::string& input, int limit);

}  // namespace camp::ai_chat
