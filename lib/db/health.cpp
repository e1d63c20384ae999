#include "db/health.hpp"

namespace camp::db {

void ping(Tx& tx) {
  static constexpr Statement kPing{"db.ping", "SELECT 1"};
  tx.exec(kPing);
}

std::optional<std::string> data_directory(pqxx::connection& conn) {
  try {
    pqxx::nontransaction tx(conn);
    return tx.exec1("SHOW data_directory")[0].as<std::string>();
  } catch (const pqxx::sql_error&) {
    return std::nullopt;
  }
}

}  // namespace camp::db
