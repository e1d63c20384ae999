#pragma once
#include <string>

namespace camp {

// Cryptographically random token of `bytes` bytes, hex encoded (libsodium).
std::string random_hex(std::size_t bytes);
// Random password a person can type: letters and digits, no look-alikes.
std::string random_password(std::size_t length);

}  // namespace camp
