#include "db/health.hpp"

namespace camp::db {

void ping(Tx& tx) {
  static constexpr Statement kPing{"db.ping", "SELECT 1"};
  tx.exec(kPing);
}

}  // namespace camp::db
