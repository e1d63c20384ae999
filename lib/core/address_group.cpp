#include "core/address_group.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>

namespace camp {

std::string address_group(const std::string& client_address) {
  std::array<unsigned char, 16> v6{};
  if (inet_pton(AF_INET6, client_address.c_str(), v6.data()) != 1) return client_address;
  // IPv4-mapped (::ffff:a.b.c.d) is an IPv4 client.
  static constexpr unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::equal(std::begin(kMapped), std::end(kMapped), v6.begin())) {
    char v4[INET_ADDRSTRLEN];
    inet_ntop(AF_INET, v6.data() + 12, v4, sizeof v4);
    return v4;
  }
  std::fill(v6.begin() + 8, v6.end(), 0);
  char text[INET6_ADDRSTRLEN];
  inet_ntop(AF_INET6, v6.data(), text, sizeof text);
  return std::string(text) + "/64";
}

}  // namespace camp
