#pragma once

namespace camp::db {

// Call inside a catch block: rethrows the current exception as camp::Error
// (unique and foreign-key violation, serialization failure, deadlock -> conflict; CHECK and
// NOT NULL violation -> invalid; lost connection -> unavailable; other SQL -> internal).
// `connection_lost`: the connection it ran on is no longer open. Whatever libpqxx threw then
// (a server killed mid-statement can surface as a plain failure), it is the database's
// unavailability (503), not a bug (500).
[[noreturn]] void rethrow_translated(bool connection_lost = false);

}  // namespace camp::db
