// daemon/openapi.yaml is the API contract: it must name exactly the routes the daemon has, and
// every operation must declare the statuses that any route of its kind can answer.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <regex>
#include <map>
#include <set>

#include "http/router.hpp"
#include "routes/routes.hpp"

namespace {

const YAML::Node& doc() {
  static const auto d = YAML::LoadFile(CAMP_SOURCE_DIR "/daemon/openapi.yaml");
  return d;
}

struct Operation {
  std::string name;  // "get /api/v1/questions"
  YAML::Node node;
};

std::vector<Operation> operations() {
  std::vector<Operation> out;
  for (const auto& path : doc()["paths"])
    for (const auto& op : path.second) {
      const auto method = op.first.as<std::string>();
      if (method != "parameters") out.push_back({method + " " + path.first.as<std::string>(), op.second});
    }
  return out;
}

bool is_public(const YAML::Node& op) { return op["security"] && op["security"].size() == 0; }

}  // namespace

TEST(OpenApi, DocumentAndRouteTableAgree) {
  camp::http::Router router;
  camp::routes::add_all(router);
  std::set<std::string> served;
  for (const auto& r : router.routes()) {
    auto method = r.method;
    std::transform(method.begin(), method.end(), method.begin(), ::tolower);
    served.insert(method + " " + std::regex_replace(r.pattern, std::regex(":(int|secret)\\}"), "}"));
  }
  std::set<std::string> documented;
  for (const auto& op : operations()) documented.insert(op.name);

  for (const auto& r : served) EXPECT_TRUE(documented.count(r)) << r << " is served but not in daemon/openapi.yaml";
  for (const auto& d : documented) EXPECT_TRUE(served.count(d)) << d << " is documented but not served";
}

TEST(OpenApi, EveryOperationHasAUniqueOperationId) {
  std::set<std::string> ids;
  for (const auto& op : operations()) {
    ASSERT_TRUE(op.node["operationId"]) << op.name << " has no operationId";
    EXPECT_TRUE(ids.insert(op.node["operationId"].as<std::string>()).second) << op.name << ": duplicate operationId";
  }
}

// Errors share one schema through the response components, so a status is one line per route.
TEST(OpenApi, ErrorAnswersUseTheSharedComponents) {
  for (const auto& op : operations())
    for (const auto& r : op.node["responses"]) {
      if (r.first.as<std::string>()[0] < '4') continue;
      ASSERT_TRUE(r.second["$ref"]) << op.name << " " << r.first << " is not a $ref";
      EXPECT_EQ(r.second["$ref"].as<std::string>().rfind("#/components/responses/", 0), 0u) << op.name;
    }
}

// The statuses every route can answer (docs/api.md): 400 for unreadable input, 401 when it
// needs a token, and under /api/ 413/415 for bad bodies, 429 rate limits, 503 database down.
TEST(OpenApi, EveryOperationDeclaresTheCommonErrors) {
  for (const auto& op : operations()) {
    std::vector<std::string> expected{"400"};
    if (!is_public(op.node)) expected.push_back("401");
    if (op.name.find(" /api/") != std::string::npos)
      for (const char* s : {"413", "415", "429", "503"}) expected.emplace_back(s);
    for (const auto& status : expected)
      EXPECT_TRUE(op.node["responses"][status]) << op.name << " does not declare " << status;
  }
}

// An account that must enrol in two-factor login gets 403 on every logged-in route but the few
// open to it (http::Access::enrolling), and a personal access token 403 on any authenticated
// route its scopes do not cover: so each of those routes declares 403.
TEST(OpenApi, AuthenticatedRoutesDeclare403) {
  camp::http::Router router;
  camp::routes::add_all(router);
  std::map<std::string, YAML::Node> documented;
  for (const auto& op : operations()) documented[op.name] = op.node;
  for (const auto& r : router.routes()) {
    if (r.access == camp::http::Access::anyone) continue;
    auto method = r.method;
    std::transform(method.begin(), method.end(), method.begin(), ::tolower);
    const auto name = method + " " + std::regex_replace(r.pattern, std::regex(":(int|secret)\\}"), "}");
    ASSERT_TRUE(documented.count(name)) << name;
    EXPECT_TRUE(documented[name]["responses"]["403"]) << name << " does not declare 403";
  }
}
