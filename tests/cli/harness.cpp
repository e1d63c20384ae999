#include "harness.hpp"

#include <stdlib.h>

#include <array>
#include <cstdio>
#include <filesystem>

namespace clitest {

std::string& dir() {
  static std::string d;
  return d;
}

Run shell(const std::string& command) {
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  return {WEXITSTATUS(pclose(p)), out};
}

Run camp(const std::string& args, const std::string& stdin_text) {
  return shell("printf '%s' '" + stdin_text + "' | CAMP_DATABASE_URL= CAMP_CONFIG= CAMP_DATA_DIR='" + dir() +
               "' CAMP_PUBLIC_URL=https://camp.example.com " CAMP_BIN " " + args);
}

pqxx::result sql(const std::string& query) {
  auto url = camp("db url").out;
  while (!url.empty() && url.back() == '\n') url.pop_back();
  pqxx::connection c(url);
  return pqxx::nontransaction(c).exec(query);
}

void PrivateSchool::SetUpTestSuite() {
  char tmpl[] = "/tmp/camp-cli-school-XXXXXX";
  dir() = mkdtemp(tmpl);
  ASSERT_EQ(camp("db start").code, 0);
  ASSERT_EQ(camp("db migrate").code, 0);
}

void PrivateSchool::TearDownTestSuite() {
  camp("db stop");
  std::filesystem::remove_all(dir());
}

}  // namespace clitest
