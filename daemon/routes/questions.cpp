#include <spdlog/spdlog.h>

#include "app.hpp"
#include "core/error.hpp"
#include "http/context.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace {

using http::Context;
using http::Response;

// An integer query parameter: absent -> fallback, not an integer -> 422 naming it.
std::optional<int> int_query(const Context& ctx, const char* name) {
  auto v = ctx.request.query_param(name);
  if (!v || v->empty()) return std::nullopt;
  if (v->size() > 9 || v->find_first_not_of("0123456789") != std::string::npos)
    throw Error(errc::invalid, "入力内容に誤りがあります", {{name, {"数値を指定してください"}}});
  return std::stoi(*v);
}

const nlohmann::json& member_object(const nlohmann::json& body, const char* key) {
  if (!body.contains(key) || !body[key].is_object())
    throw Error(errc::malformed, std::string("body must be {\"") + key + "\":{...}}");
  return body[key];
}

questions::QuestionInput question_input(const nlohmann::json& in) {
  questions::QuestionInput q;
  if (in.contains("category_id") && !in["category_id"].is_null()) {
    if (!in["category_id"].is_number_integer())
      throw Error(errc::invalid, "入力内容に誤りがあります", {{"category_id", {"カテゴリーは必須です"}}});
    // QuestionCategory ids are 32-bit in the schema: a larger number names no category (never wrap it).
    const auto& raw = in["category_id"];
    const bool fits = raw.is_number_unsigned() ? raw.get<std::uint64_t>() <= INT32_MAX
                                               : raw.get<std::int64_t>() >= 1 && raw.get<std::int64_t>() <= INT32_MAX;
    if (!fits) throw Error(errc::invalid, "入力内容に誤りがあります", {{"category_id", {"カテゴリーが見つかりません"}}});
    q.category_id = static_cast<int>(raw.get<std::int64_t>());
  }
  q.title = http::optional_string(in, "title");
  q.body = http::optional_string(in, "body");
  if (in.contains("is_pick_up") && !in["is_pick_up"].is_null()) {
    if (!in["is_pick_up"].is_boolean())
      throw Error(errc::invalid, "入力内容に誤りがあります", {{"is_pick_up", {"不正な値です"}}});
    q.is_pick_up = in["is_pick_up"].get<bool>();
  }
  return q;
}

nlohmann::json detail_json(const questions::QuestionDetail& d) {
  auto out = questions::to_json(d.question);
  out["answers"] = nlohmann::json::array();
  for (const auto& a : d.answers)
    out["answers"].push_back(questions::to_json(a, d.question.solved_answer_id == a.id));
  return out;
}

Response list(Context& ctx) {
  questions::SearchParams p;
  p.keywords = ctx.request.query_param("keywords").value_or("");
  p.category_id = int_query(ctx, "category_id");
  p.status = ctx.request.query_param("status").value_or("all");
  if (p.status.empty()) p.status = "all";
  const auto paging = ctx.page_params();
  p.page = paging.page;
  p.per = paging.per;
  const auto page = ctx.app.questions.search(ctx.me(), p);
  auto data = nlohmann::json::array();
  for (const auto& q : page.items) data.push_back(questions::to_json(q));
  return Response::json(200, {{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}, {"total_capped", page.total_capped}}}});
}

Response create(Context& ctx) {
  const auto body = ctx.json_body();
  const auto q = ctx.app.questions.ask(ctx.me(), question_input(member_object(body, "question")));
  return Response::json(201, questions::to_json(q));
}

Response show(Context& ctx) { return Response::json(200, detail_json(ctx.app.questions.get(ctx.me(), ctx.int_param("id")))); }

Response update(Context& ctx) {
  const auto body = ctx.json_body();
  const auto q = ctx.app.questions.update(ctx.me(), ctx.int_param("id"), question_input(member_object(body, "question")));
  return Response::json(200, questions::to_json(q));
}

Response destroy(Context& ctx) {
  ctx.app.questions.remove(ctx.me(), ctx.int_param("id"));
  return Response::no_content();
}

std::string answer_body(const Context& ctx) {
  const auto body = ctx.json_body();
  return http::optional_string(member_object(body, "answer"), "body").value_or("");
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
  const auto body = ctx.json_body();
  if (!body.contains("answer_id") || !body["answer_id"].is_number_integer())
    throw Error(errc::invalid, "入力内容に誤りがあります", {{"answer_id", {"回答を選択してください"}}});
  const auto q = ctx.app.questions.choose_solution(ctx.me(), ctx.int_param("id"), body["answer_id"].get<std::int64_t>());
  return Response::json(200, questions::to_json(q));
}

Response clear_solution(Context& ctx) {
  return Response::json(200, questions::to_json(ctx.app.questions.choose_solution(ctx.me(), ctx.int_param("id"), std::nullopt)));
}

// The web app's connection monitor reports websocket trouble here; we only log it.
Response cable_report(Context& ctx) {
  questions::require_question_box(ctx.me());
  const auto body = ctx.json_body();
  const auto error = http::optional_string(body, "error").value_or("");
  if (error.empty() || error.size() > 200)
    throw Error(errc::invalid, "入力内容に誤りがあります", {{"error", {"不正な値です"}}});
  const auto id = body.contains("id") ? body["id"].dump() : "null";
  spdlog::warn("request {} cable report from account {}: question {} {}", ctx.request.request_id, ctx.me().id,
               id.substr(0, 40), error);
  return Response::no_content();
}

}  // namespace

void add_questions(http::Router& r) {
  using http::Access;
  r.add({"GET", "/api/v1/questions", Access::logged_in, list});
  r.add({"POST", "/api/v1/questions", Access::logged_in, create});
  r.add({"POST", "/api/v1/questions/action_cable_logger", Access::logged_in, cable_report});
  r.add({"GET", "/api/v1/questions/{id:int}", Access::logged_in, show});
  r.add({"PATCH", "/api/v1/questions/{id:int}", Access::logged_in, update});
  r.add({"DELETE", "/api/v1/questions/{id:int}", Access::logged_in, destroy});
  r.add({"POST", "/api/v1/questions/{id:int}/answers", Access::logged_in, create_answer});
  r.add({"PUT", "/api/v1/questions/{id:int}/solution", Access::logged_in, set_solution});
  r.add({"DELETE", "/api/v1/questions/{id:int}/solution", Access::logged_in, clear_solution});
  r.add({"PATCH", "/api/v1/answers/{id:int}", Access::logged_in, update_answer});
  r.add({"DELETE", "/api/v1/answers/{id:int}", Access::logged_in, destroy_answer});
}

}  // namespace camp::routes
