#pragma once
// AI chat use cases (docs/ai-chat.md): a student's turn is stored in one transaction
// (validate -> lock the account's turns and the conversation -> policy: owner, rate limit,
// budget -> write), the answer afterwards with finish(). Reading: a student sees only their
// own conversations; admins read anyone's (support).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "accounts/model.hpp"
#include "ai_chat/model.hpp"
#include "core/config.hpp"
#include "db/pool.hpp"

namespace camp::ai_chat {

struct Turn {
  std::int64_t conversation_id = 0;
  std::int64_t account_id = 0;
  std::string input;                                         // trimmed
  std::vector<std::pair<std::string, std::string>> history;  // {role, body} before this turn
  std::vector<Passage> passages;                             // the grounding, best first
};

struct ConversationPage {
  std::vector<Conversation> items;
  std::int64_t total = 0;
  int page = 1, per = 20;
};

struct ConversationDetail {
  Conversation conversation;
  std::vector<Message> messages;
};

// Everyone with the question box (graduates have none) may use the chat.
void require_ai_chat(const accounts::Account& actor);

class AiChatService {
 public:
  AiChatService(db::Pool& pool, const AiChatConfig& config) : pool_(pool), config_(config) {}

  // May the actor add to conversation `id` (absent: a new one)? Throws forbidden / not_found.
  void check_conversation(const accounts::Account& actor, std::optional<std::int64_t> id);
  // Stores the student's message (creating the conversation when `id` is absent) and finds the
  // passages to ground the answer in. Throws invalid (the input), forbidden / not_found (the
  // conversation) or too_many_requests (rate limit; the daily budget when `metered`), each
  // with its Japanese message.
  Turn begin(const accounts::Account& actor, std::optional<std::int64_t> id, const std::string& input, bool metered);
  // Stores the answer (status done | error | cancelled) and the tokens it cost.
  void finish(const Turn& turn, const std::string& body, const std::vector<Source>& sources, const std::string& status,
              int tokens);

  ConversationPage list(const accounts::Account& actor, std::optional<std::int64_t> account_id, int page, int per);
  ConversationDetail get(const accounts::Account& actor, std::int64_t id);

  const AiChatConfig& config() const { return config_; }

 private:
  db::Pool& pool_;
  const AiChatConfig& config_;
};

}  // namespace camp::ai_chat
