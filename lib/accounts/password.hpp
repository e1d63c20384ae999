#pragma once
#include <string>
#include <string_view>

namespace camp::accounts {

// argon2id through libsodium's crypto_pwhash_str (interactive limits: ~70 ms, 64 MiB).
std::string hash_password(std::string_view password);
bool verify_password(const std::string& hash, std::string_view password);
// Verifies against a fixed hash, so an unknown e-mail costs the same time as a wrong password.
void burn_password_check(std::string_view password);

}  // namespace camp::accounts
