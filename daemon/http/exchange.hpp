#pragma once
// Our own request/response types: handlers never see RESTinio, so they compile fast and
// can be tested without a server. daemon/server.cpp converts at the edge.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace camp::http {

using Headers = std::vector<std::pair<std::string, std::string>>;

struct Request {
  std::string method;  // upper case; HEAD is routed as GET
  std::string path;    // without the query string, percent-decoded
  std::string query;   // raw query string
  Headers headers;     // names in lower case
  std::string body;
  std::string client_address;
  std::string request_id;
  std::map<std::string, std::string> params;  // from the route pattern
  std::optional<std::int64_t> account_id;     // set once authenticated (for the access log)

  std::optional<std::string_view> header(std::string_view lower_name) const;
  std::optional<std::string> query_param(std::string_view name) const;
};

struct Response {
  int status = 200;
  Headers headers;
  std::string body;
  std::string file_path;  // non-empty: send this file instead of body

  Response& header(std::string name, std::string value) {
    headers.emplace_back(std::move(name), std::move(value));
    return *this;
  }
  std::optional<std::string_view> find_header(std::string_view name) const;

  static Response json(int status, const nlohmann::json& body);
  static Response no_content();
};

std::string percent_decode(std::string_view in);

}  // namespace camp::http
