// `camp students import` against its own private PostgreSQL: the dry run applies every rule the
// import applies (a name the invitation could not carry included), with the same line numbers.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

std::string students_dir;

struct Out {
  int code;
  std::string out;
};

Out camp_students(const std::string& args) {
  const std::string cmd =
      "CAMP_DATABASE_URL= CAMP_CONFIG= CAMP_DATA_DIR='" + students_dir + "' " CAMP_BIN " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  return {WEXITSTATUS(pclose(p)), out};
}

class StudentsCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/camp-cli-students-XXXXXX";
    students_dir = mkdtemp(tmpl);
    ASSERT_EQ(camp_students("db start").code, 0);
    ASSERT_EQ(camp_students("db migrate").code, 0);
  }
  static void TearDownTestSuite() {
    camp_students("db stop");
    std::filesystem::remove_all(students_dir);
  }
};

}  // namespace

TEST_F(StudentsCli, TheDryRunRefusesAControlCharacterNameOnItsLineAsTheImportDoes) {
  const auto file = students_dir + "/students.csv";
  std::ofstream(file) << "email,name,course,start_date\n"
                         "ok@example.com,山田 太郎,rails_4m,2026-12-01\n"
                         "bell@example.com,\"ベル\x07さん\",rails_4m,2026-12-01\n"
                         "two@example.com,\"二行の\n名前\",rails_5m,2026-12-01\n"
                         "esc@example.com,次の\xC2\x85行,u29,2026-12-01\n";  // NEL inside (at an end it is trimmed as a space)
  // Each error names its column in Japanese, as the import screen does.
  const std::string expected = file + ":3: 氏名: 氏名に改行や制御文字は使用できません\n" + file +
                               ":4: 氏名: 氏名に改行や制御文字は使用できません\n" + file +
                               ":6: 氏名: 氏名に改行や制御文字は使用できません\n"
                               "3 invalid row(s); nothing was imported\n";
  const auto dry = camp_students("students import " + file + " --dry-run");
  EXPECT_EQ(dry.code, 3) << dry.out;
  EXPECT_EQ(dry.out, expected);
  const auto real = camp_students("students import " + file);
  EXPECT_EQ(real.code, 3) << real.out;
  EXPECT_EQ(real.out, expected);

  const auto dry_json = camp_students("--json students import " + file + " --dry-run");
  const auto real_json = camp_students("--json students import " + file);
  ASSERT_EQ(dry_json.code, 3);
  const auto dry_errors = nlohmann::json::parse(dry_json.out)["errors"];
  EXPECT_EQ(dry_errors, nlohmann::json::parse(real_json.out)["errors"]);
  ASSERT_EQ(dry_errors.size(), 3u);
  EXPECT_EQ(dry_errors[0]["line"], 3);
  EXPECT_EQ(dry_errors[0]["field"], "name");
  EXPECT_EQ(dry_errors[0]["column"], "氏名");

  // All or nothing: the good row was not imported either, and no invitation went out.
  EXPECT_EQ(camp_students("students show ok@example.com").code, 4);
  EXPECT_EQ(camp_students("--json mail list").out, "[]\n");

  // Without the bad rows the same file imports, and the dry run said so first.
  std::ofstream(file) << "email,name,course,start_date\nok@example.com,山田 太郎,rails_4m,2026-12-01\n";
  EXPECT_EQ(camp_students("students import " + file + " --dry-run").code, 0);
  const auto applied = camp_students("students import " + file);
  EXPECT_EQ(applied.code, 0) << applied.out;
  EXPECT_EQ(camp_students("students show ok@example.com").code, 0);
}
