#include "http/exchange.hpp"

#include <strings.h>
#include <unistd.h>

#include "core/error.hpp"
#include "core/text.hpp"

namespace camp::http {

std::optional<std::string_view> Request::header(std::string_view lower_name) const {
  for (const auto& [name, value] : headers)
    if (name == lower_name) return std::string_view(value);
  return std::nullopt;
}

std::optional<std::string> Request::query_param(std::string_view wanted) const {
  std::string_view q = query;
  while (!q.empty()) {
    auto amp = q.find('&');
    auto pair = q.substr(0, amp);
    auto eq = pair.find('=');
    std::string name = percent_decode(pair.substr(0, eq));
    if (name == wanted) {
      std::string value(eq == std::string_view::npos ? "" : pair.substr(eq + 1));
      for (auto& c : value)
        if (c == '+') c = ' ';
      return percent_decode(value);
    }
    if (amp == std::string_view::npos) break;
    q.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

UniqueFd& UniqueFd::operator=(UniqueFd&& o) noexcept {
  if (this != &o) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = o.release();
  }
  return *this;
}

UniqueFd::~UniqueFd() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string_view> Response::find_header(std::string_view name) const {
  for (const auto& [n, v] : headers)
    if (n.size() == name.size() && strncasecmp(n.data(), name.data(), n.size()) == 0) return std::string_view(v);
  return std::nullopt;
}

Response Response::json(int status, const nlohmann::json& body) {
  Response r;
  r.status = status;
  r.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  r.header("Content-Type", "application/json; charset=utf-8");
  return r;
}

Response Response::json(int status, std::shared_ptr<const std::string> body) {
  Response r;
  r.status = status;
  r.shared_body = std::move(body);
  r.header("Content-Type", "application/json; charset=utf-8");
  return r;
}

Response Response::no_content() {
  Response r;
  r.status = 204;
  return r;
}

std::string percent_decode(std::string_view in) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '%' && i + 2 < in.size() && hex(in[i + 1]) >= 0 && hex(in[i + 2]) >= 0) {
      out += static_cast<char>(hex(in[i + 1]) * 16 + hex(in[i + 2]));
      i += 2;
    } else {
      out += in[i];
    }
  }
  return out;
}

namespace {

bool clean(std::string_view decoded) { return text::valid_utf8(decoded) && !text::has_control(decoded); }

}  // namespace

void check_request_target(const Request& request) {
  if (!clean(request.path)) throw Error(errc::malformed, "the path is not valid UTF-8 text");
  std::string_view q = request.query;
  while (!q.empty()) {
    const auto amp = q.find('&');
    if (!clean(percent_decode(q.substr(0, amp)))) throw Error(errc::malformed, "the query string is not valid UTF-8 text");
    if (amp == std::string_view::npos) break;
    q.remove_prefix(amp + 1);
  }
}

}  // namespace camp::http
