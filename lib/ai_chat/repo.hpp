#pragma once
// The AI chat's SQL (docs/ai-chat.md).
#include <optional>
#include <string>
#include <vector>

#include "ai_chat/model.hpp"
#include "db/pool.hpp"

namespace camp::ai_chat::repo {

// One account's turns are decided one at a time (the limits count what is already there).
void lock_account_turns(db::Tx& tx, std::int64_t account_id);
std::optional<Conversation> find_conversation(db::Tx& tx, std::int64_t id);
// The conversation's owner, locked until commit (a new turn touches updated_at).
std::optional<std::int64_t> lock_conversation(db::Tx& tx, std::int64_t id);
std::int64_t insert_conversation(db::Tx& tx, std::int64_t account_id, const std::string& title);
void touch_conversation(db::Tx& tx, std::int64_t id);
int user_turns_last_hour(db::Tx& tx, std::int64_t account_id);
long long tokens_today(db::Tx& tx, std::int64_t account_id);
std::int64_t insert_message(db::Tx& tx, std::int64_t conversation_id, std::int64_t account_id, const std::string& role,
                            const std::string& body, const std::vector<Source>& sources, const std::string& status,
                            int tokens);
// The last `limit` finished messages, oldest first: {role, body}.
std::vector<std::pair<std::string, std::string>> history(db::Tx& tx, std::int64_t conversation_id, int limit);
std::vector<Message> messages(db::Tx& tx, std::int64_t conversation_id);
struct ConversationList {
  std::vector<Conversation> items;
  std::int64_t total = 0;
};
ConversationList conversations(db::Tx& tx, std::int64_t account_id, int per, int offset);

}  // namespace camp::ai_chat::repo
