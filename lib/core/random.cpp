#include "core/random.hpp"

#include <sodium.h>

#include <stdexcept>
#include <vector>

namespace camp {
namespace {
void ensure_sodium() {
  static const bool ok = sodium_init() >= 0;
  if (!ok) throw std::runtime_error("libsodium failed to initialise");
}
}  // namespace

std::string random_hex(std::size_t bytes) {
  ensure_sodium();
  std::vector<unsigned char> buf(bytes);
  randombytes_buf(buf.data(), buf.size());
  std::string hex(bytes * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), buf.data(), buf.size());
  hex.pop_back();
  return hex;
}

std::string random_password(std::size_t length) {
  ensure_sodium();
  static constexpr char alphabet[] = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  std::string out;
  for (std::size_t i = 0; i < length; ++i)
    out += alphabet[randombytes_uniform(sizeof(alphabet) - 1)];
  return out;
}

}  // namespace camp
