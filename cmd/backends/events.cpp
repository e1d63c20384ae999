#include "backends/events.hpp"

#include "app/services.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "remote/http_client.hpp"

namespace camp::cli {
namespace events_backend_impl {
namespace {

using nlohmann::json;
using accounts::Account;

class Local final : public EventsBackend {
 public:
  explicit Local(Context& ctx) : s_(ctx.services().events) {}
  json create(const events::EventInput& in) override { return events::to_json(s_.create_event(Account::system(), in)); }
  json update(std::int64_t id, const events::EventInput& in) override { return events::to_json(s_.update_event(Account::system(), id, in)); }
  json publish(std::int64_t id) override { return events::to_json(s_.publish(Account::system(), id)); }
  json cancel(std::int64_t id) override { return events::to_json(s_.cancel_event(Account::system(), id)); }
  json list(const events::ListParams& p) override {
    const auto page = s_.list(Account::system(), p);
    auto data = json::array();
    for (const auto& e : page.items) data.push_back(events::to_json(e));
    return {{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}}};
  }
  json participants(std::int64_t id) override {
    auto data = json::array();
    for (const auto& p : s_.participants(Account::system(), id)) data.push_back(events::to_json(p));
    return {{"data", data}};
  }
  std::string participants_csv(std::int64_t id) override { return events::to_csv(s_.participants(Account::system(), id)); }

 private:
  events::EventService& s_;
};

// {"event":{...}} with only the fields given, as daemon/routes/events.cpp reads it.
json body_of(const events::EventInput& in) {
  json e = json::object();
  auto put = [&](const char* name, const auto& v) {
    if (v) e[name] = *v;
  };
  auto put_nullable = [&](const char* name, const std::optional<std::optional<std::string>>& v) {
    if (v) e[name] = *v ? json(**v) : json(nullptr);
  };
  put("title", in.title);
  put("tag_id", in.tag_id);
  put_nullable("image_url", in.image_url);
  put("description", in.description);
  put("capacity", in.capacity);
  put("start_date", in.start_date);
  put("start_at", in.start_at);
  put("end_at", in.end_at);
  put_nullable("meeting_url", in.meeting_url);
  return {{"event", e}};
}

class Remote final : public EventsBackend {
 public:
  explicit Remote(remote::HttpClient& api) : api_(api) {}
  json create(const events::EventInput& in) override { return api_.write("POST", "/api/v1/events", body_of(in)); }
  json update(std::int64_t id, const events::EventInput& in) override { return api_.write("PATCH", path(id), body_of(in)); }
  json publish(std::int64_t id) override { return api_.write("POST", path(id) + "/publish", json::object()); }
  json cancel(std::int64_t id) override { return api_.write("POST", path(id) + "/cancel", json::object()); }
  json list(const events::ListParams& p) override {
    return api_.get("/api/v1/events?scope=" + remote::url_encode(p.scope) + "&page=" + std::to_string(p.page) +
                    "&per=" + std::to_string(p.per));
  }
  json participants(std::int64_t id) override { return api_.get(path(id) + "/participants"); }
  std::string participants_csv(std::int64_t id) override {
    const auto r = api_.send("GET", path(id) + "/participants?format=csv");
    if (r.status != 200) remote::throw_api_error(r, true);
    return r.body;
  }

 private:
  static std::string path(std::int64_t id) { return "/api/v1/events/" + std::to_string(id); }
  remote::HttpClient& api_;
};

}  // namespace
}  // namespace events_backend_impl

std::unique_ptr<EventsBackend> events_backend(Context& ctx) {
  using namespace events_backend_impl;
  if (auto* api = ctx.api()) return std::make_unique<Remote>(*api);
  return std::make_unique<Local>(ctx);
}

}  // namespace camp::cli
