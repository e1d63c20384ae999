#pragma once
// A route table: METHOD + pattern ("/api/v1/accounts/{id:int}", "/calendar/{token:secret}.ics") -> handler.
// Unknown paths and known paths with a wrong method are told apart (404 vs 405 with Allow).
// A parameter marked `:secret` is a bearer credential (a reset token, an invitation id): the
// table renders it as [redacted] in every log line (loggable), and so it does for the web
// app's pages that carry one (add_page), which the static fallback serves.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/exchange.hpp"

namespace camp::http {

struct Context;
using Handler = std::function<Response(Context&)>;

// enrolling: logged in, and open to an account that must still enrol in two-factor login
// (its other logged-in routes answer 403 until it has; accounts/two_factor.hpp).
enum class Access { anyone, logged_in, enrolling };
enum class Lane { fast, slow };  // slow: CPU-heavy work (password hashing) on its own pool; never a GET
// Largest body a route takes: the JSON limit, or (the upload route only) the upload limit.
enum class BodyLimit { json, upload };
// Route::scope of the routes a personal access token may never call (its own management,
// passwords, two-factor login, sessions): a session is needed. No token holds it.
inline constexpr std::string_view kSessionOnly = "session";

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
  // What a personal access token must hold to call it (lib/tokens/scope.hpp; sessions need
  // nothing, routes open to anyone ignore it). Left empty, Router::add fills it: `read` for
  // GET, else the write scope of the group being added (WriteScope), else kSessionOnly.
  std::string scope = {};
  // For a GET whose answer is often in this daemon's memory (a cached upload, /me, a cached
  // list page): tried on the I/O thread that read the request, without the hop to the worker
  // pool and back, once memory alone has authenticated the caller (a session the cache holds).
  // It answers only from memory (nullopt otherwise: the handler above runs on the pool) and
  // never blocks.
  std::function<std::optional<Response>(Context&)> from_memory = nullptr;
};

// Overrides for one route: a GET of personal data (questionnaires:export), a write of another
// scope than its group's, or a route for sessions only.
Route needs_scope(Route route, std::string_view scope);
inline Route session_only(Route route) { return needs_scope(std::move(route), kSessionOnly); }

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
  friend class WriteScope;
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
  std::string write_scope_;  // of the group being added (WriteScope)
};

// While it lives, the writes added to the router need `scope` from a token: a domain's add_*
// function declares it first (`http::WriteScope writes(r, tokens::kEventsWrite);`). Writes
// added outside one are for sessions only.
class WriteScope {
 public:
  WriteScope(Router& router, std::string_view scope) : router_(router) { router_.write_scope_ = scope; }
  ~WriteScope() { router_.write_scope_.clear(); }
  WriteScope(const WriteScope&) = delete;
  WriteScope& operator=(const WriteScope&) = delete;

 private:
  Router& router_;
};

}  // namespace camp::http
