#include "ai_chat/provider.hpp"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <map>
#include <optional>
#include <vector>

#include "ai_chat/sse.hpp"

namespace camp::ai_chat {

using Clock = std::chrono::steady_clock;

struct ProviderClient::Transfer {
  CURL* easy = nullptr;
  curl_slist* headers = nullptr;
  StreamRequest request;
  StreamHandlers handlers;
  std::shared_ptr<StreamHandle> handle;
  SseParser parser;
  Clock::time_point last_byte;
  long status = 0;
  std::string error_body;  // a non-2xx answer, for the log (bounded)
  std::optional<int> tokens;
  bool finished = false;   // [DONE] seen or a provider error in the stream
  std::optional<std::string> stream_error;

  ~Transfer() {
    if (easy) curl_easy_cleanup(easy);
    if (headers) curl_slist_free_all(headers);
  }
};

namespace {

constexpr std::size_t kMaxPendingBytes = 1 << 20;  // one SSE line longer than this: not a chat stream

size_t on_bytes(char* data, size_t size, size_t count, void* user) {
  auto* t = static_cast<ProviderClient::Transfer*>(user);
  const size_t n = size * count;
  t->last_byte = Clock::now();
  if (t->handle->cancelled()) return 0;  // aborts the transfer
  if (t->status == 0) curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &t->status);
  if (t->status < 200 || t->status >= 300) {
    if (t->error_body.size() < 500) t->error_body.append(data, std::min<size_t>(n, 500 - t->error_body.size()));
    return n;
  }
  if (t->finished) return n;
  t->parser.feed(std::string_view(data, n), [t](const std::string& event) {
    if (t->finished) return;
    const auto chunk = parse_chunk(event);
    if (chunk.tokens) t->tokens = chunk.tokens;
    if (chunk.error) {
      t->stream_error = *chunk.error;
      t->finished = true;
      return;
    }
    if (chunk.done) {
      t->finished = true;
      return;
    }
    if (!chunk.text.empty()) t->handlers.delta(chunk.text);
  });
  if (t->parser.pending() > kMaxPendingBytes) {
    t->stream_error = "an event longer than 1 MiB";
    t->finished = true;
    return 0;
  }
  return n;
}

std::once_flag curl_global;

}  // namespace

void StreamHandle::cancel() {
  if (cancelled_.exchange(true)) return;
  if (wake_) wake_();
}

ProviderClient::ProviderClient(ProviderTimeouts timeouts) : timeouts_(timeouts) {
  std::call_once(curl_global, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  multi_ = curl_multi_init();
  if (!multi_) throw std::runtime_error("libcurl: cannot create a multi handle");
  worker_ = std::thread([this] { run(); });
}

ProviderClient::~ProviderClient() {
  stop_ = true;
  wake();
  if (worker_.joinable()) worker_.join();
  curl_multi_cleanup(static_cast<CURLM*>(multi_));
}

void ProviderClient::wake() { curl_multi_wakeup(static_cast<CURLM*>(multi_)); }

std::shared_ptr<StreamHandle> ProviderClient::start(StreamRequest request, StreamHandlers handlers) {
  auto t = std::make_unique<Transfer>();
  t->request = std::move(request);
  t->handlers = std::move(handlers);
  t->handle = std::make_shared<StreamHandle>();
  t->handle->wake_ = [this] { wake(); };
  auto handle = t->handle;
  {
    std::lock_guard lock(mutex_);
    queued_.push_back(std::move(t));
  }
  wake();
  return handle;
}

void ProviderClient::run() {
  auto* multi = static_cast<CURLM*>(multi_);
  std::map<CURL*, std::unique_ptr<Transfer>> running;
  std::deque<std::unique_ptr<Transfer>> waiting;

  auto finish = [&](std::unique_ptr<Transfer> t, std::optional<StreamFailure> failure, const std::string& detail) {
    if (!failure) t->handlers.done(t->tokens);
    else t->handlers.failed(*failure, detail);
  };
  auto remove = [&](CURL* easy) {
    curl_multi_remove_handle(multi, easy);  // closes a connection still transferring
    auto node = running.extract(easy);
    active_ = running.size();
    return std::move(node.mapped());
  };

  while (!stop_) {
    {
      std::lock_guard lock(mutex_);
      while (!queued_.empty()) {
        waiting.push_back(std::move(queued_.front()));
        queued_.pop_front();
      }
    }
    for (auto it = waiting.begin(); it != waiting.end();) {  // cancelled before their turn
      if ((*it)->handle->cancelled()) {
        finish(std::move(*it), StreamFailure::cancelled, "");
        it = waiting.erase(it);
      } else {
        ++it;
      }
    }
    while (!waiting.empty() && running.size() < static_cast<std::size_t>(timeouts_.max_streams)) {
      auto t = std::move(waiting.front());
      waiting.pop_front();
      t->easy = curl_easy_init();
      t->headers = curl_slist_append(t->headers, "Content-Type: application/json");
      t->headers = curl_slist_append(t->headers, "Accept: text/event-stream");
      if (!t->request.api_key.empty())
        t->headers = curl_slist_append(t->headers, ("Authorization: Bearer " + t->request.api_key).c_str());
      curl_easy_setopt(t->easy, CURLOPT_URL, t->request.url.c_str());
      curl_easy_setopt(t->easy, CURLOPT_HTTPHEADER, t->headers);
      curl_easy_setopt(t->easy, CURLOPT_POSTFIELDS, t->request.body.c_str());
      curl_easy_setopt(t->easy, CURLOPT_POSTFIELDSIZE, static_cast<long>(t->request.body.size()));
      curl_easy_setopt(t->easy, CURLOPT_WRITEFUNCTION, on_bytes);
      curl_easy_setopt(t->easy, CURLOPT_WRITEDATA, t.get());
      curl_easy_setopt(t->easy, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(timeouts_.connect_ms));
      curl_easy_setopt(t->easy, CURLOPT_NOSIGNAL, 1L);
      curl_easy_setopt(t->easy, CURLOPT_FORBID_REUSE, 1L);  // a cancelled stream's connection is closed
      curl_easy_setopt(t->easy, CURLOPT_PROTOCOLS_STR, "http,https");
      t->last_byte = Clock::now();
      CURL* easy = t->easy;
      running.emplace(easy, std::move(t));
      curl_multi_add_handle(multi, easy);
    }
    active_ = running.size();

    int still = 0;
    curl_multi_perform(multi, &still);
    int left = 0;
    while (CURLMsg* m = curl_multi_info_read(multi, &left)) {
      if (m->msg != CURLMSG_DONE) continue;
      const CURLcode code = m->data.result;
      auto t = remove(m->easy_handle);
      if (t->handle->cancelled()) {
        finish(std::move(t), StreamFailure::cancelled, "");
      } else if (code == CURLE_OPERATION_TIMEDOUT) {
        finish(std::move(t), StreamFailure::timeout, "connect timeout");
      } else if (code != CURLE_OK) {
        finish(std::move(t), StreamFailure::provider, curl_easy_strerror(code));
      } else if (t->status < 200 || t->status >= 300) {
        const auto detail = "HTTP " + std::to_string(t->status) + ": " + t->error_body;
        finish(std::move(t), StreamFailure::provider, detail);
      } else if (t->stream_error) {
        const auto detail = *t->stream_error;
        finish(std::move(t), StreamFailure::provider, detail);
      } else if (!t->finished) {
        finish(std::move(t), StreamFailure::provider, "the stream ended without [DONE]");
      } else {
        finish(std::move(t), std::nullopt, "");
      }
    }
    // Cancelled (the student left) or silent for too long: close the connection now.
    const auto now = Clock::now();
    std::vector<CURL*> ended;
    for (const auto& [easy, t] : running)
      if (t->handle->cancelled() || now - t->last_byte > std::chrono::milliseconds(timeouts_.idle_ms)) ended.push_back(easy);
    for (CURL* easy : ended) {
      auto t = remove(easy);
      const bool cancelled = t->handle->cancelled();
      finish(std::move(t), cancelled ? StreamFailure::cancelled : StreamFailure::timeout, cancelled ? "" : "idle timeout");
    }
    int timeout_ms = running.empty() ? 1000 : std::min(100, timeouts_.idle_ms / 4 + 1);
    curl_multi_poll(multi, nullptr, 0, timeout_ms, nullptr);
  }
  for (auto& [easy, t] : running) {
    curl_multi_remove_handle(multi, easy);
    t->handlers.failed(StreamFailure::cancelled, "");
  }
  for (auto& t : waiting) t->handlers.failed(StreamFailure::cancelled, "");
  std::lock_guard lock(mutex_);
  for (auto& t : queued_) t->handlers.failed(StreamFailure::cancelled, "");
}

}  // namespace camp::ai_chat
