#pragma once
// CSV as spreadsheets read and write it (RFC 4180), one reader and one writer for every import
// and export. The writer guards against formula injection: a cell a spreadsheet would run as a
// formula is written as text.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace camp::csv {

struct Record {
  int line = 0;  // where the record starts (1-based)
  std::vector<std::string> cells;
};

struct Table {
  std::vector<Record> records;
  std::optional<int> unclosed_quote;  // the line of a quoted cell that never closes (reading stopped there)
};

// Quoted cells may hold commas, doubled quotes and line breaks; records end with CRLF, LF or CR;
// blank lines are skipped. Cells are returned as they are (no trimming, no decoding).
Table read(std::string_view text);

// `value` as one cell: quoted when it holds a comma, a quote or a line break (quotes doubled).
// One that starts with = + - @, a tab or a CR (and is not a plain number such as -12.5) gets a
// leading apostrophe inside quotes, so a spreadsheet shows it as text instead of running it.
void append_cell(std::string& out, std::string_view value);
// Cells joined by commas, ended by CRLF.
void append_row(std::string& out, const std::vector<std::string_view>& cells);

}  // namespace camp::csv
