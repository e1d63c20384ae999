#pragma once
// One student's question in, one streamed answer out (docs/ai-chat.md). The subscriber hears
// {type: "delta", text} ... then {type: "done", sources, conversation_id} or
// {type: "error", message, conversation_id}. With a provider the answer streams from the
// provider's worker thread; offline it is the quoted passages, sent the same way.
// The answer is stored before "done" or "error" is sent, on a writer thread of its own.
#include <nlohmann/json.hpp>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "ai_chat/provider.hpp"
#include "ai_chat/service.hpp"

namespace camp::ai_chat {

using Emit = std::function<void(const nlohmann::json&)>;

// A queue of small jobs on one thread (storing finished answers off the provider's thread).
class Writer {
 public:
  Writer();
  ~Writer();
  void post(std::function<void()> job);

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  bool stop_ = false;
  std::thread thread_;
};

class AiChatEngine {
 public:
  AiChatEngine(db::Pool& pool, const AiChatConfig& config);

  // Runs on a database worker: stores the turn and starts the answer. Refusals (input,
  // limits) are sent as {type: "error"}; a conversation that is not the actor's throws.
  // The handle cancels a streaming answer (null when nothing streams any more).
  std::shared_ptr<StreamHandle> ask(const accounts::Account& actor, std::optional<std::int64_t> conversation_id,
                                    const std::string& input, Emit emit);

  AiChatService& service() { return service_; }
  bool online() const { return provider_ != nullptr; }

 private:
  const AiChatConfig& config_;
  AiChatService service_;
  Writer writer_;
  std::unique_ptr<ProviderClient> provider_;  // null: offline
};

}  // namespace camp::ai_chat
