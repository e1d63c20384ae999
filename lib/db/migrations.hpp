#pragma once
#include <pqxx/pqxx>

#include <string>
#include <vector>

namespace camp::db {

struct Migration {
  int version;
  const char* name;
  const char* sql;
};

// All migrations in lib/db/migrations, compiled in (cmake/embed_sql.cmake), sorted.
const std::vector<Migration>& embedded_migrations();

struct MigrationState {
  int version;
  std::string name;
  bool applied;
  std::string applied_at;  // empty when pending
};

// Applies pending migrations, each in its own transaction, under an advisory lock so that
// concurrent runs (two daemons starting) wait for each other. Returns the names applied.
std::vector<std::string> migrate(pqxx::connection& conn);
std::vector<MigrationState> migration_status(pqxx::connection& conn);

}  // namespace camp::db
