#pragma once
// What is sent to the provider, and the offline answer (docs/ai-chat.md).
#include <string>

#include "ai_chat/service.hpp"

namespace camp::ai_chat {

// The chat-completions request (stream: true, usage included): a fixed system message, the
// conversation so far, then the student's message with the school's passages in a block
// delimited by nonce lines (docs/ai-chat.md "The prompt").
std::string request_body(const Turn& turn, const std::string& model, int max_tokens);
// Without a provider: the passages ranked, each a link and a Markdown quote.
std::string offline_answer(const Turn& turn);
std::vector<Source> sources_of(const Turn& turn);

}  // namespace camp::ai_chat
