#pragma once
// Whether the database answers (the daemon's /readyz), and where it keeps its files (camp doctor).
#include <optional>
#include <string>

#include "db/pool.hpp"

namespace camp::db {

// One trivial statement; a broken connection throws (Error(unavailable) through the pool).
void ping(Tx& tx);

// The server's data directory, or nothing when this role may not read it (it needs superuser
// or pg_read_all_settings).
std::optional<std::string> data_directory(pqxx::connection& conn);

}  // namespace camp::db
