#pragma once
// NotificationChannel {channel: "NotificationChannel"}: the account's own notifications, in
// every open tab, on whichever daemon it is connected to. No params (the account is the
// connection's), no actions. Messages:
//   {type: "unread", unread: {total, by_category}}            first, after confirmation (and so
//                                                              after every reconnect: catch up)
//   {type: "created", notification: {...}, unread: {...}}     a new notification
//   {type: "read", ids: [id] | category: key | null, unread}  read in another tab or device
// "created" comes from one NOTIFY per dispatched domain event (stream "notifications",
// {event_id}): each daemon reads that event's notifications of the accounts connected to it
// and sends each its own. "read" is sent by the use case to the account's stream.
#include <mutex>
#include <unordered_map>

#include "cable/channel.hpp"
#include "notifications/service.hpp"

namespace camp::cable {

class NotificationChannel final : public Channel {
 public:
  static constexpr const char* kName = "NotificationChannel";

  explicit NotificationChannel(notifications::NotificationService& service) : service_(service) {}

  std::shared_ptr<Subscription> subscribe(const Subscriber& subscriber, const nlohmann::json& params) override;
  bool relays(const std::string& stream) const override;
  std::vector<std::pair<std::string, std::string>> relay(const std::string& stream, const std::string& message_json) override;

  // This daemon's subscribers, by account (a subscription counts from subscribe to end).
  void add(std::int64_t account_id);
  void remove(std::int64_t account_id);

 private:
  notifications::NotificationService& service_;
  std::mutex mutex_;
  std::unordered_map<std::int64_t, int> local_;
};

}  // namespace camp::cable
