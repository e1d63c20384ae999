#include "http/host_watch.hpp"

#include <spdlog/spdlog.h>

#include "core/text.hpp"
#include "core/utf8.hpp"

namespace camp::http {

std::string normalise_authority(std::string_view authority, std::string_view default_port) {
  auto out = text::lower_ascii(text::trim(authority));
  if (const auto colon = out.rfind(':'); colon != std::string::npos && out.find(']', colon) == std::string::npos &&
                                         std::string_view(out).substr(colon + 1) == default_port)
    out.erase(colon);
  if (out.ends_with('.')) out.pop_back();
  return out;
}

HostWatch::HostWatch(std::string_view public_url) {
  const auto scheme_end = public_url.find("://");
  const auto scheme = scheme_end == std::string_view::npos ? std::string_view("http") : public_url.substr(0, scheme_end);
  auto rest = scheme_end == std::string_view::npos ? public_url : public_url.substr(scheme_end + 3);
  rest = rest.substr(0, rest.find('/'));
  default_port_ = text::lower_ascii(scheme) == "https" ? "443" : "80";
  expected_ = normalise_authority(rest, default_port_);
}

bool HostWatch::observe(std::string_view host) {
  if (host.empty() || warned_.load(std::memory_order_relaxed)) return false;
  const auto seen = normalise_authority(host, default_port_);
  if (seen == expected_ || warned_.exchange(true)) return false;
  // Once: a Host is the client's to choose, so it is escaped, and the log is not flooded.
  spdlog::warn("a request names host '{}' but public_url is '{}': links in mails and the calendar feed point "
               "there; set public_url (CAMP_PUBLIC_URL) to the address people use",
               text::escape_for_log(text::take_chars(seen, 200)), expected_);
  return true;
}

}  // namespace camp::http
