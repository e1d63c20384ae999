#pragma once
// Server-sent events as OpenAI-compatible chat-completions stream them: `data: {json}` lines,
// an empty line ends an event, `data: [DONE]` ends the stream. Pure: fed whatever byte pieces
// libcurl hands over (a line may be cut anywhere, even inside a UTF-8 character).
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace camp::ai_chat {

class SseParser {
 public:
  // Calls on_data(data) once per complete event that has data (data lines joined with \n).
  void feed(std::string_view bytes, const std::function<void(const std::string&)>& on_data);
  // Bytes held back waiting for their line's end (bounded by the caller's own limit).
  std::size_t pending() const { return line_.size() + data_.size(); }

 private:
  void line(std::string_view text, const std::function<void(const std::string&)>& on_data);
  std::string line_;  // the unfinished line
  std::string data_;  // the event's data so far
  bool has_data_ = false;
  bool skip_lf_ = false;  // the last piece ended in \r: a \n right after belongs to it
};

// One event of a chat-completions stream.
struct Chunk {
  std::string text;               // choices[0].delta.content (may be empty)
  std::optional<int> tokens;      // usage.total_tokens, when the provider reports it
  bool done = false;              // [DONE]
  std::optional<std::string> error;  // {"error": {"message": ...}} (for the log only)
  bool malformed = false;         // not JSON, or not shaped like a chunk
};

Chunk parse_chunk(const std::string& data);

}  // namespace camp::ai_chat
