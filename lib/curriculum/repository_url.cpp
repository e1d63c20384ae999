#include "curriculum/repository_url.hpp"

#include <algorithm>
#include <cctype>

#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"

namespace camp::curriculum {
namespace {

// The part after "http://" or "https://" (scheme case-insensitive), or nullopt.
std::optional<std::string> after_scheme(const std::string& url) {
  const auto l = text::lower_ascii(url.substr(0, 8));
  if (l.rfind("https://", 0) == 0) return url.substr(8);
  if (l.rfind("http://", 0) == 0) return url.substr(7);
  return std::nullopt;
}

bool valid_host(const std::string& host) {
  if (host.empty() || host.size() > 253) return false;
  return std::all_of(host.begin(), host.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
  });
}

}  // namespace

std::optional<std::string> repository_url_problem(const std::string& raw) {
  const auto url = text::trim(raw);
  if (url.empty()) return std::string(msg::url_required);
  if (url.size() > limits::repository_url_max_bytes) return std::string(msg::url_format);
  if (std::any_of(url.begin(), url.end(), [](unsigned char c) { return c <= 0x20 || c == 0x7f; }))
    return std::string(msg::url_format);
  const auto rest = after_scheme(url);
  if (!rest) return std::string(msg::url_format);
  auto host = rest->substr(0, rest->find_first_of("/?#"));
  if (const auto at = host.rfind('@'); at != std::string::npos) host = host.substr(at + 1);
  if (!valid_host(host) || host.front() == '.' || host.front() == ':') return std::string(msg::url_format);
  return std::nullopt;
}

std::string repository_key(const std::string& raw) {
  const auto url = text::trim(raw);
  auto rest = after_scheme(url).value_or(url);
  rest = rest.substr(0, rest.find_first_of("?#"));
  const auto slash = rest.find('/');
  auto host = text::lower_ascii(rest.substr(0, slash));
  if (const auto at = host.rfind('@'); at != std::string::npos) host = host.substr(at + 1);
  auto path = slash == std::string::npos ? std::string() : rest.substr(slash);
  // Trailing slashes and ".git", in any order and number ("x.git/", "x/.git" is a path).
  for (bool changed = true; changed;) {
    changed = false;
    while (!path.empty() && path.back() == '/') path.pop_back(), changed = true;
    if (path.size() >= 4 && text::lower_ascii(path.substr(path.size() - 4)) == ".git") path.resize(path.size() - 4), changed = true;
  }
  return host + path;
}

bool is_clone_source(const std::string& submitted, const std::optional<std::string>& source_repository) {
  if (!source_repository || source_repository->empty()) return false;
  return repository_key(submitted) == repository_key(*source_repository);
}

}  // namespace camp::curriculum
