#pragma once
// The secret ids in the links of transactional mails (password reset, invitation): 256 random
// bits, base64url without padding (43 characters). Only their SHA-256 is stored, so the table
// gives no working link away; a presented id is hashed and looked up by that hash, and the
// stored hash is compared again in constant time. Anything that is not 43 base64url characters
// is refused before it reaches the database (the same 404 as an unknown id).
#include <chrono>
#include <string>
#include <string_view>

#include "core/clock.hpp"

namespace camp::accounts {

inline constexpr std::size_t kLinkTokenChars = 43;

std::string new_link_token();
bool well_formed_link_token(std::string_view token);
// Lower-case hex of SHA-256(token), as stored (decode($1, 'hex') in SQL).
std::string link_token_hash(std::string_view token);
// Constant-time comparison of two stored hashes (hex).
bool same_hash(std::string_view a, std::string_view b);

// A TimePoint as fractional Unix seconds for to_timestamp($n), and back.
double epoch_seconds(TimePoint t);
TimePoint from_epoch_seconds(double seconds);

}  // namespace camp::accounts
