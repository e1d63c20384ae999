#pragma once
// Mentions: `@nickname` in a question, an answer, a review comment or a mentoring record tells
// that account (event mention.created, docs/notifications.md "Mentions"). The writing use case
// calls record_mentions in its own transaction; the dispatcher's rule decides, per mentioned
// account, whether it may read the object.
//
// How the text is read (Japanese has no spaces, and nicknames may hold any character):
//   - a mention starts at `@` or the full-width `＠` (what a Japanese IME types), unless an ASCII
//     letter, digit or one of `_ . + - / %` stands before it (an e-mail address, a URL's path);
//   - it names the LONGEST nickname of an account that the rest of its line starts with, as
//     long as no ASCII letter, digit or `_` follows that nickname (`@taroさん` names "taro",
//     `@tarou` does not; `@山田さん` names "山田"), at most limits::nickname_max characters;
//   - nothing inside fenced code blocks (``` or ~~~) or inline code (`...` within a line);
//   - at most limits::mentions_per_text_max different nicknames per text (the first ones);
//   - a nickname shared by several accounts names all of them (the dispatcher keeps those who
//     may read the object).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"

namespace camp::notifications {

// --- the text (pure)
// The rest of the line after each `@` that may start a mention, at most nickname_max characters.
std::vector<std::string> mention_runs(std::string_view text);
// Every nickname a run might name: its prefixes that no ASCII letter, digit or `_` follows,
// longest first.
std::vector<std::string> mention_prefixes(std::string_view run);
// The nicknames the text names among `known` (the nicknames that exist), in order of
// appearance, each once, at most mentions_per_text_max.
std::vector<std::string> mentioned_nicknames(std::string_view text, const std::set<std::string>& known);

// --- in a use case's transaction
// The accounts `text` mentions (ids, ascending); those `previous_text` mentioned already are
// left out (an edit tells only the newly mentioned), and so is the writer.
std::vector<std::int64_t> new_mentions(db::Tx& tx, std::string_view text, std::string_view previous_text,
                                       std::int64_t writer_id);

// What was written where, for the notification: `object` is question | answer | review |
// mentoring; `facts` the ids and title the rule needs (question_id, submission_id and
// student_id, student_record_id ...).
struct MentionSite {
  std::string object;
  nlohmann::json facts;
};
// One mention.created event per newly mentioned account (payload: the site's facts, object,
// account_id, writer_nickname, excerpt: the first line of the text).
void record_mentions(db::Tx& tx, const accounts::Account& writer, const MentionSite& site, std::string_view text,
                     std::string_view previous_text = {});

}  // namespace camp::notifications
