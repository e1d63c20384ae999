#pragma once
// The embedded default: a private PostgreSQL cluster under the data directory, run with the
// system's initdb/pg_ctl (as root through `runuser -u postgres`), reachable only through a
// Unix socket, so it never collides with another server's TCP port.
#include <memory>
#include <string>
#include <vector>

namespace camp::db {

class Cluster {
 public:
  explicit Cluster(std::string data_dir);

  bool running() const;
  // Initialises on first use, starts, creates the `camp` database. Returns false when it
  // was already running (nothing to do).
  bool start();
  void stop();

  std::string url(const std::string& database = "camp") const;
  const std::string& pg_dir() const { return pg_dir_; }

 private:
  std::vector<std::string> as_owner(std::vector<std::string> argv) const;
  void prepare_directories() const;
  void initdb() const;
  void ensure_database() const;

  std::string data_dir_, pg_dir_, run_dir_, socket_dir_;
  mutable std::string bin_dir_;  // found on first use
};

// The bin directory of the newest PostgreSQL installed by Debian (initdb, pg_ctl, pg_dump).
std::string postgres_bin_dir();

// Where a command's database is: the configured URL, or the private cluster, started on
// demand and stopped again when this object goes away if it was this object that started it.
class Server {
 public:
  Server(const std::string& database_url, const std::string& data_dir);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  const std::string& url() const { return url_; }
  bool embedded() const { return cluster_ != nullptr; }

 private:
  std::unique_ptr<Cluster> cluster_;
  bool started_here_ = false;
  std::string url_;
};

}  // namespace camp::db
