#include "db/cluster.hpp"

#include <pqxx/pqxx>
#include <pwd.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "core/error.hpp"
#include "core/process.hpp"

namespace camp::db {
namespace {

namespace fs = std::filesystem;
constexpr const char* kSuperuser = "camp";
constexpr const char* kPort = "5432";

bool is_root() { return geteuid() == 0; }

// The newest PostgreSQL installed by Debian's postgresql-NN packages.
std::string find_bin_dir() {
  std::vector<fs::path> found;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/usr/lib/postgresql", ec))
    if (fs::exists(e.path() / "bin" / "initdb")) found.push_back(e.path() / "bin");
  if (found.empty())
    throw Error(errc::unavailable,
                "PostgreSQL server binaries not found under /usr/lib/postgresql "
                "(apt-get install postgresql, or set database_url)");
  std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) {
    return std::stoi(a.parent_path().filename()) < std::stoi(b.parent_path().filename());
  });
  return found.back().string();
}

}  // namespace

std::string postgres_bin_dir() { return find_bin_dir(); }

namespace {

std::string quote_conninfo(const std::string& v) {
  std::string out = "'";
  for (char c : v) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

void own_by_postgres(const fs::path& p) {
  if (!is_root()) return;
  const passwd* pw = getpwnam("postgres");
  if (!pw) throw Error(errc::unavailable, "running as root needs the 'postgres' user (apt-get install postgresql)");
  if (chown(p.c_str(), pw->pw_uid, pw->pw_gid) != 0)
    throw Error(errc::internal, "cannot chown " + p.string());
}

}  // namespace

Cluster::Cluster(std::string data_dir)
    : data_dir_(std::move(data_dir)),
      pg_dir_((fs::path(data_dir_) / "postgres").string()),
      run_dir_((fs::path(data_dir_) / "run").string()) {
  socket_dir_ = run_dir_;
  // Unix socket paths are limited to ~107 bytes: fall back to a short per-directory path.
  if (socket_dir_.size() + 20 > 100)
    socket_dir_ = "/tmp/camp-pg-" + std::to_string(std::hash<std::string>{}(data_dir_) % 1000000007);
}

std::vector<std::string> Cluster::as_owner(std::vector<std::string> argv) const {
  if (is_root()) argv.insert(argv.begin(), {"runuser", "-u", "postgres", "--"});
  return argv;
}

std::string Cluster::url(const std::string& database) const {
  return "host=" + quote_conninfo(socket_dir_) + " port=" + kPort + " user=" + kSuperuser +
         " dbname=" + quote_conninfo(database);
}

bool Cluster::running() const {
  if (!fs::exists(fs::path(pg_dir_) / "PG_VERSION")) return false;
  if (bin_dir_.empty()) bin_dir_ = find_bin_dir();
  return run_process(as_owner({bin_dir_ + "/pg_ctl", "-D", pg_dir_, "status"})).exit_code == 0;
}

void Cluster::prepare_directories() const {
  fs::create_directories(data_dir_);
  // The postgres user must be able to reach the cluster inside our data directory.
  if (is_root()) chmod(data_dir_.c_str(), 0711);
  for (const auto& dir : {pg_dir_, run_dir_, socket_dir_}) {
    fs::create_directories(dir);
    chmod(dir.c_str(), 0700);
    own_by_postgres(dir);
  }
}

void Cluster::initdb() const {
  auto r = run_process(as_owner({bin_dir_ + "/initdb", "-D", pg_dir_, "-U", kSuperuser, "-A", "trust",
                                 "-E", "UTF8", "--locale=C.UTF-8"}));
  if (r.exit_code != 0)
    throw Error(errc::unavailable, "initdb failed for " + pg_dir_).with_detail(r.output);
}

bool Cluster::start() {
  if (bin_dir_.empty()) bin_dir_ = find_bin_dir();
  prepare_directories();
  if (!fs::exists(fs::path(pg_dir_) / "PG_VERSION")) initdb();
  if (running()) {
    ensure_database();
    return false;
  }
  const std::string options = "-c listen_addresses= -p " + std::string(kPort) + " -k " + quote_conninfo(socket_dir_);
  auto r = run_process(as_owner({bin_dir_ + "/pg_ctl", "-D", pg_dir_, "-l", run_dir_ + "/postgres.log",
                                 "-w", "-t", "60", "-o", options, "start"}));
  if (r.exit_code != 0)
    throw Error(errc::unavailable, "PostgreSQL did not start; see " + run_dir_ + "/postgres.log")
        .with_detail(r.output);
  ensure_database();
  spdlog::info("private PostgreSQL started in {}", pg_dir_);
  return true;
}

void Cluster::stop() {
  if (!running()) return;
  auto r = run_process(as_owner({bin_dir_ + "/pg_ctl", "-D", pg_dir_, "-m", "fast", "-w", "stop"}));
  if (r.exit_code != 0) throw Error(errc::internal, "pg_ctl stop failed").with_detail(r.output);
  spdlog::info("private PostgreSQL stopped");
}

void Cluster::ensure_database() const {
  pqxx::connection admin(url("postgres"));
  pqxx::nontransaction tx(admin);
  if (tx.exec_params("SELECT 1 FROM pg_database WHERE datname = $1", "camp").empty())
    tx.exec("CREATE DATABASE camp");
}

Server::Server(const std::string& database_url, const std::string& data_dir) {
  if (!database_url.empty()) {
    url_ = database_url;
    return;
  }
  cluster_ = std::make_unique<Cluster>(data_dir);
  url_ = cluster_->url();
  // Fast path (daemon start-up): a cluster that already answers needs no pg_ctl at all.
  try {
    pqxx::connection probe(url_ + " connect_timeout=2");
    return;
  } catch (const std::exception&) {
  }
  started_here_ = cluster_->start();
}

Server::~Server() {
  if (!started_here_) return;
  try {
    cluster_->stop();
  } catch (const std::exception& e) {
    spdlog::error("stopping the private PostgreSQL failed: {}", e.what());
  }
}

}  // namespace camp::db
