#pragma once
// Our own request/response types: handlers never see RESTinio, so they compile fast and
// can be tested without a server. daemon/server.cpp converts at the edge.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace camp::http {

class Later;  // http/later.hpp

using Headers = std::vector<std::pair<std::string, std::string>>;

struct Request {
  std::string method;  // upper case; HEAD is routed as GET
  std::string path;    // without the query string, percent-decoded
  std::string raw_path;  // as sent (still percent-encoded): static files judge this one
  std::string log_path;  // raw_path with its secrets redacted (Router::loggable): the only path logs show
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

// An open file descriptor, closed when its owner goes away (move-only).
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& o) noexcept : fd_(o.release()) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept;
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd();
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  explicit operator bool() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
};

struct Response {
  int status = 200;
  Headers headers;
  std::string body;
  // Set: sent instead of body without a copy (an upload from the daemon's cache, shared with
  // every response that sends it at the same time).
  std::shared_ptr<const std::string> shared_body;
  UniqueFd file;  // open: send this file (sendfile) instead of body
  int delay_ms = 0;  // send only after this long: a timer waits, not a worker thread
  std::shared_ptr<Later> later;  // set: the answer comes later through it (the rest is unused)

  Response& header(std::string name, std::string value) & {
    headers.emplace_back(std::move(name), std::move(value));
    return *this;
  }
  Response&& header(std::string name, std::string value) && { return std::move(header(std::move(name), std::move(value))); }
  std::optional<std::string_view> find_header(std::string_view name) const;

  static Response json(int status, const nlohmann::json& body);
  // JSON already serialized, sent from the shared buffer without a copy.
  static Response json(int status, std::shared_ptr<const std::string> body);
  static Response no_content();
};

std::string percent_decode(std::string_view in);

// Throws errc::malformed (400) when the decoded path or any query name or value is not valid
// UTF-8 or holds a control character: nothing downstream (SQL, logs, JSON) ever sees them.
void check_request_target(const Request& request);

}  // namespace camp::http
