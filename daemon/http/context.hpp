#pragma once
// What a handler gets: the request, the services, and (for logged-in routes) who is asking.
#include <optional>

#include "accounts/sessions.hpp"
#include "http/exchange.hpp"

namespace camp {
struct App;
}

namespace camp::http {

struct Context {
  Request& request;
  App& app;
  std::optional<accounts::Principal> principal;

  const accounts::Account& me() const { return principal->account; }
  // The JSON body, after checking Content-Type (415), size (413), nesting depth and syntax (400).
  nlohmann::json json_body() const;
  std::int64_t int_param(const std::string& name) const;
};

// Members of a JSON object, with a 422 naming the field when the type is wrong.
std::optional<std::string> optional_string(const nlohmann::json& object, const char* key);
std::optional<std::optional<std::string>> nullable_string(const nlohmann::json& object, const char* key);

}  // namespace camp::http
