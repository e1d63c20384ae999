#pragma once
// A route table: METHOD + pattern ("/api/v1/accounts/{id:int}", "/calendar/{token:secret}.ics") -> handler.
// Unknown paths and known paths with a wrong method are told apart (404 vs 405 with Allow).
// A parameter marked `:secret` is a bearer credential (a reset token, an invitation id): the
// table renders it as [redacted] in every log line (loggable), and so it does for the web
// app's pages that carry one (add_page), which the static fallback serves.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "http/exchange.hpp"

namespace camp::http {

struct Context;
using Handler = std::function<Response(Context&)>;

// enrolling: logged in, and open to an account that must still enrol in two-factor login
// (its other logged-in routes answer 403 until it has; accounts/two_factor.hpp).
enum class Access { anyone, logged_in, enrolling };
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
  // For a write whose answer is personal data kept sealed elsewhere (a questionnaire answer):
  // its Idempotency-Key record keeps no copy of the answer, only the status, and a retry is
  // answered by this handler (the answer read back) with that status.
  Handler replay = nullptr;
};

struct Match {
  const Route* route = nullptr;    // set when found
  std::size_t index = 0;           // position in the table (for metrics)
  std::vector<std::string> allow;  // set when the path exists with other methods
};

class Router {
 public:
  void add(Route route);
  // A page of the web app that the logs must know: one carrying a secret
  // ("/reset-password/{token:secret}/edit"), or a plain sibling under the same prefix
  // ("/reset-password/confirm") that must stay readable. Pages are never matched for serving.
  void add_page(std::string pattern);
  // Fills request.params on success.
  Match match(Request& request) const;
  const std::vector<Route>& routes() const { return routes_; }
  // The path as a log line may show it (the raw or the decoded form; no query string): every
  // segment in a secret position becomes "[redacted]" (a literal suffix kept:
  // /calendar/[redacted].ics). A path that is exactly a route or page loses that pattern's
  // secrets; any other path loses each segment that follows the leading segments of some
  // pattern up to a secret, as sent or normalised (empty, "." and ".." segments), so a mangled
  // link ("/edit。", a trailing "/", "//") is redacted too.
  std::string loggable(std::string_view path) const;

 private:
  struct Segment {
    std::string text;  // literal, or the parameter name
    bool param = false;
    bool integer = false;
    bool secret = false;
    std::string suffix;  // literal text after the parameter in the segment ("{id:int}.ics")
  };
  struct Compiled {
    std::vector<Segment> segments;
  };
  static std::string_view param_value(const Segment& seg, std::string_view part);
  static Compiled compile(std::string_view pattern);
  static bool segment_matches(const Segment& seg, std::string_view part);
  static bool matches(const Compiled& c, const std::vector<std::string_view>& parts,
                      std::map<std::string, std::string>* params);

  std::vector<Route> routes_;
  std::vector<Compiled> compiled_;
  std::vector<Compiled> pages_;
};

}  // namespace camp::http
