#include "accounts/password.hpp"

#include <sodium.h>

#include <atomic>

#include "core/error.hpp"
#include "core/random.hpp"

namespace camp::accounts {
namespace {
std::atomic<bool> minimum_hashing{false};
}

void use_minimum_password_hashing(bool minimum) { minimum_hashing = minimum; }

std::string hash_password(std::string_view password) {
  if (sodium_init() < 0) throw Error(errc::internal, "libsodium failed to initialise");
  char out[crypto_pwhash_STRBYTES];
  const bool minimum = minimum_hashing.load();
  if (crypto_pwhash_str(out, password.data(), password.size(),
                        minimum ? crypto_pwhash_OPSLIMIT_MIN : crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        minimum ? crypto_pwhash_MEMLIMIT_MIN : crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    throw Error(errc::unavailable, "out of memory while hashing a password");
  return out;
}

bool verify_password(const std::string& hash, std::string_view password) {
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

void burn_password_check(std::string_view password) {
  static const std::string decoy = hash_password(random_hex(16));
  (void)verify_password(decoy, password);
}

}  // namespace camp::accounts
