#pragma once
// The AI chat's records (docs/ai-chat.md): conversations of one account, their messages, and
// the passages an answer is grounded in.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace camp::ai_chat {

// What an answer cites: a resolved question or a curriculum task, as a link in the web app.
struct Source {
  std::string title;
  std::string url;   // relative to the web app: /questions/12, /curriculums/ruby#task-3
  std::string kind;  // question | curriculum
};

// A source with the text that goes into the prompt (or is quoted offline).
struct Passage {
  Source source;
  std::string excerpt;  // at most a few hundred characters, whitespace flattened
  int score = 0;
};

struct Conversation {
  std::int64_t id = 0;
  std::int64_t account_id = 0;
  std::string title;
  std::string created_at, updated_at;
};

struct Message {
  std::int64_t id = 0;
  std::string role;  // user | assistant
  std::string body;
  std::vector<Source> sources;
  std::string status;  // done | error | cancelled
  std::string created_at;
};

nlohmann::json to_json(const Source& s);
nlohmann::json to_json(const Conversation& c);
nlohmann::json to_json(const Message& m);
nlohmann::json sources_json(const std::vector<Source>& sources);

}  // namespace camp::ai_chat
