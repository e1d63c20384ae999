#pragma once
// QuestionChannel {channel: "QuestionChannel", id}: who is writing an answer to question id.
// Actions: answering, cancel_answering. Broadcasts {is_answering, account}; a new subscriber
// first hears one {is_answering: true} per current answerer.
#include "cable/channel.hpp"
#include "questions/service.hpp"
#include "questions/presence.hpp"

namespace camp::cable {

class QuestionChannel final : public Channel {
 public:
  static constexpr const char* kName = "QuestionChannel";

  QuestionChannel(questions::QuestionService& questions, db::Pool& pool, int presence_ttl_seconds)
      : questions_(questions), presence_(pool, presence_ttl_seconds) {}

  std::shared_ptr<Subscription> subscribe(const Subscriber& subscriber, const nlohmann::json& params) override;
  // Keeps this daemon's answerers alive and sweeps those of vanished connections (any daemon).
  void tick(const std::vector<std::string>& live_connection_ids) override;

 private:
  questions::QuestionService& questions_;
  questions::PresenceService presence_;
};

// The question id an identifier names (a positive integer, or its decimal string), else 0.
std::int64_t question_id_param(const nlohmann::json& params);

}  // namespace camp::cable
