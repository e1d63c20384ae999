// The parts of Pool::transaction that need no template.
#include <chrono>
#include <random>
#include <thread>

#include "db/pool.hpp"

namespace camp::db {

const char* isolation_statement(Isolation level) {
  switch (level) {
    case Isolation::repeatable_read: return "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ";
    case Isolation::serializable: return "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE";
    case Isolation::read_committed: break;
  }
  return "";
}

bool retryable_current_exception() {
  try {
    throw;
  } catch (const pqxx::serialization_failure&) {
    return true;
  } catch (const pqxx::deadlock_detected&) {
    return true;
  } catch (...) {
    return false;
  }
}

// A few milliseconds, growing and jittered, so that the transactions that collided do not
// collide again in lockstep.
void backoff_before_retry(int attempt) {
  thread_local std::minstd_rand rng(std::random_device{}());
  std::uniform_int_distribution<int> jitter(0, 2000 * attempt);
  std::this_thread::sleep_for(std::chrono::microseconds(1000 * attempt + jitter(rng)));
}

}  // namespace camp::db
