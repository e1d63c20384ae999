#include "cable/channels.hpp"

#include "app.hpp"
#include "cable/question_channel.hpp"
#include "cable/review_queue_channel.hpp"
#include "cable/ai_chat_channel.hpp"
#include "cable/notification_channel.hpp"

namespace camp::cable {

void add_channels(ChannelRegistry& registry, App& app) {
  registry.add(QuestionChannel::kName,
               std::make_unique<QuestionChannel>(app.questions, app.pool, app.config.cable.presence_ttl_seconds));
  registry.add(ReviewQueueChannel::kName, std::make_unique<ReviewQueueChannel>());
  registry.add(AiChatChannel::kName, std::make_unique<AiChatChannel>(app.ai_chat));
  registry.add(NotificationChannel::kName, std::make_unique<NotificationChannel>(app.notifications));
}

}  // namespace camp::cable
