#include "ai_chat/sse.hpp"

#include <nlohmann/json.hpp>

namespace camp::ai_chat {

void SseParser::feed(std::string_view bytes, const std::function<void(const std::string&)>& on_data) {
  for (char ch : bytes) {
    if (skip_lf_) {
      skip_lf_ = false;
      if (ch == '\n') continue;
    }
    if (ch == '\r' || ch == '\n') {
      skip_lf_ = ch == '\r';
      line(line_, on_data);
      line_.clear();
    } else {
      line_ += ch;
    }
  }
}

void SseParser::line(std::string_view text, const std::function<void(const std::string&)>& on_data) {
  if (text.empty()) {  // the event ends
    if (has_data_) on_data(data_);
    data_.clear();
    has_data_ = false;
    return;
  }
  if (text.front() == ':') return;  // a comment (keep-alive)
  const auto colon = text.find(':');
  const auto field = text.substr(0, colon);
  if (field != "data") return;  // event, id, retry: nothing we use
  auto value = colon == std::string_view::npos ? std::string_view{} : text.substr(colon + 1);
  if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (has_data_) data_ += '\n';
  data_.append(value);
  has_data_ = true;
}

Chunk parse_chunk(const std::string& data) {
  Chunk out;
  if (data == "[DONE]") {
    out.done = true;
    return out;
  }
  const auto j = nlohmann::json::parse(data, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    out.malformed = true;
    return out;
  }
  if (const auto e = j.find("error"); e != j.end()) {
    out.error = e->is_object() && e->contains("message") && (*e)["message"].is_string() ? (*e)["message"].get<std::string>()
                                                                                     : e->dump();
    return out;
  }
  if (const auto u = j.find("usage"); u != j.end() && u->is_object()) {
    const auto t = u->find("total_tokens");
    if (t != u->end() && t->is_number_integer() && t->get<long long>() >= 0 && t->get<long long>() < (1LL << 30))
      out.tokens = static_cast<int>(t->get<long long>());
  }
  const auto choices = j.find("choices");
  if (choices == j.end() || !choices->is_array()) {
    out.malformed = !out.tokens.has_value();
    return out;
  }
  if (choices->empty()) return out;  // the usage-only last chunk
  const auto& first = (*choices)[0];
  if (!first.is_object()) {
    out.malformed = true;
    return out;
  }
  if (const auto d = first.find("delta"); d != first.end() && d->is_object()) {
    if (const auto c = d->find("content"); c != d->end() && c->is_string()) out.text = c->get<std::string>();
  }
  return out;
}

}  // namespace camp::ai_chat
