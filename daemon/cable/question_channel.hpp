#pragma once
// QuestionChannel {channel: "QuestionChannel", id}: who is writing an answer to question id.
// Actions: answering, cancel_answering. Broadcasts {is_answering, account}. Blocking calls:
// run them on a database worker, never on the websocket thread.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "questions/service.hpp"
#include "realtime/presence.hpp"

namespace camp::cable {

class QuestionChannel {
 public:
  static constexpr const char* kName = "QuestionChannel";

  QuestionChannel(questions::QuestionService& questions, realtime::PresenceService& presence)
      : questions_(questions), presence_(presence) {}

  // The question id to stream, after checking the account may see it (throws otherwise).
  std::int64_t subscribe(const accounts::Account& account, const nlohmann::json& params);
  // What a new subscriber hears first: one {is_answering: true, account} per current answerer.
  std::vector<std::string> current_state(std::int64_t question_id);
  // Returns false for an unknown action (ignored).
  bool perform(const accounts::Account& account, std::int64_t question_id, const std::string& connection_id,
               const std::string& action);
  void leave(std::int64_t question_id, std::int64_t account_id, const std::string& connection_id);

 private:
  questions::QuestionService& questions_;
  realtime::PresenceService& presence_;
};

}  // namespace camp::cable
