#include "db/pool.hpp"

#include "core/error.hpp"
#include "core/messages.hpp"

namespace camp::db {

std::string with_client_defaults(const std::string& url) {
  if (url.find("connect_timeout") != std::string::npos) return url;
  const bool uri = url.rfind("postgresql://", 0) == 0 || url.rfind("postgres://", 0) == 0;
  if (!uri) return url + " connect_timeout=3";
  return url + (url.find('?') == std::string::npos ? "?" : "&") + "connect_timeout=3";
}

Pool::Pool(std::string url, std::size_t size, bool prepared_statements)
    : url_(with_client_defaults(url)), size_(size), prepared_statements_(prepared_statements) {}

std::unique_ptr<Connection> Pool::acquire() {
  std::unique_lock lock(mutex_);
  if (!available_.wait_for(lock, std::chrono::seconds(5),
                           [&] { return !idle_.empty() || open_ < size_; }))
    throw Error(errc::unavailable, std::string(msg::unavailable)).with_detail("connection pool exhausted");
  ++in_use_;
  if (!idle_.empty()) {
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    return conn;
  }
  ++open_;
  lock.unlock();
  try {
    return std::make_unique<Connection>(url_, prepared_statements_);
  } catch (...) {
    discard();
    rethrow_translated();
  }
}

void Pool::release(std::unique_ptr<Connection> conn) {
  {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(conn));
    --in_use_;
  }
  available_.notify_one();
}

void Pool::discard() {
  {
    std::lock_guard lock(mutex_);
    --open_;
    --in_use_;
  }
  available_.notify_one();
}

}  // namespace camp::db
