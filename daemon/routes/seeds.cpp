// A school fixture over the API (`camp db seed FILE.yaml` in remote mode, docs/seeds.md): the
// same idempotent loader as the CLI, for CI jobs seeding a staging school. Admins.
#include "app.hpp"
#include "core/error.hpp"
#include "http/context.hpp"
#include "routes/routes.hpp"
#include "seed/fixture.hpp"
#include "tokens/scope.hpp"

namespace camp::routes {
namespace seeds_routes {
namespace {

using http::Context;
using http::Response;

// The fixture's YAML as the body; ?source=NAME names it in the messages (FILE:LINE:COLUMN).
Response seed(Context& ctx) {
  const auto& actor = ctx.me();
  const auto type = ctx.request.header("content-type").value_or("");
  const auto base = type.substr(0, type.find(';'));
  if (base != "application/yaml" && base != "application/x-yaml" && base != "text/yaml")
    throw Error(errc::unsupported_media_type, "Content-Type must be application/yaml");
  auto source = ctx.request.query_param("source").value_or("");
  if (source.empty()) source = "fixture.yaml";
  const auto report = seed::seed_as(ctx.app.pool, actor, ctx.request.body, source);
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [section, n] : report) out[section] = {{"created", n.created}, {"updated", n.updated}, {"unchanged", n.unchanged}};
  return Response::json(200, out);
}

}  // namespace
}  // namespace seeds_routes

void add_seeds(http::Router& r) {
  // The slow lane: a fixture's accounts may carry passwords to hash (argon2id).
  r.add(http::needs_scope({"POST", "/api/v1/seeds", http::Access::logged_in, seeds_routes::seed, http::Lane::slow},
                          tokens::kSeedWrite));
}

}  // namespace camp::routes
