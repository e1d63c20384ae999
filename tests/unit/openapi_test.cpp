// daemon/openapi.yaml is the API contract: it must name exactly the routes the daemon has.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <regex>
#include <set>

#include "http/router.hpp"
#include "routes/routes.hpp"

TEST(OpenApi, DocumentAndRouteTableAgree) {
  camp::http::Router router;
  camp::routes::add_all(router);
  std::set<std::string> served;
  for (const auto& r : router.routes()) {
    auto method = r.method;
    std::transform(method.begin(), method.end(), method.begin(), ::tolower);
    served.insert(method + " " + std::regex_replace(r.pattern, std::regex(":int\\}"), "}"));
  }

  const auto doc = YAML::LoadFile(CAMP_SOURCE_DIR "/daemon/openapi.yaml");
  std::set<std::string> documented;
  for (const auto& path : doc["paths"])
    for (const auto& op : path.second) {
      const auto method = op.first.as<std::string>();
      if (method != "parameters") documented.insert(method + " " + path.first.as<std::string>());
    }

  for (const auto& r : served) EXPECT_TRUE(documented.count(r)) << r << " is served but not in daemon/openapi.yaml";
  for (const auto& d : documented) EXPECT_TRUE(served.count(d)) << d << " is documented but not served";
}
