#pragma once

namespace camp::db {

// Call inside a catch block: rethrows the current exception as camp::Error
// (unique violation -> conflict, lost connection -> unavailable, other SQL -> internal).
[[noreturn]] void rethrow_translated();

}  // namespace camp::db
