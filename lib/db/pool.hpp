#pragma once
// A small bounded pool of libpqxx connections. Every use goes through run() (autocommit
// statements) or transaction() (one transaction, retried on serialization failure and
// deadlock), which translate libpqxx failures into camp::Error at this edge (see errors.hpp)
// and throw away a connection that broke, so the next request reconnects.
#include <pqxx/pqxx>

#include <type_traits>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>
#include <vector>

#include "db/errors.hpp"
#include "db/idempotency.hpp"

namespace camp::db {

// Statements this thread has sent to PostgreSQL through the pool (BEGIN and COMMIT included).
// The daemon reads it around each request for the per-route metrics and the statement budget of
// the hot routes (tests/api/statements.test.mjs): a count, unlike a timing, does not depend on load.
inline thread_local std::uint64_t statements_sent = 0;

// SQL as a named constant; prepared once per connection on first use (or, with
// database_prepared_statements off, sent with its parameters each time: PgBouncer < 1.21 in
// transaction mode hands each transaction a different server connection, where a statement
// prepared on another one does not exist).
struct Statement {
  const char* name;
  const char* sql;
};

class Connection {
 public:
  explicit Connection(const std::string& url, bool prepared_statements = true)
      : pq_(url), prepared_statements_(prepared_statements) {}
  pqxx::connection& pq() { return pq_; }

  template <class Tx, class... Args>
  pqxx::result exec(Tx& tx, const Statement& st, Args&&... args) {
    ++statements_sent;
    if (!prepared_statements_) return tx.exec_params(st.sql, std::forward<Args>(args)...);
    if (!prepared_.count(st.name)) {
      pq_.prepare(st.name, st.sql);
      prepared_.insert(st.name);
    }
    return tx.exec_prepared(st.name, std::forward<Args>(args)...);
  }

 private:
  pqxx::connection pq_;
  bool prepared_statements_;
  std::unordered_set<std::string> prepared_;
};

enum class Isolation { read_committed, repeatable_read, serializable };

// The statements of one transaction (see Pool::transaction).
class Tx {
 public:
  Tx(Connection& conn, pqxx::transaction_base& work) : conn_(conn), work_(work) {}
  template <class... Args>
  pqxx::result exec(const Statement& st, Args&&... args) {
    return conn_.exec(work_, st, std::forward<Args>(args)...);
  }

  // Many rows at once through COPY: megabytes of text go to PostgreSQL as they are, where array
  // parameters are built, copied and parsed again. Each row is a tuple of C strings in the order
  // of `columns`, nullptr for NULL (the strings must outlive the call).
  template <class Row>
  void copy_into(const std::string& table, const std::vector<std::string>& columns, const std::vector<Row>& rows) {
    ++statements_sent;
    pqxx::stream_to stream(work_, table, columns);
    for (const auto& row : rows) stream << row;
    stream.complete();
  }

 private:
  Connection& conn_;
  pqxx::transaction_base& work_;
};

// For transaction(): the SET TRANSACTION statement of a level (empty for read committed),
// and whether the exception being handled is worth another attempt (40001, 40P01).
const char* isolation_statement(Isolation level);
bool retryable_current_exception();
void backoff_before_retry(int attempt);

class Pool {
 public:
  static constexpr int kTransactionAttempts = 4;

  // prepared_statements: false behind PgBouncer < 1.21 in transaction mode (see Statement).
  Pool(std::string url, std::size_t size, bool prepared_statements = true);

  // Runs work(Tx&) in one transaction and commits it (recording the request's Idempotency-Key
  // with its first write: db/idempotency.hpp). A serialization failure or deadlock
  // rolls back and runs work again (up to kTransactionAttempts, so work must not have side
  // effects outside the database); after that it is a conflict (409).
  template <class F>
  std::invoke_result_t<F&, Tx&> transaction(F&& work, Isolation level = Isolation::read_committed) {
    for (int attempt = 1;; ++attempt) {
      Lease lease(*this);
      try {
        pqxx::work w(lease.conn->pq());
        statements_sent += level == Isolation::read_committed ? 2 : 3;  // BEGIN, SET TRANSACTION, COMMIT
        if (level != Isolation::read_committed) w.exec(isolation_statement(level));
        Tx tx(*lease.conn, w);
        if constexpr (std::is_void_v<std::invoke_result_t<F&, Tx&>>) {
          work(tx);
          const bool keyed = idempotency_before_commit(*lease.conn, w);
          w.commit();
          idempotency_after_commit(keyed);
          return;
        } else {
          auto out = work(tx);
          const bool keyed = idempotency_before_commit(*lease.conn, w);
          w.commit();
          idempotency_after_commit(keyed);
          return out;
        }
      } catch (...) {
        lease.broken = !lease.conn->pq().is_open();
        if (!lease.broken && attempt < kTransactionAttempts && retryable_current_exception()) {
          backoff_before_retry(attempt);
          continue;
        }
        rethrow_translated(lease.broken);
      }
    }
  }

  template <class F>
  decltype(auto) run(F&& work) {
    Lease lease(*this);
    try {
      return work(*lease.conn);
    } catch (...) {
      lease.broken = !lease.conn->pq().is_open();
      rethrow_translated(lease.broken);
    }
  }

  // Runs work(Tx&) with every statement in autocommit (no BEGIN/COMMIT round trips): for
  // reads that need no consistent snapshot across statements.
  template <class F>
  decltype(auto) autocommit(F&& work) {
    return run([&](Connection& c) {
      pqxx::nontransaction n(c.pq());
      Tx tx(c, n);
      return work(tx);
    });
  }

  std::size_t size() const { return size_; }
  std::size_t in_use() const { return in_use_.load(); }
  const std::string& url() const { return url_; }

 private:
  // Gives the connection back on scope exit, or drops it when it broke.
  struct Lease {
    explicit Lease(Pool& p) : pool(p), conn(p.acquire()) {}
    ~Lease() {
      if (broken) pool.discard();
      else pool.release(std::move(conn));
    }
    Pool& pool;
    std::unique_ptr<Connection> conn;
    bool broken = false;
  };

  std::unique_ptr<Connection> acquire();
  void release(std::unique_ptr<Connection> conn);
  void discard();

  std::string url_;
  std::size_t size_;
  bool prepared_statements_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Connection>> idle_;
  std::size_t open_ = 0;
  std::atomic<std::size_t> in_use_{0};
};

// Adds connect_timeout (and the like) to a conninfo string or URI unless already given.
std::string with_client_defaults(const std::string& url);

}  // namespace camp::db
