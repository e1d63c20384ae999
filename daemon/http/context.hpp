#pragma once
// What a handler gets: the request, the services, and (for logged-in routes) who is asking.
#include <optional>

#include "accounts/sessions.hpp"
#include "core/limits.hpp"
#include "http/exchange.hpp"

namespace camp {
struct App;
}

namespace camp::http {

struct PageParams {
  int page = 1;
  int per = 20;
};

struct Context {
  Request& request;
  App& app;
  std::optional<accounts::Principal> principal;

  const accounts::Account& me() const { return principal->account; }
  // The JSON body, after checking Content-Type (415), size (413), nesting depth and syntax (400);
  // read its fields with http/json_body.hpp.
  nlohmann::json json_body() const;
  std::int64_t int_param(const std::string& name) const;
  // ?page= (1..10000) and ?per= (1..max_per); absent means the default, anything else is a 400
  // naming the field, so a huge or negative number never reaches SQL.
  PageParams page_params(int default_per = 20, int max_per = limits::page_size_max) const;
  // ?name= as a whole number in 1..max (absent or empty: `fallback`), else a 400 naming it.
  int bounded_query(const char* name, int fallback, int max) const;
  // ?name=true or false (absent or empty: nothing), anything else a 400 naming it.
  std::optional<bool> flag_query(const char* name) const;
};

}  // namespace camp::http
