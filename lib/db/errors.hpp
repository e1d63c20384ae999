#pragma once

namespace camp::db {

// Call inside a catch block: rethrows the current exception as camp::Error
// (unique and foreign-key violation, serialization failure, deadlock -> conflict; CHECK and
// NOT NULL violation -> invalid; lost connection -> unavailable; other SQL -> internal).
[[noreturn]] void rethrow_translated();

}  // namespace camp::db
