#pragma once
// `camp notifications announce`, answered as POST /api/v1/announcements answers it: in-process
// as the system actor, or over HTTP in remote mode.
#include <nlohmann/json.hpp>

#include <memory>

#include "notifications/service.hpp"

namespace camp::cli {

class Context;

class NotificationsBackend {
 public:
  virtual ~NotificationsBackend() = default;
  virtual nlohmann::json announce(const notifications::Announcement& a, bool dry_run) = 0;  // {dry_run, recipients, roles}
};

std::unique_ptr<NotificationsBackend> notifications_backend(Context& ctx);

}  // namespace camp::cli
