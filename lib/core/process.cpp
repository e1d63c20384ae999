#include "core/process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

extern char** environ;

namespace camp {

ProcessResult run_process(const std::vector<std::string>& argv) {
  char path[] = "/tmp/camp-process-XXXXXX";
  int out = mkstemp(path);
  if (out < 0) throw Error(errc::internal, "cannot create a temporary file").with_detail(std::strerror(errno));
  unlink(path);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  posix_spawn_file_actions_adddup2(&actions, out, 2);
  posix_spawn_file_actions_addclose(&actions, out);

  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    close(out);
    throw Error(errc::internal, "cannot run " + argv[0] + ": " + std::strerror(rc));
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }

  std::string output;
  lseek(out, 0, SEEK_SET);
  char buf[4096];
  for (ssize_t n; (n = read(out, buf, sizeof buf)) > 0;) output.append(buf, static_cast<size_t>(n));
  close(out);
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return {code, output};
}

}  // namespace camp
