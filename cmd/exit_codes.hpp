#pragma once
#include "core/error.hpp"

namespace camp::cli {

// Documented in README: 0 ok, 1 other failure, 2 usage, 3 invalid input, 4 not found.
constexpr int kOk = 0, kFailure = 1, kUsage = 2, kInvalid = 3, kNotFound = 4;

// THE table from error code to exit code.
int exit_code_for(errc code);

}  // namespace camp::cli
