#include "backends/accounts.hpp"

#include "app/services.hpp"
#include "context.hpp"
#include "remote/http_client.hpp"

namespace camp::cli {
namespace accounts_backend_impl {
namespace {

using nlohmann::json;

class Local final : public AccountsBackend {
 public:
  explicit Local(Context& ctx) : ctx_(ctx) {}
  json list(const std::optional<std::string>& role) override {
    auto data = json::array();
    for (const auto& a : ctx_.services().accounts.list(role)) data.push_back(accounts::to_json(a));
    return {{"data", data}};
  }
  json invite(const accounts::Invite& in) override {
    return accounts::to_json(ctx_.services().invitations.invite(accounts::Account::system(), in));
  }

 private:
  Context& ctx_;
};

class Remote final : public AccountsBackend {
 public:
  explicit Remote(remote::HttpClient& api) : api_(api) {}
  json list(const std::optional<std::string>& role) override {
    return api_.get("/api/v1/accounts" + (role ? "?role=" + remote::url_encode(*role) : std::string()));
  }
  json invite(const accounts::Invite& in) override {
    json body = {{"email", in.email}, {"role", in.role}, {"nickname", in.nickname}};
    if (in.course_code) body["course"] = *in.course_code;
    return api_.write("POST", "/api/v1/invitations", {{"invitation", body}});
  }

 private:
  remote::HttpClient& api_;
};

}  // namespace
}  // namespace accounts_backend_impl

std::unique_ptr<AccountsBackend> accounts_backend(Context& ctx) {
  using namespace accounts_backend_impl;
  if (auto* api = ctx.api()) return std::make_unique<Remote>(*api);
  return std::make_unique<Local>(ctx);
}

}  // namespace camp::cli
