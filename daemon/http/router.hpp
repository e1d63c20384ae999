#pragma once
// A route table: METHOD + pattern ("/api/v1/accounts/{id:int}", "/calendar/{token}.ics") -> handler. Unknown paths
// and known paths with a wrong method are told apart (404 vs 405 with Allow).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "http/exchange.hpp"

namespace camp::http {

struct Context;
using Handler = std::function<Response(Context&)>;

enum class Access { anyone, logged_in };
enum class Lane { fast, slow };  // slow: CPU-heavy work (password hashing) on its own pool
// Largest body a route takes: the JSON limit, or (the upload route only) the upload limit.
enum class BodyLimit { json, upload };

struct Route {
  std::string method;
  std::string pattern;
  Access access;
  Handler handler;
  Lane lane = Lane::fast;
  BodyLimit body_limit = BodyLimit::json;
};

struct Match {
  const Route* route = nullptr;    // set when found
  std::size_t index = 0;           // position in the table (for metrics)
  std::vector<std::string> allow;  // set when the path exists with other methods
};

class Router {
 public:
  void add(Route route);
  // Fills request.params on success.
  Match match(Request& request) const;
  const std::vector<Route>& routes() const { return routes_; }

 private:
  struct Segment {
    std::string text;  // literal, or the parameter name
    bool param = false;
    bool integer = false;
    std::string suffix;  // literal text after the parameter in the segment ("{id:int}.ics")
  };
  struct Compiled {
    std::vector<Segment> segments;
  };
  static std::string_view param_value(const Segment& seg, std::string_view part);
  static bool matches(const Compiled& c, const std::vector<std::string_view>& parts,
                      std::map<std::string, std::string>* params);

  std::vector<Route> routes_;
  std::vector<Compiled> compiled_;
};

}  // namespace camp::http
