#pragma once
// Whether the database answers (the daemon's /readyz).
#include "db/pool.hpp"

namespace camp::db {

// One trivial statement; a broken connection throws (Error(unavailable) through the pool).
void ping(Tx& tx);

}  // namespace camp::db
