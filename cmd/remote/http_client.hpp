#pragma once
// The school's JSON API over HTTPS for remote mode (docs/design.md, "Remote mode"): libcurl with
// TLS verification on, connect and total timeouts, retries with backoff on connection failures
// and 502/503/504, and an Idempotency-Key on every write (the same across its retries, so the
// daemon applies it once: docs/reliability.md). The token goes in the Authorization header and
// nowhere else: no message, log or error of this file contains it.
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <ostream>
#include <string>

namespace camp::cli::remote {

struct HttpResponse {
  long status = 0;
  std::string body;                            // empty when streamed to a sink
  std::map<std::string, std::string> headers;  // names in lower case
};

// Bytes sent and to send (an upload), else received and to receive; called often.
using Progress = std::function<void(std::size_t done, std::size_t total)>;

class HttpClient {
 public:
  // `server`: https://host[:port][/prefix]; plain http only to a loopback address (tests, a
  // tunnel), where no one can read the token on the way.
  HttpClient(std::string server, std::string token);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  const std::string& server() const { return server_; }

  // `path` from the server's root ("/api/v1/events?scope=past"). Any status comes back; a
  // transfer that fails after the retries throws errc::unavailable. A 2xx body goes to `sink`
  // when there is one, as it arrives.
  HttpResponse send(const std::string& method, const std::string& path, const std::string& body = {},
                    const std::string& content_type = "application/json", const Progress& progress = {},
                    std::ostream* sink = nullptr);

  // The JSON answer of a 2xx; any other status throws the camp::Error the API's error body
  // describes (api_error), as the local side would have thrown.
  nlohmann::json get(const std::string& path);
  nlohmann::json write(const std::string& method, const std::string& path, const nlohmann::json& body);

 private:
  std::string server_, token_;
};

// The camp::Error an API error answer stands for: its status picks the code (the inverse of
// daemon/http/errors.cpp), its body gives the message and the field messages. A 401 to a
// request with a token says the token is not (or no longer) good, in one line.
[[noreturn]] void throw_api_error(const HttpResponse& r, bool token_sent);

// A query string value, percent-encoded.
std::string url_encode(const std::string& value);

}  // namespace camp::cli::remote
