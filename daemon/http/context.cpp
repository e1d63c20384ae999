#include "http/context.hpp"

#include <charconv>

#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/json_body.hpp"

namespace camp::http {

nlohmann::json Context::json_body() const {
  const auto type = request.header("content-type").value_or("");
  if (type.substr(0, type.find(';')) != "application/json")
    throw Error(errc::unsupported_media_type, "Content-Type must be application/json");
  if (request.body.size() > app.config.max_json_body_bytes)
    throw Error(errc::payload_too_large, "request body too large");
  if (!json_nesting_within(request.body, kJsonNestingLimit)) throw Error(errc::malformed, "JSON nested too deeply");
  auto parsed = nlohmann::json::parse(request.body, nullptr, false);
  if (parsed.is_discarded()) throw Error(errc::malformed, "request body is not valid JSON");
  if (!parsed.is_object()) throw Error(errc::malformed, "request body must be a JSON object");
  return parsed;
}

// The router admits at most 18 digits for {name:int}, so this always fits.
std::int64_t Context::int_param(const std::string& name) const { return std::stoll(request.params.at(name)); }

namespace {

int bounded_query_int(const Request& request, const char* name, int fallback, int max) {
  const auto value = request.query_param(name);
  if (!value || value->empty()) return fallback;
  int n = 0;
  const auto* end = value->data() + value->size();
  const auto [ptr, ec] = std::from_chars(value->data(), end, n);
  if (ec != std::errc{} || ptr != end || n < 1 || n > max)
    throw Error(errc::malformed, std::string(msg::invalid_input),
                {{name, {msg::integer_range("1", std::to_string(max))}}});
  return n;
}

}  // namespace

int Context::bounded_query(const char* name, int fallback, int max) const {
  return bounded_query_int(request, name, fallback, max);
}

std::optional<bool> Context::flag_query(const char* name) const {
  const auto value = request.query_param(name);
  if (!value || value->empty()) return std::nullopt;
  if (*value != "true" && *value != "false")
    throw Error(errc::malformed, std::string("query parameter '") + name + "' is not valid");
  return *value == "true";
}

PageParams Context::page_params(int default_per, int max_per) const {
  return {bounded_query_int(request, "page", 1, 10000), bounded_query_int(request, "per", default_per, max_per)};
}

}  // namespace camp::http
