#include "db/errors.hpp"

#include <pqxx/pqxx>

#include "core/error.hpp"
#include "core/messages.hpp"

namespace camp::db {

void rethrow_translated(bool connection_lost) {
  if (connection_lost) {
    try {
      throw;
    } catch (const Error&) {
      throw;
    } catch (const std::exception& e) {
      throw Error(errc::unavailable, std::string(msg::unavailable)).with_detail(e.what());
    }
  }
  try {
    throw;
  } catch (const Error&) {
    throw;
  } catch (const pqxx::unique_violation& e) {
    throw Error(errc::conflict, "already exists").with_detail(e.what());
  } catch (const pqxx::foreign_key_violation& e) {
    // What the row points at went away (or is still pointed at) between check and write.
    throw Error(errc::conflict, std::string(msg::reference_changed)).with_detail(e.what());
  } catch (const pqxx::check_violation& e) {
    throw Error(errc::invalid, std::string(msg::invalid_input)).with_detail(e.what());
  } catch (const pqxx::not_null_violation& e) {
    throw Error(errc::invalid, std::string(msg::invalid_input)).with_detail(e.what());
  } catch (const pqxx::serialization_failure& e) {
    // Reached only when Pool::transaction ran out of attempts.
    throw Error(errc::conflict, std::string(msg::concurrent_update)).with_detail(e.what());
  } catch (const pqxx::deadlock_detected& e) {
    throw Error(errc::conflict, std::string(msg::concurrent_update)).with_detail(e.what());
  } catch (const pqxx::statement_completion_unknown& e) {
    throw Error(errc::unavailable, std::string(msg::unavailable)).with_detail(e.what());
  } catch (const pqxx::broken_connection& e) {
    throw Error(errc::unavailable, std::string(msg::unavailable)).with_detail(e.what());
  } catch (const pqxx::in_doubt_error& e) {
    throw Error(errc::unavailable, std::string(msg::unavailable)).with_detail(e.what());
  } catch (const pqxx::sql_error& e) {
    // SQLSTATE class 08 (connection exception), 53 (insufficient resources: the database's disk
    // full, since uploads live there too) and 57P (operator intervention: shutdown).
    const std::string state = e.sqlstate();
    if (state.rfind("08", 0) == 0 || state.rfind("53", 0) == 0 || state.rfind("57P", 0) == 0)
      throw Error(errc::unavailable, std::string(msg::unavailable)).with_detail(e.what());
    throw Error(errc::internal, std::string(msg::internal)).with_detail(e.what());
  } catch (const std::exception& e) {
    throw Error(errc::internal, std::string(msg::internal)).with_detail(e.what());
  }
}

}  // namespace camp::db
