#include "ai_chat/model.hpp"

namespace camp::ai_chat {

nlohmann::json to_json(const Source& s) { return {{"title", s.title}, {"url", s.url}, {"kind", s.kind}}; }

nlohmann::json sources_json(const std::vector<Source>& sources) {
  auto out = nlohmann::json::array();
  for (const auto& s : sources) out.push_back(to_json(s));
  return out;
}

nlohmann::json to_json(const Conversation& c) {
  return {{"id", c.id}, {"account_id", c.account_id}, {"title", c.title}, {"created_at", c.created_at},
          {"updated_at", c.updated_at}};
}

nlohmann::json to_json(const Message& m) {
  return {{"id", m.id},         {"role", m.role},     {"body", m.body}, {"sources", sources_json(m.sources)},
          {"status", m.status}, {"created_at", m.created_at}};
}

}  // namespace camp::ai_chat
