// libFuzzer target: the bytes of a student import file as lib/students/csv.cpp reads them
// (encoding detection, Shift_JIS conversion, RFC 4180 records by core/csv). Whatever comes in,
// the text out is valid UTF-8 and the records' lines only grow.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "core/text.hpp"
#include "students/csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::string encoding, text;
  try {
    text = camp::students::decode_csv(bytes, encoding);
  } catch (const camp::Error& e) {
    if (e.code() != camp::errc::invalid) __builtin_trap();
    return 0;
  }
  if (!camp::text::valid_utf8(text)) __builtin_trap();
  if (encoding != "utf-8" && encoding != "utf-8-bom" && encoding != "shift_jis") __builtin_trap();
  std::vector<camp::students::ImportError> errors;
  const auto records = camp::students::parse_csv(text, errors);
  int last = 0;
  for (const auto& r : records) {
    if (r.line <= last || r.cells.empty()) __builtin_trap();
    last = r.line;
  }
  return 0;
}
