#pragma once
// Grounding for the AI chat: the resolved questions and curriculum tasks closest to what the
// student asked. Questions are found with the question box's own search (one keyword at a
// time, so that any of the student's words may match), tasks with the same substring match.
// Only titles, question and answer texts and task bodies go out: never who wrote them, their
// e-mail or anything else about another student (docs/ai-chat.md "What goes into a prompt").
#include <string>
#include <vector>

#include "ai_chat/model.hpp"
#include "db/pool.hpp"

namespace camp::ai_chat {

// The words worth searching for: runs of ASCII letters/digits (2+ characters, lower-cased),
// of kanji and of katakana (2+ characters each); hiragana and punctuation separate them.
// Unique, at most `max_terms` (the longest ones, in their original order).
std::vector<std::string> extract_terms(const std::string& text, std::size_t max_terms = 8);

// Up to `max_chars` characters of `text` from around its first occurrence of any of `terms`
// (the beginning when none occurs), whitespace flattened to single spaces.
std::string excerpt(const std::string& text, const std::vector<std::string>& terms, std::size_t max_chars);

// The `limit` best passages for `input`, questions before tasks when equally good.
std::vector<Passage> retrieve(db::Tx& tx, const std::string& input, int limit);

}  // namespace camp::ai_chat
