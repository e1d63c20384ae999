#pragma once
// The provider client: streamed chat completions from any OpenAI-compatible endpoint, all of
// them on ONE worker thread of its own (libcurl's multi interface), never on a server's I/O
// thread or a database worker. Each stream has a connect timeout and an idle timeout (no byte
// for that long), can be cancelled at any time (the connection is closed, so the provider
// stops generating), and at most `max_streams` run at once (more wait their turn).
// The API key goes into the Authorization header only; nothing here logs it.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace camp::ai_chat {

enum class StreamFailure { timeout, provider, cancelled };

struct StreamRequest {
  std::string url;      // {base_url}/chat/completions
  std::string api_key;  // empty: no Authorization header
  std::string body;     // the JSON request, stream: true
};

// Called on the provider's worker thread, in order: deltas, then done or failed, once.
struct StreamHandlers {
  std::function<void(const std::string& text)> delta;
  std::function<void(std::optional<int> tokens)> done;
  std::function<void(StreamFailure, const std::string& detail)> failed;  // detail: for the log
};

// Cancels its stream (thread-safe, idempotent); the handlers hear failed(cancelled).
class StreamHandle {
 public:
  void cancel();
  bool cancelled() const { return cancelled_.load(); }

 private:
  friend class ProviderClient;
  std::atomic<bool> cancelled_{false};
  std::function<void()> wake_;
};

struct ProviderTimeouts {
  int connect_ms = 5000;
  int idle_ms = 20000;
  int max_streams = 500;
};

class ProviderClient {
 public:
  explicit ProviderClient(ProviderTimeouts timeouts);
  ~ProviderClient();  // cancels what still runs (handlers hear cancelled) and joins the worker
  ProviderClient(const ProviderClient&) = delete;
  ProviderClient& operator=(const ProviderClient&) = delete;

  std::shared_ptr<StreamHandle> start(StreamRequest request, StreamHandlers handlers);
  std::size_t active() const { return active_.load(); }

  struct Transfer;  // one stream's state (provider.cpp)

 private:
  void run();
  void wake();

  ProviderTimeouts timeouts_;
  void* multi_ = nullptr;  // CURLM*
  std::mutex mutex_;
  std::deque<std::unique_ptr<Transfer>> queued_;
  std::atomic<bool> stop_{false};
  std::atomic<std::size_t> active_{0};
  std::thread worker_;
};

}  // namespace camp::ai_chat
