#include "ai_chat/engine.hpp"

#include <spdlog/spdlog.h>

#include "ai_chat/prompt.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"

namespace camp::ai_chat {
namespace {

nlohmann::json error_message(std::string_view message, std::optional<std::int64_t> conversation_id) {
  nlohmann::json out = {{"type", "error"}, {"message", message}};
  out["conversation_id"] = conversation_id ? nlohmann::json(*conversation_id) : nlohmann::json(nullptr);
  return out;
}

nlohmann::json done_message(const std::vector<Source>& sources, std::int64_t conversation_id) {
  return {{"type", "done"}, {"sources", sources_json(sources)}, {"conversation_id", conversation_id}};
}

// Pieces of about a line: an offline answer streams like a provider's.
std::vector<std::string> pieces(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto nl = text.find('\n', at);
    const auto end = nl == std::string::npos ? text.size() : nl + 1;
    out.push_back(text.substr(at, end - at));
    at = end;
  }
  return out;
}

// The provider's error text for the log: bounded, one line, and should it echo the key, masked.
std::string without_key(const std::string& detail, const std::string& key) {
  std::string out = text::escape_for_log(text::utf8_prefix(detail, 300));
  if (key.size() >= 8)
    for (auto at = out.find(key); at != std::string::npos; at = out.find(key, at)) out.replace(at, key.size(), "***");
  return out;
}

// What one streamed answer has so far (touched on the provider's thread, then the writer's).
struct Streaming {
  Turn turn;
  std::vector<Source> sources;
  std::string answer;
  std::size_t prompt_bytes = 0;
  int estimate() const { return static_cast<int>((prompt_bytes + answer.size()) / 3); }
};

}  // namespace

Writer::Writer() {
  thread_ = std::thread([this] {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [this] { return stop_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      try {
        job();
      } catch (const std::exception& e) {
        spdlog::error("ai_chat: storing an answer failed: {}", e.what());
      }
    }
  });
}

Writer::~Writer() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  cv_.notify_one();
  thread_.join();
}

void Writer::post(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
}

AiChatEngine::AiChatEngine(db::Pool& pool, const AiChatConfig& config) : config_(config), service_(pool, config) {
  if (!config.base_url.empty())
    provider_ = std::make_unique<ProviderClient>(
        ProviderTimeouts{config.connect_timeout_ms, config.idle_timeout_ms, config.max_streams});
}

std::shared_ptr<StreamHandle> AiChatEngine::ask(const accounts::Account& actor, std::optional<std::int64_t> conversation_id,
                                                const std::string& input, Emit emit) {
  Turn turn;
  try {
    turn = service_.begin(actor, conversation_id, input, online());
  } catch (const Error& e) {
    if (e.code() == errc::forbidden || e.code() == errc::not_found) throw;
    emit(error_message(e.what(), conversation_id));
    return nullptr;
  }
  const auto sources = sources_of(turn);
  if (!provider_) {
    const auto text = offline_answer(turn);
    for (const auto& piece : pieces(text)) emit({{"type", "delta"}, {"text", piece}});
    service_.finish(turn, text, sources, "done", 0);
    emit(done_message(sources, turn.conversation_id));
    return nullptr;
  }
  auto state = std::make_shared<Streaming>();
  state->turn = std::move(turn);
  state->sources = sources;
  StreamRequest request{config_.base_url + (config_.base_url.back() == '/' ? "" : "/") + "chat/completions",
                        config_.api_key, request_body(state->turn, config_.model, config_.max_answer_tokens)};
  state->prompt_bytes = request.body.size();
  // Nothing the school vouches for matched: say so before the model's general answer.
  if (state->turn.passages.empty()) {
    state->answer = std::string(msg::ai_chat_online_none) + "\n\n";
    emit({{"type", "delta"}, {"text", state->answer}});
  }
  StreamHandlers handlers;
  handlers.delta = [state, emit](const std::string& text) {
    state->answer += text;
    emit({{"type", "delta"}, {"text", text}});
  };
  handlers.done = [this, state, emit](std::optional<int> tokens) {
    writer_.post([this, state, emit, tokens] {
      service_.finish(state->turn, state->answer, state->sources, "done", tokens.value_or(state->estimate()));
      emit(done_message(state->sources, state->turn.conversation_id));
    });
  };
  handlers.failed = [this, state, emit, account = actor.id](StreamFailure failure, const std::string& detail) {
    if (failure != StreamFailure::cancelled)  // the provider's answer only: never the request, never the key
      spdlog::warn("ai_chat: account {} conversation {}: provider {}: {}", account, state->turn.conversation_id,
                   failure == StreamFailure::timeout ? "timeout" : "error", without_key(detail, config_.api_key));
    writer_.post([this, state, emit, failure] {
      const auto status = failure == StreamFailure::cancelled ? "cancelled" : "error";
      service_.finish(state->turn, state->answer, state->sources, status, state->estimate());
      if (failure == StreamFailure::cancelled) return;  // nobody is listening
      emit(error_message(failure == StreamFailure::timeout ? msg::ai_chat_timeout : msg::ai_chat_provider_error,
                         state->turn.conversation_id));
    });
  };
  return provider_->start(std::move(request), std::move(handlers));
}

}  // namespace camp::ai_chat
