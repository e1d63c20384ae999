#pragma once
#include <string>
#include <string_view>

namespace camp::accounts {

// argon2id through libsodium's crypto_pwhash_str (interactive limits: ~70 ms, 64 MiB). A hash
// carries its own limits, so verification works whatever the limits of the day.
std::string hash_password(std::string_view password);
// The config's password_hashing, set once at start by each program (and the database tests):
// true hashes new passwords at argon2id's smallest limits (test suites only).
void use_minimum_password_hashing(bool minimum);
bool verify_password(const std::string& hash, std::string_view password);
// Verifies against a fixed hash, so an unknown e-mail costs the same time as a wrong password.
void burn_password_check(std::string_view password);

}  // namespace camp::accounts
