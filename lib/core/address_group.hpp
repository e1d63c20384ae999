#pragma once
#include <string>

namespace camp {

// The address a limit counts: IPv4 as it is, IPv6 by its /64 (one subscriber gets a whole /64,
// so counting single addresses would let them rotate freely), IPv4-mapped IPv6 as IPv4.
// Anything unparsable as it is. Used by login throttling and the HTTP connection limiter.
std::string address_group(const std::string& client_address);

}  // namespace camp
