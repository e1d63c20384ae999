#include "backends/operators.hpp"

#include "app/services.hpp"
#include "context.hpp"
#include "remote/http_client.hpp"
#include "seed/fixture.hpp"

namespace camp::cli {
namespace operators_backend_impl {
namespace {

using accounts::Account;
using nlohmann::json;

json seed_report(const seed::Report& report) {
  json out = json::object();
  for (const auto& [section, n] : report) out[section] = {{"created", n.created}, {"updated", n.updated}, {"unchanged", n.unchanged}};
  return out;
}

class Local final : public OperatorsBackend {
 public:
  explicit Local(Context& ctx) : ctx_(ctx) {}
  json mails(std::optional<mail::Status> status, int limit) override {
    auto data = json::array();
    for (const auto& m : ctx_.services().mail_outbox.list(Account::system(), status, limit)) data.push_back(mail::to_json(m, false));
    return {{"data", data}};
  }
  json submissions(bool waiting, int limit) override {
    auto data = json::array();
    for (const auto& s : ctx_.services().reviews.recent(Account::system(), waiting, limit)) {
      auto j = reviews::to_json(s);
      j.erase("can_review");
      data.push_back(std::move(j));
    }
    return {{"data", data}};
  }
  json review_stats(const std::optional<std::string>& since) override {
    auto data = json::array();
    for (const auto& s : ctx_.services().reviews.stats(Account::system(), since)) data.push_back(reviews::to_json(s));
    return {{"data", data}};
  }
  json seed(const std::string& file) override {
    const auto fixture = seed::read_fixture_file(file);  // every shape mistake before the database
    return seed_report(seed::load(ctx_.pool(), fixture));
  }

 private:
  Context& ctx_;
};

class Remote final : public OperatorsBackend {
 public:
  explicit Remote(remote::HttpClient& api) : api_(api) {}
  json mails(std::optional<mail::Status> status, int limit) override {
    return api_.get("/api/v1/mails?limit=" + std::to_string(limit) + (status ? std::string("&status=") + mail::to_string(*status) : ""));
  }
  json submissions(bool waiting, int limit) override {
    return api_.get("/api/v1/submissions/recent?limit=" + std::to_string(limit) + (waiting ? "&waiting=true" : ""));
  }
  json review_stats(const std::optional<std::string>& since) override {
    return api_.get("/api/v1/review_stats" + (since ? "?since=" + remote::url_encode(*since) : std::string()));
  }
  json seed(const std::string& file) override {
    // The shape is judged here first, as locally (no request for a file with mistakes); the
    // school judges the references and loads it.
    seed::read_fixture_file(file);
    const auto r = api_.send("POST", "/api/v1/seeds?source=" + remote::url_encode(file), read_body(file), "application/yaml");
    if (r.status != 200) remote::throw_api_error(r, true);
    return json::parse(r.body);
  }

 private:
  remote::HttpClient& api_;
};

}  // namespace
}  // namespace operators_backend_impl

std::unique_ptr<OperatorsBackend> operators_backend(Context& ctx) {
  using namespace operators_backend_impl;
  if (auto* api = ctx.api()) return std::make_unique<Remote>(*api);
  return std::make_unique<Local>(ctx);
}

}  // namespace camp::cli
