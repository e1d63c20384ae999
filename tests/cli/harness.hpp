#pragma once
// The runner the CLI suites share: the real `camp` binary (CAMP_BIN) against a private PostgreSQL
// of the suite's own, under a throw-away data directory that PrivateSchool makes and removes.
#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <string>

namespace clitest {

struct Run {
  int code;
  std::string out;  // standard output and error together
};

// The running suite's data directory (the suites of one binary run one after the other).
std::string& dir();

// A shell command's exit code and output.
Run shell(const std::string& command);

// `camp ARGS` with `stdin_text` on its standard input: a pipe, never a terminal.
Run camp(const std::string& args, const std::string& stdin_text = "");

// One statement on the suite's database.
pqxx::result sql(const std::string& query);

// A suite with its own PostgreSQL: started and migrated before its first test, stopped and
// removed after its last.
class PrivateSchool : public ::testing::Test {
 protected:
  static void SetUpTestSuite();
  static void TearDownTestSuite();
};

}  // namespace clitest
