#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"

namespace camp::routes {
namespace categories_routes {
namespace {

using http::Context;
using http::Response;

struct QuestionCategoryInput {
  std::string name;
  std::optional<int> parent_id;
  std::optional<std::string> search_name;
};

QuestionCategoryInput category_input(const Context& ctx) {
  return http::read_member(ctx.json_body(), "category", [](http::JsonFields& in) {
    const auto parent_id = in.integer("parent_id", http::kIds32, msg::invalid_value, msg::category_unknown);
    return QuestionCategoryInput{in.string("name").value_or(""),
                                 parent_id ? std::optional<int>(static_cast<int>(*parent_id)) : std::nullopt,
                                 in.string("search_name")};
  });
}

Response tree(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& c : ctx.app.categories.tree(ctx.me())) data.push_back(questions::to_json(c));
  return Response::json(200, {{"data", data}});
}

Response create(Context& ctx) {
  const auto in = category_input(ctx);
  const int id = ctx.app.categories.create(ctx.me(), in.name, in.parent_id, in.search_name);
  return Response::json(201, {{"id", id}});
}

Response rename(Context& ctx) {
  const auto in = category_input(ctx);
  const int id = static_cast<int>(ctx.int_param("id"));
  ctx.app.categories.rename(ctx.me(), id, in.name, in.search_name);
  return Response::json(200, {{"id", id}});
}

Response destroy(Context& ctx) {
  ctx.app.categories.remove(ctx.me(), static_cast<int>(ctx.int_param("id")));
  return Response::no_content();
}

}  // namespace
}  // namespace categories_routes

void add_categories(http::Router& r) {
  using namespace categories_routes;
  r.add({"GET", "/api/v1/categories", http::Access::logged_in, tree});
  r.add({"POST", "/api/v1/categories", http::Access::logged_in, create});
  r.add({"PATCH", "/api/v1/categories/{id:int}", http::Access::logged_in, rename});
  r.add({"DELETE", "/api/v1/categories/{id:int}", http::Access::logged_in, destroy});
}

}  // namespace camp::routes
