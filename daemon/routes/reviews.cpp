// The review queue, claims, reviews and the reviewers' notes (docs/curriculum.md).
#include "app.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "review_notes.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace reviews_routes {
namespace {

using http::Context;
using http::Response;

// A whole number query parameter (at most 18 digits): absent -> nothing, else 422 naming it.
std::optional<std::int64_t> whole_number(const Context& ctx, const char* name) {
  const auto v = ctx.request.query_param(name);
  if (!v || v->empty()) return std::nullopt;
  if (v->size() > 18 || v->find_first_not_of("0123456789") != std::string::npos)
    throw Error(errc::invalid, std::string(msg::invalid_input), {{name, {std::string(msg::integer_required)}}});
  return std::stoll(*v);
}

std::optional<std::string> text_query(const Context& ctx, const char* name) {
  auto v = ctx.request.query_param(name);
  if (!v || v->empty()) return std::nullopt;
  return v;
}

Response queue(Context& ctx) {
  reviews::QueueParams p;
  p.status = text_query(ctx, "status").value_or("waiting");
  p.curriculum = text_query(ctx, "curriculum");
  p.task_id = whole_number(ctx, "task_id");
  p.claimed_by = text_query(ctx, "claimed_by");
  p.older_than_days = whole_number(ctx, "older_than_days");
  p.newer_than_days = whole_number(ctx, "newer_than_days");
  const auto paging = ctx.page_params();
  p.page = paging.page;
  p.per = paging.per;
  const auto page = ctx.app.reviews.queue(ctx.me(), p);
  auto data = nlohmann::json::array();
  for (const auto& s : page.items) data.push_back(reviews::to_json(s));
  return Response::json(200, {{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}}});
}

Response show(Context& ctx) { return Response::json(200, reviews::to_json(ctx.app.reviews.get(ctx.me(), ctx.int_param("id")))); }

Response claim(Context& ctx) { return Response::json(200, reviews::to_json(ctx.app.reviews.claim(ctx.me(), ctx.int_param("id")))); }

Response release(Context& ctx) {
  return Response::json(200, reviews::to_json(ctx.app.reviews.release(ctx.me(), ctx.int_param("id"))));
}

// {"review":{"comment","status"}}: a member of another type counts as missing.
Response create_review(Context& ctx) {
  const auto input = http::read_member(ctx.json_body(), "review", [](http::JsonFields& in) {
    reviews::ReviewInput r;
    const auto text = [&](const char* name) -> std::optional<std::string> {
      const auto* v = in.raw(name);
      if (!v || !v->is_string()) return std::nullopt;
      auto s = v->get<std::string>();
      if (s.find('\0') != std::string::npos) return std::nullopt;
      return s;
    };
    r.comment = text("comment");
    r.status = text("status");
    return r;
  });
  return Response::json(201, reviews::to_json(ctx.app.reviews.review(ctx.me(), ctx.int_param("id"), input)));
}

Response note(Context& ctx) {
  reviews::require_reviewer(ctx.me());
  const auto n = find_review_note(ctx.request.params.at("name"));
  if (!n) throw Error(errc::not_found, std::string(msg::not_found));
  return Response::json(200, {{"name", n->name}, {"title", n->title}, {"body", n->body}});
}

// The newest submissions, oldest first (`camp submissions list` in remote mode); reviewers.
Response recent(Context& ctx) {
  const auto items = ctx.app.reviews.recent(ctx.me(), ctx.flag_query("waiting").value_or(false), ctx.bounded_query("limit", 100, limits::operator_list_max));
  auto data = nlohmann::json::array();
  for (const auto& s : items) {
    auto j = reviews::to_json(s);
    j.erase("can_review");  // a list for operators, not a reviewer's queue
    data.push_back(std::move(j));
  }
  return Response::json(200, {{"data", data}});
}

// Per reviewer since ?since= (a date or ISO 8601 time; `camp reviews stats` in remote mode). Admins.
Response stats(Context& ctx) {
  if (ctx.me().role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  const auto since = text_query(ctx, "since");
  auto data = nlohmann::json::array();
  for (const auto& s : ctx.app.reviews.stats(ctx.me(), since)) data.push_back(reviews::to_json(s));
  return Response::json(200, {{"data", data}});
}

}  // namespace
}  // namespace reviews_routes

void add_reviews(http::Router& r) {
  using namespace reviews_routes;
  using http::Access;
  r.add({"GET", "/api/v1/submissions", Access::logged_in, queue});
  r.add({"GET", "/api/v1/submissions/recent", Access::logged_in, recent});
  r.add({"GET", "/api/v1/submissions/{id:int}", Access::logged_in, show});
  r.add({"GET", "/api/v1/review_stats", Access::logged_in, stats});
  r.add({"POST", "/api/v1/submissions/{id:int}/claim", Access::logged_in, claim});
  r.add({"DELETE", "/api/v1/submissions/{id:int}/claim", Access::logged_in, release});
  r.add({"POST", "/api/v1/submissions/{id:int}/reviews", Access::logged_in, create_review});
  r.add({"GET", "/api/v1/review_notes/{name}", Access::logged_in, note});
}

}  // namespace camp::routes
