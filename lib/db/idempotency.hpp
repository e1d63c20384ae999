#pragma once
// Idempotency-Key support (docs/reliability.md): a write request that carries a key is applied
// at most once per account and key. The key is recorded by the request's first transaction that
// writes anything, in that same transaction, just before its commit (Pool::transaction calls
// before_commit / after_commit). So the key row exists exactly when the write committed, whatever
// happens to the process afterwards, and a retry finds it.
//
//   db::IdempotencyScope scope{account_id, key, seal.fingerprint(method, path, body)};
//   { db::IdempotencyScope::Active active(scope); response = handler(); }
//   if (scope.recorded) db::store_idempotent_response(pool, scope, status, seal.seal(scope, body));
//
// Nothing readable is stored: the fingerprint is an HMAC and the answer is sealed (or, for a
// route that rebuilds its answer, absent); see IdempotencySeal.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pqxx {
class transaction_base;
}

namespace camp::db {

class Connection;
class Pool;

struct IdempotencyScope {
  std::int64_t account_id = 0;
  std::string key;
  std::string fingerprint;
  bool recorded = false;  // the key row committed with a write of this request

  // Makes `scope` the current thread's scope while alive (requests run on one thread each).
  class Active {
   public:
    explicit Active(IdempotencyScope& scope);
    ~Active();
    Active(const Active&) = delete;
    Active& operator=(const Active&) = delete;

   private:
    IdempotencyScope* previous_;
  };
  // No scope on this thread while alive: work done here on behalf of other requests too (a
  // batch of event joins, lib/events/service.cpp) must not record this request's key.
  class Suspended {
   public:
    Suspended();
    ~Suspended();
    Suspended(const Suspended&) = delete;
    Suspended& operator=(const Suspended&) = delete;

   private:
    IdempotencyScope* previous_;
  };
};

// The secrets of the records, under keys derived from the JWT secret (which no database dump
// holds): the request's fingerprint is an HMAC, so a dump cannot test guesses of a body (a
// password, a questionnaire answer), and the stored answer is sealed (XChaCha20-Poly1305, bound
// to its account and key), as it may hold an invitation link or a calendar feed URL.
class IdempotencySeal {
 public:
  explicit IdempotencySeal(std::string_view jwt_secret);
  // HMAC-SHA-256 (hex) of the method, the path and the body.
  std::string fingerprint(std::string_view method, std::string_view path, std::string_view body) const;
  std::string seal(const IdempotencyScope& scope, std::string_view answer) const;
  // Nothing when the blob does not open (another secret: jwt_secret was rotated).
  std::optional<std::string> open(const IdempotencyScope& scope, std::string_view sealed) const;

 private:
  std::string fingerprint_key_;
  std::string seal_key_;
};

// What an earlier request with the same account and key left.
struct StoredIdempotency {
  std::string fingerprint;
  std::optional<int> status;  // nothing: applied, but the response was never stored
  std::optional<std::string> sealed_body;  // nothing: the route rebuilds its answer
};

// A key is 1..255 printable ASCII characters (no spaces).
bool valid_idempotency_key(std::string_view key);

// The live record for the key (younger than a day), if any.
std::optional<StoredIdempotency> find_idempotency(Pool& pool, std::int64_t account_id, const std::string& key);
// Stores the response of the request that recorded the key: its status and sealed body
// (IdempotencySeal::seal), or no body for a route that rebuilds its answer on a replay.
void store_idempotent_response(Pool& pool, const IdempotencyScope& scope, int status,
                               const std::optional<std::string>& sealed_body);
// Deletes keys older than a day; how many.
int prune_idempotency_keys(Pool& pool);

// For Pool::transaction only: before its commit, records the current scope's key when this
// transaction wrote something (throws Error(conflict) when another request holds the key);
// returns whether it did. after_commit marks the scope recorded.
bool idempotency_before_commit(Connection& conn, pqxx::transaction_base& work);
void idempotency_after_commit(bool recorded_now);
// For a use case that undoes its committed write (an upload whose file could not be written):
// deletes the current scope's key in `work`, so a retry runs again.
void idempotency_forget(Connection& conn, pqxx::transaction_base& work);

}  // namespace camp::db
