#pragma once
// TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) through liboath, the library behind
// Debian's oathtool. Only this file speaks to liboath.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace camp::accounts::totp {

constexpr int kDigits = 6;
constexpr int kStepSeconds = 30;

// A fresh secret: 20 random bytes (160 bits, RFC 4226's recommendation).
std::string new_secret();
// The secret as people type it into an authenticator app: base32 without padding (RFC 4648).
std::string base32(const std::string& secret);
// The otpauth:// URI an authenticator app reads from the QR code.
std::string otpauth_uri(const std::string& secret, std::string_view issuer, std::string_view account);

// The time step of `code` when it is the code of `secret` for the step of `now` or one step
// either side (clocks drift); nothing otherwise. `code` must be six ASCII digits.
std::optional<std::int64_t> matching_step(const std::string& secret, std::string_view code, std::int64_t now);

}  // namespace camp::accounts::totp
