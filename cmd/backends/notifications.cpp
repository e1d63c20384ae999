#include "backends/notifications.hpp"

#include "app/services.hpp"
#include "context.hpp"
#include "remote/http_client.hpp"

namespace camp::cli {
namespace notifications_backend_impl {
namespace {

using nlohmann::json;

class Local final : public NotificationsBackend {
 public:
  explicit Local(Context& ctx) : ctx_(ctx) {}
  json announce(const notifications::Announcement& a, bool dry_run) override {
    const auto r = ctx_.services().notifications.announce(accounts::Account::system(), a, dry_run);
    return {{"dry_run", r.dry_run}, {"recipients", r.recipients}, {"roles", a.roles}};
  }

 private:
  Context& ctx_;
};

class Remote final : public NotificationsBackend {
 public:
  explicit Remote(remote::HttpClient& api) : api_(api) {}
  json announce(const notifications::Announcement& a, bool dry_run) override {
    return api_.write("POST", std::string("/api/v1/announcements") + (dry_run ? "?dry_run=true" : ""),
                      {{"announcement", {{"title", a.title}, {"body", a.body}, {"roles", a.roles}}}});
  }

 private:
  remote::HttpClient& api_;
};

}  // namespace
}  // namespace notifications_backend_impl

std::unique_ptr<NotificationsBackend> notifications_backend(Context& ctx) {
  using namespace notifications_backend_impl;
  if (auto* api = ctx.api()) return std::make_unique<Remote>(*api);
  return std::make_unique<Local>(ctx);
}

}  // namespace camp::cli
