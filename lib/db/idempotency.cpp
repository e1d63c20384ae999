#include "db/idempotency.hpp"

#include <sodium.h>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "db/pool.hpp"

namespace camp::db {
namespace {

thread_local IdempotencyScope* current = nullptr;

// An old row (past a day, not yet pruned) is taken over; a live one makes the insert a no-op,
// which the caller turns into a 409 (another request with the key committed meanwhile).
constexpr Statement kRecord{
    "idempotency.record",
    "INSERT INTO idempotency_keys (account_id, key, fingerprint) VALUES ($1, $2, $3) "
    "ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, "
    "created_at = now() WHERE idempotency_keys.created_at <= now() - interval '1 day'"};
// NULL while this transaction has written nothing (no transaction id assigned yet).
constexpr Statement kWrote{"idempotency.wrote", "SELECT txid_current_if_assigned() IS NOT NULL"};
constexpr Statement kFind{
    "idempotency.find",
    "SELECT fingerprint, status, body FROM idempotency_keys WHERE account_id = $1 AND key = $2 "
    "AND created_at > now() - interval '1 day'"};
constexpr Statement kStore{"idempotency.store",
                           "UPDATE idempotency_keys SET status = $3, body = $4 WHERE account_id = $1 AND key = $2"};
constexpr Statement kForget{"idempotency.forget", "DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2"};
constexpr Statement kPrune{"idempotency.prune",
                           "DELETE FROM idempotency_keys WHERE created_at <= now() - interval '1 day'"};

}  // namespace

IdempotencyScope::Active::Active(IdempotencyScope& scope) : previous_(current) { current = &scope; }
IdempotencyScope::Active::~Active() { current = previous_; }
IdempotencyScope::Suspended::Suspended() : previous_(current) { current = nullptr; }
IdempotencyScope::Suspended::~Suspended() { current = previous_; }

bool valid_idempotency_key(std::string_view key) {
  if (key.empty() || key.size() > limits::idempotency_key_max) return false;
  for (char c : key)
    if (c <= 0x20 || c >= 0x7F) return false;
  return true;
}

std::string idempotency_fingerprint(std::string_view method, std::string_view path, std::string_view body) {
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  for (std::string_view part : {method, std::string_view("\n"), path, std::string_view("\n"), body})
    crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(part.data()), part.size());
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256_final(&state, digest);
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

std::optional<StoredIdempotency> find_idempotency(Pool& pool, std::int64_t account_id, const std::string& key) {
  return pool.autocommit([&](Tx& tx) -> std::optional<StoredIdempotency> {
    const auto rows = tx.exec(kFind, account_id, key);
    if (rows.empty()) return std::nullopt;
    StoredIdempotency s{rows[0][0].as<std::string>(), std::nullopt, rows[0][2].is_null() ? "" : rows[0][2].as<std::string>()};
    if (!rows[0][1].is_null()) s.status = rows[0][1].as<int>();
    return s;
  });
}

void store_idempotent_response(Pool& pool, const IdempotencyScope& scope, int status, const std::string& body) {
  pool.autocommit([&](Tx& tx) { tx.exec(kStore, scope.account_id, scope.key, status, body); });
}

int prune_idempotency_keys(Pool& pool) {
  return pool.autocommit([&](Tx& tx) { return static_cast<int>(tx.exec(kPrune).affected_rows()); });
}

bool idempotency_before_commit(Connection& conn, pqxx::transaction_base& work) {
  if (!current || current->recorded) return false;
  if (!conn.exec(work, kWrote)[0][0].as<bool>()) return false;
  if (conn.exec(work, kRecord, current->account_id, current->key, current->fingerprint).affected_rows() == 0)
    throw Error(errc::conflict, std::string(msg::idempotency_key_in_use));
  return true;
}

void idempotency_after_commit(bool recorded_now) {
  if (recorded_now && current) current->recorded = true;
}

void idempotency_forget(Connection& conn, pqxx::transaction_base& work) {
  if (!current || !current->recorded) return;
  conn.exec(work, kForget, current->account_id, current->key);
  current->recorded = false;
}

}  // namespace camp::db
