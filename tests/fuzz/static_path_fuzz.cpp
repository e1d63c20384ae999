// libFuzzer target: the static-path resolver (daemon/static_files.cpp static_relative_path),
// which turns a raw request path into a file name under the web root or the uploads. Whatever
// it accepts must be plainly relative: no "..", no empty or hidden segment, no backslash, no
// control byte, no NUL.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/config.hpp"
#include "static_files.hpp"

// serve_static (in the same file, not fuzzed here) calls Config::uploads_dir from
// lib/core/config.cpp, which brings the YAML loader along: this definition satisfies the linker
// instead, so the target compiles only what static_relative_path needs.
std::string camp::Config::uploads_dir() const { return data_dir + "/uploads"; }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string raw(reinterpret_cast<const char*>(data), size);
  const auto relative = camp::static_relative_path(raw);
  if (!relative) return 0;
  const std::string& r = *relative;
  if (!r.empty() && (r.front() == '/' || r.back() == '/')) __builtin_trap();
  for (unsigned char c : r)
    if (c < 0x20 || c == 0x7f || c == '\\') __builtin_trap();
  std::size_t start = 0;
  while (start <= r.size() && !r.empty()) {
    const auto end = r.find('/', start);
    const std::string_view segment = std::string_view(r).substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (segment.empty() || segment.front() == '.') __builtin_trap();
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return 0;
}
