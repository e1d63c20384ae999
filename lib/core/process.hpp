#pragma once
#include <string>
#include <vector>

namespace camp {

struct ProcessResult {
  int exit_code;
  std::string output;  // stdout and stderr, interleaved
};

// Runs argv (no shell) and waits. Output goes through a temporary file, not a pipe, so a
// grandchild that keeps running (a postmaster started by pg_ctl) cannot hold us up.
ProcessResult run_process(const std::vector<std::string>& argv);

}  // namespace camp
