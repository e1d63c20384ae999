#pragma once
// Exports of the answers of one kind (docs/questionnaires.md "Exports"): one column per field
// of the definition after the respondent's columns, option labels in Japanese, multiple
// choices joined with "／". CSV is UTF-8 with a BOM and CRLF (Excel opens it as UTF-8); XLSX
// goes through libxlsxwriter in constant-memory mode. Both are written row by row as the
// pages come from the database, so memory stays flat however many rows there are.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "questionnaires/definition.hpp"

namespace camp::questionnaires {

enum class ExportFormat { csv, xlsx };
// "csv" / "xlsx"; throws Error(invalid) naming `format` otherwise.
ExportFormat parse_format(const std::string& name);
const char* extension(ExportFormat f);
const char* content_type(ExportFormat f);

// The header row: the respondent's columns, then each field's label.
std::vector<std::string> export_headers(const Definition& def);

struct ExportRow {
  std::int64_t account_id = 0;
  std::string display_name, email, submitted_at;
  const nlohmann::json* answer = nullptr;
};

class ExportWriter {
 public:
  virtual ~ExportWriter() = default;
  virtual void row(const ExportRow& r) = 0;
  // Flushes and closes the file; throws Error(internal) when it could not be written.
  virtual void finish() = 0;
};

// Writes to `path` (created or truncated). The header row is written at once.
std::unique_ptr<ExportWriter> make_writer(ExportFormat format, const Definition& def, const std::string& path);

}  // namespace camp::questionnaires
