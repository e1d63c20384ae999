#pragma once
// A small bounded pool of libpqxx connections. Every use goes through run(), which
// translates libpqxx failures into camp::Error at this edge (see errors.hpp) and throws
// away a connection that broke, so the next request reconnects.
#include <pqxx/pqxx>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>
#include <vector>

#include "db/errors.hpp"

namespace camp::db {

// SQL as a named constant; prepared once per connection on first use.
struct Statement {
  const char* name;
  const char* sql;
};

class Connection {
 public:
  explicit Connection(const std::string& url) : pq_(url) {}
  pqxx::connection& pq() { return pq_; }

  template <class Tx, class... Args>
  pqxx::result exec(Tx& tx, const Statement& st, Args&&... args) {
    if (!prepared_.count(st.name)) {
      pq_.prepare(st.name, st.sql);
      prepared_.insert(st.name);
    }
    return tx.exec_prepared(st.name, std::forward<Args>(args)...);
  }

 private:
  pqxx::connection pq_;
  std::unordered_set<std::string> prepared_;
};

class Pool {
 public:
  Pool(std::string url, std::size_t size);

  template <class F>
  decltype(auto) run(F&& work) {
    Lease lease(*this);
    try {
      return work(*lease.conn);
    } catch (...) {
      lease.broken = !lease.conn->pq().is_open();
      rethrow_translated();
    }
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
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Connection>> idle_;
  std::size_t open_ = 0;
  std::atomic<std::size_t> in_use_{0};
};

// Adds connect_timeout (and the like) to a conninfo string or URI unless already given.
std::string with_client_defaults(const std::string& url);

}  // namespace camp::db
