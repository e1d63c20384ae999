#include "cable/notification_channel.hpp"

#include "notifications/repo.hpp"

namespace camp::cable {
namespace {

class NotificationSubscription final : public Subscription {
 public:
  NotificationSubscription(NotificationChannel& channel, notifications::NotificationService& service, std::int64_t account_id)
      : channel_(channel), service_(service), account_id_(account_id) {
    channel_.add(account_id_);
  }

  std::vector<std::string> streams() const override { return {notifications::repo::account_stream(account_id_)}; }

  // What the tab may have missed while it was away: the counts now (it reloads its list).
  void confirmed(const Subscriber& s) override {
    s.transmit(nlohmann::json({{"type", "unread"}, {"unread", notifications::to_json(service_.unread(*s.account))}}).dump());
  }

  void perform(const Subscriber&, const std::string&, const nlohmann::json&) override {}

  void ended(const Subscriber&) override { release(); }
  ~NotificationSubscription() override { release(); }

 private:
  void release() {
    if (counted_) channel_.remove(account_id_);
    counted_ = false;
  }
  NotificationChannel& channel_;
  notifications::NotificationService& service_;
  std::int64_t account_id_;
  bool counted_ = true;
};

}  // namespace

std::shared_ptr<Subscription> NotificationChannel::subscribe(const Subscriber& subscriber, const nlohmann::json&) {
  return std::make_shared<NotificationSubscription>(*this, service_, subscriber.account->id);
}

bool NotificationChannel::relays(const std::string& stream) const { return stream == notifications::repo::kNewNotificationsStream; }

std::vector<std::pair<std::string, std::string>> NotificationChannel::relay(const std::string&, const std::string& message_json) {
  const auto message = nlohmann::json::parse(message_json, nullptr, false);
  if (!message.is_object() || !message.contains("event_id") || !message["event_id"].is_number_integer()) return {};
  std::vector<std::int64_t> accounts;
  {
    std::lock_guard lock(mutex_);
    accounts.reserve(local_.size());
    for (const auto& [account_id, count] : local_) accounts.push_back(account_id);
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& d : service_.of_event(message["event_id"].get<std::int64_t>(), accounts))
    out.emplace_back(notifications::repo::account_stream(d.account_id),
                     nlohmann::json({{"type", "created"},
                                     {"notification", notifications::to_json(d.notification)},
                                     {"unread", notifications::to_json(d.unread)}})
                         .dump());
  return out;
}

void NotificationChannel::add(std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  ++local_[account_id];
}

void NotificationChannel::remove(std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  if (auto it = local_.find(account_id); it != local_.end() && --it->second <= 0) local_.erase(it);
}

}  // namespace camp::cable
