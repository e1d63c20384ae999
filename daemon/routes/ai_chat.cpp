// The AI chat over HTTP (docs/ai-chat.md): the conversations, and the web app's reports of
// /cable trouble. The chat itself runs over /cable (cable/ai_chat_channel.cpp).
#include <spdlog/spdlog.h>

#include "ai_chat/service.hpp"
#include "app.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace ai_chat_routes {
namespace {

using http::Context;
using http::Response;

// ?account_id= (admins: someone else's conversations); absent: the caller's own.
std::optional<std::int64_t> account_query(const Context& ctx) {
  const auto v = ctx.request.query_param("account_id");
  if (!v || v->empty()) return std::nullopt;
  if (v->size() > 18 || v->find_first_not_of("0123456789") != std::string::npos || (*v)[0] == '0')
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"account_id", {std::string(msg::integer_required)}}});
  return std::stoll(*v);
}

Response list(Context& ctx) {
  const auto paging = ctx.page_params();
  const auto page = ctx.app.ai_chat.service().list(ctx.me(), account_query(ctx), paging.page, paging.per);
  auto data = nlohmann::json::array();
  for (const auto& c : page.items) data.push_back(ai_chat::to_json(c));
  return Response::json(200, {{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}}});
}

Response show(Context& ctx) {
  const auto d = ctx.app.ai_chat.service().get(ctx.me(), ctx.int_param("id"));
  auto out = ai_chat::to_json(d.conversation);
  out["messages"] = nlohmann::json::array();
  for (const auto& m : d.messages) out["messages"].push_back(ai_chat::to_json(m));
  return Response::json(200, out);
}

// The web app reports AiChatChannel trouble here, as the question page does; we only log it.
Response cable_report(Context& ctx) {
  ai_chat::require_ai_chat(ctx.me());
  const auto [id, error] = http::read_object(ctx.json_body(), [](http::JsonFields& in) {
    auto error = in.required_string("error", msg::invalid_value);
    if (in.errors().empty() && (error.empty() || error.size() > limits::cable_error_report_max)) in.fail("error", msg::invalid_value);
    const auto* id = in.raw("id");
    return std::pair{id ? id->dump() : std::string("null"), error};
  });
  spdlog::warn("request {} cable report from account {}: ai_chat {} {}", ctx.request.request_id, ctx.me().id,
               text::escape_for_log(id.substr(0, 40)), text::escape_for_log(error));
  return Response::no_content();
}

}  // namespace
}  // namespace ai_chat_routes

void add_ai_chat(http::Router& r) {
  using namespace ai_chat_routes;
  using http::Access;
  r.add({"POST", "/api/v1/ai_chat/action_cable_logger", Access::logged_in, cable_report});
  r.add({"GET", "/api/v1/ai_chat/conversations", Access::logged_in, list});
  r.add({"GET", "/api/v1/ai_chat/conversations/{id:int}", Access::logged_in, show});
}

}  // namespace camp::routes
