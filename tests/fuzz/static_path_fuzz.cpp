// libFuzzer target: the static-path resolver (daemon/static_files.cpp static_relative_path),
// which turns a raw request path into a file name under the web root. Whatever
// it accepts must be plainly relative: no "..", no empty or hidden segment, no backslash, no
// control byte, no NUL. One trailing '/' is allowed (the web app's routes; open_beneath never
// opens such a name): tests/unit/static_path_test.cpp says so too.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/config.hpp"
#include "static_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string raw(reinterpret_cast<const char*>(data), size);
  const auto relative = camp::static_relative_path(raw);
  if (!relative) return 0;
  const std::string& r = *relative;
  for (unsigned char c : r)
    if (c < 0x20 || c == 0x7f || c == '\\') __builtin_trap();
  std::string_view rest = r;
  if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  if (rest.empty()) {  // only "/" gives "": nothing else is empty
    if (!r.empty()) __builtin_trap();
    return 0;
  }
  for (;;) {
    const auto slash = rest.find('/');
    const auto segment = rest.substr(0, slash);
    if (segment.empty() || segment.front() == '.') __builtin_trap();
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  return 0;
}
