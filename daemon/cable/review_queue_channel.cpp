#include "cable/review_queue_channel.hpp"

#include "reviews/service.hpp"

namespace camp::cable {
namespace {

class ReviewQueueSubscription final : public Subscription {
 public:
  std::vector<std::string> streams() const override { return {kReviewQueueStream}; }
  void perform(const Subscriber&, const std::string&, const nlohmann::json&) override {}
};

}  // namespace

std::shared_ptr<Subscription> ReviewQueueChannel::subscribe(const Subscriber& subscriber, const nlohmann::json&) {
  reviews::require_reviewer(*subscriber.account);  // throws forbidden: reject_subscription
  return std::make_shared<ReviewQueueSubscription>();
}

}  // namespace camp::cable
