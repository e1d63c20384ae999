#pragma once
// A Config loaded from YAML text, as campd loads its file: the text goes to a temporary file
// (unique per process and call) that is removed again.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/config.hpp"

namespace camp::unit {

inline Config load_yaml(const std::string& yaml) {
  static std::atomic<int> calls{0};
  const auto path = std::filesystem::temp_directory_path() /
                    ("camp-config-test-" + std::to_string(getpid()) + "-" + std::to_string(++calls) + ".yaml");
  std::ofstream(path) << yaml;
  struct Remove {
    std::filesystem::path p;
    ~Remove() { std::filesystem::remove(p); }
  } remove{path};
  return load_config(path.string());
}

}  // namespace camp::unit
