#pragma once
// AiChatChannel {channel: "AiChatChannel", id, input}: one question to the AI and its streamed
// answer, to this subscriber only (docs/ai-chat.md). id names the account's own conversation
// (absent or null: a new one, created with this first message); someone else's is rejected.
// The subscriber hears {type: "delta", text} ... {type: "done", sources, conversation_id} or
// {type: "error", message, conversation_id}; unsubscribing cancels the answer upstream.
#include "ai_chat/engine.hpp"
#include "cable/channel.hpp"

namespace camp::cable {

class AiChatChannel final : public Channel {
 public:
  static constexpr const char* kName = "AiChatChannel";

  explicit AiChatChannel(ai_chat::AiChatEngine& engine) : engine_(engine) {}

  std::shared_ptr<Subscription> subscribe(const Subscriber& subscriber, const nlohmann::json& params) override;

 private:
  ai_chat::AiChatEngine& engine_;
};

}  // namespace camp::cable
