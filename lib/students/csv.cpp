#include "students/csv.hpp"

#include <iconv.h>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"

namespace camp::students {
namespace {

Error encoding_unknown() {
  return Error(errc::invalid, std::string(msg::student_import_rows_invalid),
               {{"file", {std::string(msg::student_import_encoding_unknown)}}});
}

}  // namespace

std::string decode_csv(std::string_view bytes, std::string& encoding) {
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") {
    bytes.remove_prefix(3);
    if (!text::valid_utf8(bytes)) throw encoding_unknown();
    encoding = "utf-8-bom";
    return std::string(bytes);
  }
  if (text::valid_utf8(bytes)) {
    encoding = "utf-8";
    return std::string(bytes);
  }
  // Excel in Japan writes CP932 (Shift_JIS with Microsoft's extensions).
  const iconv_t cd = iconv_open("UTF-8", "CP932");
  if (cd == reinterpret_cast<iconv_t>(-1)) throw encoding_unknown();
  std::string out(bytes.size() * 3 + 16, '\0');  // a half-width kana: 1 byte -> 3
  char* in = const_cast<char*>(bytes.data());
  std::size_t in_left = bytes.size();
  char* to = out.data();
  std::size_t to_left = out.size();
  const auto r = iconv(cd, &in, &in_left, &to, &to_left);
  iconv_close(cd);
  if (r == static_cast<std::size_t>(-1) || in_left != 0) throw encoding_unknown();
  out.resize(out.size() - to_left);
  if (!text::valid_utf8(out)) throw encoding_unknown();
  encoding = "shift_jis";
  return out;
}

std::vector<CsvRecord> parse_csv(std::string_view text, std::vector<ImportError>& errors) {
  auto table = csv::read(text);
  if (table.unclosed_quote) errors.push_back({*table.unclosed_quote, "file", std::string(msg::student_import_quote)});
  return std::move(table.records);
}

}  // namespace camp::students
