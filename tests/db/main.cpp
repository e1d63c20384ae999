#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>

#include "accounts/password.hpp"
#include "db/cluster.hpp"
#include "db/migrations.hpp"
#include "environment.hpp"

namespace camp::dbtest {
namespace {

struct State {
  std::string dir;
  std::unique_ptr<db::Cluster> cluster;
  std::unique_ptr<db::Pool> pool;
  std::string url;
};
State& state() {
  static State s;
  return s;
}

class DatabaseEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    char tmpl[] = "/tmp/camp-db-tests-XXXXXX";
    state().dir = mkdtemp(tmpl);
    state().cluster = std::make_unique<db::Cluster>(state().dir);
    state().cluster->start();
    state().url = state().cluster->url();
    pqxx::connection conn(state().url);
    db::migrate(conn);
    state().pool = std::make_unique<db::Pool>(state().url, 4);
  }
  void TearDown() override {
    state().pool.reset();
    state().cluster->stop();
    std::filesystem::remove_all(state().dir);
  }
};

}  // namespace

db::Pool& pool() { return *state().pool; }
const std::string& database_url() { return state().url; }
const std::string& data_dir() { return state().dir; }

}  // namespace camp::dbtest

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  camp::accounts::use_minimum_password_hashing(true);  // thousands of accounts; the hash is unit-tested
  ::testing::AddGlobalTestEnvironment(new camp::dbtest::DatabaseEnvironment);
  return RUN_ALL_TESTS();
}
