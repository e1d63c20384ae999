#pragma once
#include "core/error.hpp"

namespace camp::cli {

// Documented in README: 0 ok, 1 other failure, 2 usage, 3 invalid input, 4 not found, 5 not
// allowed (remote mode: the token's account may not do this), 6 not logged in (remote mode: no
// token, or one that is unknown, revoked or expired).
constexpr int kOk = 0, kFailure = 1, kUsage = 2, kInvalid = 3, kNotFound = 4, kNotAllowed = 5, kNotLoggedIn = 6;

// THE table from error code to exit code.
int exit_code_for(errc code);

}  // namespace camp::cli
