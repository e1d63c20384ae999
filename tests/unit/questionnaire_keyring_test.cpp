// The key file of the questionnaire answers, created by several daemons starting at once.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "questionnaires/keyring.hpp"

using camp::questionnaires::Keyring;
using camp::questionnaires::Sealed;

namespace {

std::string fresh_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "camp-keyring-XXXXXX").string();
  return ::mkdtemp(pattern.data());
}

}  // namespace

TEST(QuestionnaireKeyring, DaemonsStartingTogetherShareOneCompleteKeyFile) {
  const auto dir = fresh_dir();
  const auto path = dir + "/keys";
  constexpr int kDaemons = 8;
  std::vector<pid_t> children;
  for (int i = 0; i < kDaemons; ++i) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      // Each "daemon" opens the shared file and seals a value with the key it found.
      try {
        const auto ring = Keyring::open(path);
        const auto sealed = ring.seal("answer " + std::to_string(i), "row");
        std::ofstream(dir + "/sealed-" + std::to_string(i)) << sealed.nonce << sealed.ciphertext;
        std::_Exit(ring.current_id() == 1 ? 0 : 2);
      } catch (...) {
        std::_Exit(1);
      }
    }
    children.push_back(pid);
  }
  for (const pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a daemon failed to open the key file";
  }
  // Every value opens with the one key left in the file: nobody used a key that lost the race.
  const auto ring = Keyring::open(path);
  for (int i = 0; i < kDaemons; ++i) {
    std::ifstream in(dir + "/sealed-" + std::to_string(i), std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    ASSERT_GT(bytes.size(), 24u);
    Sealed sealed{bytes.substr(0, 24), bytes.substr(24), 1};
    EXPECT_EQ(ring.open_sealed(sealed, "row"), "answer " + std::to_string(i));
  }
  // No temporary file is left beside it.
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    files += entry.path().filename().string().rfind("keys", 0) == 0 ? 1 : 0;
  EXPECT_EQ(files, 1);
  std::filesystem::remove_all(dir);
}
