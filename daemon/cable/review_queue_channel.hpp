#pragma once
// ReviewQueueChannel {channel: "ReviewQueueChannel"}: admins and mentors hear every change to
// the review queue, {event: created|claimed|released|reviewed, submission_id}. The events are
// sent by the reviews service's statements (pg_notify on the camp_cable channel, stream
// "review_queue"), so they reach the subscribers of every daemon, also for changes made by
// the CLI. Everyone else is rejected. No actions.
#include "cable/channel.hpp"

namespace camp::cable {

inline constexpr const char* kReviewQueueStream = "review_queue";

class ReviewQueueChannel final : public Channel {
 public:
  static constexpr const char* kName = "ReviewQueueChannel";
  std::shared_ptr<Subscription> subscribe(const Subscriber& subscriber, const nlohmann::json& params) override;
};

}  // namespace camp::cable
