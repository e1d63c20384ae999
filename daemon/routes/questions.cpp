#include <spdlog/spdlog.h>

#include "app.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace questions_routes {
namespace {

using http::Context;
using http::Response;

// An integer query parameter: absent -> fallback, not an integer -> 422 naming it.
std::optional<int> int_query(const Context& ctx, const char* name) {
  auto v = ctx.request.query_param(name);
  if (!v || v->empty()) return std::nullopt;
  if (v->size() > 9 || v->find_first_not_of("0123456789") != std::string::npos)
    throw Error(errc::invalid, std::string(msg::invalid_input), {{name, {std::string(msg::integer_required)}}});
  return std::stoi(*v);
}

// {"question":{category_id, title, body, is_pick_up}}; absent fields stay as they are.
questions::QuestionInput question_input(const nlohmann::json& body) {
  return http::read_member(body, "question", [](http::JsonFields& in) {
    questions::QuestionInput q;
    // Category ids are 32-bit in the schema: a larger number names no category (never wrap it).
    if (const auto id = in.integer("category_id", http::kIds32, msg::category_required, msg::category_unknown))
      q.category_id = static_cast<int>(*id);
    q.title = in.string("title");
    q.body = in.string("body");
    q.is_pick_up = in.boolean("is_pick_up");
    return q;
  });
}

questions::SearchParams search_params(Context& ctx) {
  questions::SearchParams p;
  p.keywords = ctx.request.query_param("keywords").value_or("");
  p.category_id = int_query(ctx, "category_id");
  p.status = ctx.request.query_param("status").value_or("all");
  if (p.status.empty()) p.status = "all";
  p.unanswered = ctx.flag_query("unanswered").value_or(false);
  const auto paging = ctx.page_params();
  p.page = paging.page;
  p.per = paging.per;
  return p;
}

Response list(Context& ctx) {
  auto page = ctx.app.questions.search(ctx.me(), search_params(ctx));
  return Response::json(200, std::move(page.body));  // a front page's is shared with the cache
}

// A cached page on the I/O thread (Route::from_memory): most front pages.
std::optional<Response> cached_list(Context& ctx) {
  auto body = ctx.app.questions.cached_body(ctx.me(), search_params(ctx));
  if (!body) return std::nullopt;
  return Response::json(200, std::move(body));
}

Response create(Context& ctx) {
  const auto q = ctx.app.questions.ask(ctx.me(), question_input(ctx.json_body()));
  return Response::json(201, questions::to_json(q));
}

Response show(Context& ctx) { return Response::json(200, ctx.app.questions.detail(ctx.me(), ctx.int_param("id"))); }

// A kept question page on the I/O thread (Route::from_memory).
std::optional<Response> cached_show(Context& ctx) {
  auto body = ctx.app.questions.cached_detail(ctx.me(), ctx.int_param("id"));
  if (!body) return std::nullopt;
  return Response::json(200, std::move(body));
}

Response update(Context& ctx) {
  const auto q = ctx.app.questions.update(ctx.me(), ctx.int_param("id"), question_input(ctx.json_body()));
  return Response::json(200, questions::to_json(q));
}

Response destroy(Context& ctx) {
  ctx.app.questions.remove(ctx.me(), ctx.int_param("id"));
  return Response::no_content();
}

std::string answer_body(const Context& ctx) {
  return http::read_member(ctx.json_body(), "answer",
                           [](http::JsonFields& in) { return in.string("body").value_or(""); });
}

Response create_answer(Context& ctx) {
  const auto a = ctx.app.questions.answer(ctx.me(), ctx.int_param("id"), answer_body(ctx));
  return Response::json(201, questions::to_json(a, false));
}

Response update_answer(Context& ctx) {
  const auto a = ctx.app.questions.update_answer(ctx.me(), ctx.int_param("id"), answer_body(ctx));
  const auto q = ctx.app.questions.visible_question(ctx.me(), a.question_id);
  return Response::json(200, questions::to_json(a, q.solved_answer_id == a.id));
}

Response destroy_answer(Context& ctx) {
  ctx.app.questions.remove_answer(ctx.me(), ctx.int_param("id"));
  return Response::no_content();
}

Response set_solution(Context& ctx) {
  const auto answer_id = http::read_object(ctx.json_body(), [](http::JsonFields& in) {
    return in.required_integer("answer_id", http::kIds64, msg::answer_choice_required).value_or(0);
  });
  const auto q = ctx.app.questions.choose_solution(ctx.me(), ctx.int_param("id"), answer_id);
  return Response::json(200, questions::to_json(q));
}

Response clear_solution(Context& ctx) {
  return Response::json(200, questions::to_json(ctx.app.questions.choose_solution(ctx.me(), ctx.int_param("id"), std::nullopt)));
}

// The web app's connection monitor reports websocket trouble here; we only log it.
Response cable_report(Context& ctx) {
  questions::require_question_box(ctx.me());
  const auto [id, error] = http::read_object(ctx.json_body(), [](http::JsonFields& in) {
    auto error = in.required_string("error", msg::invalid_value);
    if (in.errors().empty() && (error.empty() || error.size() > limits::cable_error_report_max)) in.fail("error", msg::invalid_value);
    const auto* id = in.raw("id");
    return std::pair{id ? id->dump() : std::string("null"), error};
  });
  spdlog::warn("request {} cable report from account {}: question {} {}", ctx.request.request_id, ctx.me().id,
               id.substr(0, 40), error);
  return Response::no_content();
}

}  // namespace
}  // namespace questions_routes

void add_questions(http::Router& r) {
  using namespace questions_routes;
  using http::Access;
  http::Route index{"GET", "/api/v1/questions", Access::logged_in, list};
  index.from_memory = cached_list;
  r.add(std::move(index));
  r.add({"POST", "/api/v1/questions", Access::logged_in, create});
  r.add({"POST", "/api/v1/questions/action_cable_logger", Access::logged_in, cable_report});
  http::Route detail{"GET", "/api/v1/questions/{id:int}", Access::logged_in, show};
  detail.from_memory = cached_show;
  r.add(std::move(detail));
  r.add({"PATCH", "/api/v1/questions/{id:int}", Access::logged_in, update});
  r.add({"DELETE", "/api/v1/questions/{id:int}", Access::logged_in, destroy});
  r.add({"POST", "/api/v1/questions/{id:int}/answers", Access::logged_in, create_answer});
  r.add({"PUT", "/api/v1/questions/{id:int}/solution", Access::logged_in, set_solution});
  r.add({"DELETE", "/api/v1/questions/{id:int}/solution", Access::logged_in, clear_solution});
  r.add({"PATCH", "/api/v1/answers/{id:int}", Access::logged_in, update_answer});
  r.add({"DELETE", "/api/v1/answers/{id:int}", Access::logged_in, destroy_answer});
}

}  // namespace camp::routes
