#include "cable/ai_chat_channel.hpp"

#include <spdlog/spdlog.h>

#include "cable/question_channel.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"

namespace camp::cable {
namespace {

class AiChatSubscription final : public Subscription {
 public:
  AiChatSubscription(ai_chat::AiChatEngine& engine, std::optional<std::int64_t> id, std::string input)
      : engine_(engine), id_(id), input_(std::move(input)) {}

  std::vector<std::string> streams() const override { return {}; }

  // The answer starts once the subscription is confirmed, so every delta follows the confirmation.
  void confirmed(const Subscriber& s) override {
    auto transmit = s.transmit;
    const auto emit = [transmit](const nlohmann::json& message) {
      transmit(message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    };
    try {
      handle_ = engine_.ask(*s.account, id_, input_, emit);
    } catch (const std::exception& e) {  // the conversation vanished meanwhile, or the database failed
      spdlog::warn("ai_chat: account {}: {}", s.account->id, e.what());
      emit({{"type", "error"}, {"message", msg::ai_chat_provider_error}, {"conversation_id", nullptr}});
    }
  }

  void perform(const Subscriber&, const std::string&, const nlohmann::json&) override {}

  void ended(const Subscriber&) override {
    if (handle_) handle_->cancel();  // the provider's connection closes: it stops generating
  }

 private:
  ai_chat::AiChatEngine& engine_;
  std::optional<std::int64_t> id_;
  std::string input_;
  std::shared_ptr<ai_chat::StreamHandle> handle_;
};

}  // namespace

std::shared_ptr<Subscription> AiChatChannel::subscribe(const Subscriber& subscriber, const nlohmann::json& params) {
  std::optional<std::int64_t> id;
  if (const auto it = params.find("id"); it != params.end() && !it->is_null()) {
    const auto parsed = question_id_param(params);  // a positive integer or its decimal string
    if (parsed <= 0) throw Error(errc::invalid, "AiChatChannel: id must name a conversation");
    id = parsed;
  }
  engine_.service().check_conversation(*subscriber.account, id);  // throws forbidden / not_found
  std::string input;
  if (const auto it = params.find("input"); it != params.end() && it->is_string()) input = it->get<std::string>();
  return std::make_shared<AiChatSubscription>(engine_, id, std::move(input));
}

}  // namespace camp::cable
