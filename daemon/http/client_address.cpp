#include "http/client_address.hpp"

#include <algorithm>

namespace camp::http {
namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

bool trusted(const std::string& address, const std::vector<std::string>& proxies) {
  return std::find(proxies.begin(), proxies.end(), address) != proxies.end();
}

}  // namespace

std::string client_address(const std::string& peer, std::string_view forwarded_for,
                           const std::vector<std::string>& proxies) {
  if (!trusted(peer, proxies) || forwarded_for.empty()) return peer;
  std::string candidate = peer;
  while (!forwarded_for.empty()) {
    auto comma = forwarded_for.rfind(',');
    auto entry = trim(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
    if (entry.empty() || entry.size() > 64) break;
    candidate = entry;
    if (!trusted(entry, proxies)) break;
    if (comma == std::string_view::npos) break;
    forwarded_for = forwarded_for.substr(0, comma);
  }
  return candidate;
}

}  // namespace camp::http
