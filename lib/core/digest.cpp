#include "core/digest.hpp"

#include <openssl/evp.h>

#include "core/error.hpp"

namespace camp {

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr) != 1)
    throw Error(errc::internal, "internal error").with_detail("OpenSSL: SHA-256 failed");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex(static_cast<std::size_t>(size) * 2, '0');
  for (unsigned int i = 0; i < size; ++i) {
    hex[2 * i] = kHex[digest[i] >> 4];
    hex[2 * i + 1] = kHex[digest[i] & 0xF];
  }
  return hex;
}

}  // namespace camp
