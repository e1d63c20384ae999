#include "db/migrations.hpp"

#include <set>

namespace camp::db {
namespace {

constexpr long long kLockKey = 0x63616d70;  // "camp"

void ensure_table(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  tx.exec(R"(CREATE TABLE IF NOT EXISTS schema_migrations (
               version integer PRIMARY KEY,
               name text NOT NULL,
               applied_at timestamptz NOT NULL DEFAULT now()))");
}

std::set<int> applied_versions(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  std::set<int> out;
  for (const auto& row : tx.exec("SELECT version FROM schema_migrations")) out.insert(row[0].as<int>());
  return out;
}

class AdvisoryLock {
 public:
  explicit AdvisoryLock(pqxx::connection& c) : conn_(c) {
    pqxx::nontransaction(conn_).exec_params("SELECT pg_advisory_lock($1)", kLockKey);
  }
  ~AdvisoryLock() {
    try {
      pqxx::nontransaction(conn_).exec_params("SELECT pg_advisory_unlock($1)", kLockKey);
    } catch (...) {
      // The lock dies with the session anyway.
    }
  }

 private:
  pqxx::connection& conn_;
};

}  // namespace

std::vector<std::string> migrate(pqxx::connection& conn) {
  AdvisoryLock lock(conn);
  ensure_table(conn);
  const auto done = applied_versions(conn);
  std::vector<std::string> applied;
  for (const auto& m : embedded_migrations()) {
    if (done.count(m.version)) continue;
    pqxx::work tx(conn);
    tx.exec(m.sql);
    tx.exec_params("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", m.version, m.name);
    tx.commit();
    applied.emplace_back(m.name);
  }
  return applied;
}

std::vector<MigrationState> migration_status(pqxx::connection& conn) {
  ensure_table(conn);
  pqxx::nontransaction tx(conn);
  std::map<int, std::string> when;
  for (const auto& row : tx.exec("SELECT version, to_char(applied_at, 'YYYY-MM-DD\"T\"HH24:MI:SSOF') FROM schema_migrations"))
    when[row[0].as<int>()] = row[1].as<std::string>();
  std::vector<MigrationState> out;
  for (const auto& m : embedded_migrations()) {
    auto it = when.find(m.version);
    out.push_back({m.version, m.name, it != when.end(), it != when.end() ? it->second : ""});
  }
  return out;
}

}  // namespace camp::db
