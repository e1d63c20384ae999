#include "remote/http_client.hpp"

#include <curl/curl.h>

#include <cctype>
#include <chrono>
#include <memory>
#include <thread>

#include "core/error.hpp"
#include "core/random.hpp"

namespace camp::cli::remote {
namespace {

constexpr long kConnectTimeoutSeconds = 10;
constexpr long kTotalTimeoutSeconds = 300;  // a large import or export still fits
constexpr int kAttempts = 4;                // the first and three retries: 1 s, 2 s, 4 s apart

struct Transfer {
  CURL* curl = nullptr;
  std::ostream* sink = nullptr;
  const Progress* progress = nullptr;
  std::string received;
  std::map<std::string, std::string> headers;
  bool streamed = false;  // bytes went to the sink: a retry would repeat them
};

std::size_t on_data(char* data, std::size_t size, std::size_t n, void* user) {
  auto& t = *static_cast<Transfer*>(user);
  long status = 0;
  if (t.sink) curl_easy_getinfo(t.curl, CURLINFO_RESPONSE_CODE, &status);
  // Only a success streams to the sink: an error body is read as JSON.
  if (status >= 200 && status < 300) {
    t.sink->write(data, static_cast<std::streamsize>(size * n));
    t.streamed = true;
  } else {
    t.received.append(data, size * n);
  }
  return size * n;
}

std::size_t on_header(char* data, std::size_t size, std::size_t n, void* user) {
  auto& t = *static_cast<Transfer*>(user);
  const std::string line(data, size * n);
  if (const auto colon = line.find(':'); colon != std::string::npos) {
    std::string name = line.substr(0, colon), value = line.substr(colon + 1);
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto first = value.find_first_not_of(" \t"), last = value.find_last_not_of(" \t\r\n");
    t.headers[name] = first == std::string::npos ? "" : value.substr(first, last - first + 1);
  }
  return size * n;
}

int on_progress(void* user, curl_off_t down_total, curl_off_t down_now, curl_off_t up_total, curl_off_t up_now) {
  const auto& t = *static_cast<Transfer*>(user);
  const auto [now, total] = up_total > 0 ? std::pair(up_now, up_total) : std::pair(down_now, down_total);
  if (total > 0) (*t.progress)(static_cast<std::size_t>(now), static_cast<std::size_t>(total));
  return 0;
}

bool retryable(CURLcode c) {
  return c == CURLE_COULDNT_CONNECT || c == CURLE_COULDNT_RESOLVE_HOST || c == CURLE_OPERATION_TIMEDOUT ||
         c == CURLE_SEND_ERROR || c == CURLE_RECV_ERROR || c == CURLE_GOT_NOTHING;
}

bool loopback(const std::string& server) {
  for (const char* prefix : {"http://127.0.0.1", "http://localhost", "http://[::1]"})
    if (server.starts_with(prefix)) {
      const char next = server.size() > std::string(prefix).size() ? server[std::string(prefix).size()] : '/';
      return next == ':' || next == '/';
    }
  return false;
}

errc code_for_status(long status) {
  switch (status) {
    case 400: return errc::malformed;
    case 401: return errc::unauthenticated;
    case 403: return errc::forbidden;
    case 404: return errc::not_found;
    case 405: return errc::method_not_allowed;
    case 409: return errc::conflict;
    case 413: return errc::payload_too_large;
    case 415: return errc::unsupported_media_type;
    case 422: return errc::invalid;
    case 429: return errc::too_many_requests;
    case 502:
    case 503:
    case 504: return errc::unavailable;
  }
  return status >= 400 && status < 500 ? errc::malformed : errc::internal;
}

struct CurlGlobal {
  CurlGlobal() { curl_global_init(CURL_GLOBAL_DEFAULT); }
  ~CurlGlobal() { curl_global_cleanup(); }
};

}  // namespace

HttpClient::HttpClient(std::string server, std::string token) : server_(std::move(server)), token_(std::move(token)) {
  static CurlGlobal global;
  while (server_.ends_with('/')) server_.pop_back();
  if (!server_.starts_with("https://") && !loopback(server_))
    throw Error(errc::malformed, "the server must be an https:// URL (plain http only to 127.0.0.1 or localhost): " + server_);
}

HttpClient::~HttpClient() = default;

HttpResponse HttpClient::send(const std::string& method, const std::string& path, const std::string& body,
                              const std::string& content_type, const Progress& progress, std::ostream* sink) {
  const bool writing = method != "GET";
  // One key for every attempt of this write: a retry after a lost answer is not applied twice.
  const std::string key = writing ? random_hex(16) : "";
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headers(nullptr, curl_slist_free_all);
  auto add = [&](const std::string& h) { headers.reset(curl_slist_append(headers.release(), h.c_str())); };
  if (!token_.empty()) add("Authorization: Bearer " + token_);
  add("Accept: application/json");
  add(std::string("User-Agent: camp/") + CAMP_VERSION);
  if (writing) {
    add("Content-Type: " + content_type);
    add("Idempotency-Key: " + key);
  }
  const std::string url = server_ + path;
  std::string failure;
  for (int attempt = 1;; ++attempt) {
    std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
    Transfer t{.curl = curl.get(), .sink = sink, .progress = &progress};
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl.get(), CURLOPT_CUSTOMREQUEST, method.c_str());
    curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, headers.get());
    curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl.get(), CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl.get(), CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(curl.get(), CURLOPT_CONNECTTIMEOUT, kConnectTimeoutSeconds);
    curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, kTotalTimeoutSeconds);
    curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl.get(), CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, on_data);
    curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(curl.get(), CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl.get(), CURLOPT_HEADERDATA, &t);
    if (writing) {
      curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDS, body.data());
      curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    }
    if (progress) {
      curl_easy_setopt(curl.get(), CURLOPT_NOPROGRESS, 0L);
      curl_easy_setopt(curl.get(), CURLOPT_XFERINFOFUNCTION, on_progress);
      curl_easy_setopt(curl.get(), CURLOPT_XFERINFODATA, &t);
    }
    const CURLcode rc = curl_easy_perform(curl.get());
    long status = 0;
    curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &status);
    const bool again = !t.streamed && (rc == CURLE_OK ? (status == 502 || status == 503 || status == 504) : retryable(rc));
    if (rc == CURLE_OK && (!again || attempt == kAttempts)) return {status, std::move(t.received), std::move(t.headers)};
    failure = error[0] ? error : curl_easy_strerror(rc);
    if (!again || attempt == kAttempts)
      throw Error(errc::unavailable, "cannot reach " + server_ + ": " + failure);
    std::this_thread::sleep_for(std::chrono::seconds(1 << (attempt - 1)));
  }
}

nlohmann::json HttpClient::get(const std::string& path) {
  auto r = send("GET", path);
  if (r.status < 200 || r.status >= 300) throw_api_error(r, !token_.empty());
  return nlohmann::json::parse(r.body);
}

nlohmann::json HttpClient::write(const std::string& method, const std::string& path, const nlohmann::json& body) {
  auto r = send(method, path, body.dump());
  if (r.status < 200 || r.status >= 300) throw_api_error(r, !token_.empty());
  return r.body.empty() ? nlohmann::json::object() : nlohmann::json::parse(r.body);
}

void throw_api_error(const HttpResponse& r, bool token_sent) {
  const auto body = nlohmann::json::parse(r.body, nullptr, false);
  const auto& e = body.is_object() && body.contains("error") ? body["error"] : nlohmann::json::object();
  std::string message = e.value("message", "the server answered " + std::to_string(r.status));
  FieldErrors fields;
  if (e.contains("fields") && e["fields"].is_object())
    for (const auto& [name, list] : e["fields"].items())
      for (const auto& m : list) fields[name].push_back(m.is_string() ? m.get<std::string>() : m.dump());
  const std::string code = e.value("code", "");
  if (r.status == 401 && token_sent) {
    const std::string why = code == "token_revoked"   ? "the token was revoked"
                            : code == "token_expired" ? "the token has expired"
                                                      : "the token was not accepted";
    throw Error(errc::unauthenticated, why + " (" + message + "); run 'camp login' again or set a new CAMP_TOKEN");
  }
  throw Error(code_for_status(r.status), message, fields);
}

std::string url_encode(const std::string& value) {
  std::string out;
  static const char* hex = "0123456789ABCDEF";
  for (unsigned char c : value) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') out += static_cast<char>(c);
    else out += {'%', hex[c >> 4], hex[c & 15]};
  }
  return out;
}

}  // namespace camp::cli::remote
