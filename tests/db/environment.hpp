#pragma once
// A throwaway PostgreSQL for this test run: a private cluster in a temporary directory,
// migrated once, dropped at the end.
#include <memory>
#include <string>

#include "db/pool.hpp"

namespace camp::dbtest {

db::Pool& pool();
const std::string& database_url();
const std::string& data_dir();

}  // namespace camp::dbtest
