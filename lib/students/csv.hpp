#pragma once
// The CSV file of `camp students import` and POST /api/v1/student_imports, as bytes in: its
// encoding (UTF-8 with or without BOM, or Shift_JIS as Excel in Japan writes it) and its
// records. Pure (no database): the import and the fuzz target (tests/fuzz) call it alike.
#include <string>
#include <string_view>
#include <vector>

#include "core/csv.hpp"

namespace camp::students {

struct ImportError {
  int line = 0;
  std::string field, message;
};

// The text as UTF-8 and the encoding it was in; errc::invalid (msg::student_import_encoding_unknown)
// when it is neither UTF-8 nor Shift_JIS.
std::string decode_csv(std::string_view bytes, std::string& encoding);

using CsvRecord = csv::Record;
// The records (core/csv.hpp, quoted line breaks included); an unclosed quote is an error on its line.
std::vector<CsvRecord> parse_csv(std::string_view text, std::vector<ImportError>& errors);

}  // namespace camp::students
