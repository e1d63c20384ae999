#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace camp::http {

// The client's address: the peer, unless the peer is a trusted proxy, in which case the
// right-most X-Forwarded-For entry that is not itself a trusted proxy.
std::string client_address(const std::string& peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted_proxies);

}  // namespace camp::http
