#include "curriculum/repository_url.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <memory>

#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"

namespace camp::curriculum {
namespace {

using Url = std::unique_ptr<CURLU, decltype(&curl_url_cleanup)>;

// One part of a parsed URL (decoded when asked), or nothing when the URL has none.
std::optional<std::string> part(const Url& url, CURLUPart which, unsigned int flags = 0) {
  char* value = nullptr;
  if (curl_url_get(url.get(), which, &value, flags) != CURLUE_OK || !value) return std::nullopt;
  std::string out(value);
  curl_free(value);
  return out;
}

// Before libcurl sees it: "http://" or "https://" and then a host (curl would read
// "https:///x" as host "x"); no byte a browser reads differently or drops (`\` is `/` to a
// browser and part of the user info to curl; tabs and line breaks vanish in a browser).
bool plain_http_url(const std::string& url) {
  if (std::any_of(url.begin(), url.end(), [](unsigned char c) { return c <= 0x20 || c == 0x7f || c == '\\'; }))
    return false;
  const auto scheme = text::lower_ascii(url.substr(0, 8));
  const std::size_t host_at = scheme.starts_with("https://") ? 8 : scheme.starts_with("http://") ? 7 : 0;
  return host_at != 0 && url.size() > host_at && url[host_at] != '/';
}

bool dns_label(std::string_view label) {
  if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
  return std::all_of(label.begin(), label.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

// The host as compared: lower case, no trailing dot, no "www."; nothing when it is neither a
// DNS name of ASCII labels nor an IP literal (curl has checked those).
std::optional<std::string> canonical_host(std::string host) {
  host = text::lower_ascii(host);
  if (host.starts_with('[')) return host;
  if (host.ends_with('.')) host.pop_back();
  if (host.empty() || host.size() > 253) return std::nullopt;
  for (std::size_t at = 0; at <= host.size();) {
    const auto dot = std::min(host.find('.', at), host.size());
    if (!dns_label(std::string_view(host).substr(at, dot - at))) return std::nullopt;
    at = dot + 1;
  }
  if (host.starts_with("www.") && host.find('.', 4) != std::string::npos) host.erase(0, 4);
  return host;
}

// The decoded path as compared: "/Potepan//x/./y/%2e%2e/Repo.git/" gives {"potepan", "x", "repo"}.
std::vector<std::string> canonical_segments(const std::string& path) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at <= path.size();) {
    const auto slash = std::min(path.find('/', at), path.size());
    auto segment = text::lower_ascii(path.substr(at, slash - at));
    at = slash + 1;
    while (segment.ends_with(".git")) segment.resize(segment.size() - 4);
    if (segment == "..") {
      if (!out.empty()) out.pop_back();
    } else if (!segment.empty() && segment != ".") {
      out.push_back(std::move(segment));
    }
  }
  return out;
}

}  // namespace

std::optional<RepositoryAddress> parse_repository_url(const std::string& raw) {
  const auto text = text::trim(raw);
  if (text.empty() || text.size() > limits::repository_url_max_bytes || !plain_http_url(text)) return std::nullopt;
  Url url(curl_url(), curl_url_cleanup);
  if (!url || curl_url_set(url.get(), CURLUPART_URL, text.c_str(), 0) != CURLUE_OK) return std::nullopt;
  const auto scheme = part(url, CURLUPART_SCHEME);
  if (scheme != "http" && scheme != "https") return std::nullopt;
  // User info (or a zone id) has no place in a repository's address: it hides the real host.
  for (const auto which : {CURLUPART_USER, CURLUPART_PASSWORD, CURLUPART_OPTIONS, CURLUPART_ZONEID})
    if (part(url, which)) return std::nullopt;
  const auto raw_host = part(url, CURLUPART_HOST);
  const auto path = part(url, CURLUPART_PATH, CURLU_URLDECODE);  // fails on %00
  if (!raw_host || !path) return std::nullopt;
  auto host = canonical_host(*raw_host);
  if (!host) return std::nullopt;
  if (const auto port = part(url, CURLUPART_PORT); port && *port != "80" && *port != "443") *host += ":" + *port;
  return RepositoryAddress{std::move(*host), canonical_segments(*path)};
}

std::optional<std::string> repository_url_problem(const std::string& raw) {
  if (text::is_blank(raw)) return std::string(msg::url_required);
  if (!parse_repository_url(raw)) return std::string(msg::url_format);
  return std::nullopt;
}

std::string repository_key(const std::string& url) {
  const auto address = parse_repository_url(url);
  if (!address) return text::trim(url);
  auto key = address->host;
  for (const auto& s : address->segments) key += "/" + s;
  return key;
}

bool is_clone_source(const std::string& submitted, const std::optional<std::string>& source_repository) {
  if (!source_repository) return false;
  const auto source = parse_repository_url(*source_repository);
  const auto address = parse_repository_url(submitted);
  if (!source || !address || source->segments.empty() || source->host != address->host) return false;
  return address->segments.size() >= source->segments.size() &&
         std::equal(source->segments.begin(), source->segments.end(), address->segments.begin());
}

}  // namespace camp::curriculum
