#pragma once
// `camp students import FILE.csv` and POST /api/v1/student_imports (docs/students.md "Import"):
// upsert students by e-mail from a CSV file, all or nothing. UTF-8 (with or without BOM) or
// Shift_JIS (Excel's CP932, converted with iconv); invalid rows are reported by line and
// nothing is written; new students get an invitation mail (role student, their course) in
// the same transaction.
#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/invitations.hpp"
#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "students/csv.hpp"

namespace camp::students {

struct ImportOptions {
  bool dry_run = false;
  // Called while applying: (done, total). The CLI draws a bar with it on a terminal.
  std::function<void(std::size_t, std::size_t)> progress;
};

struct ImportRow {
  int line = 0;
  std::string email, name, action;  // create | update | unchanged
  std::vector<std::string> changes;
};


struct ImportReport {
  bool dry_run = false, applied = false;
  std::string encoding;  // utf-8 | utf-8-bom | shift_jis
  std::size_t rows = 0, created = 0, updated = 0, unchanged = 0;
  std::vector<ImportRow> changed;  // create and update rows, in file order
  std::vector<ImportError> errors;
};
nlohmann::json to_json(const ImportReport& report);

// The Japanese name of a report's `field` (a column, or the whole row for "file").
std::string import_column_label(std::string_view field);
// The CSV an admin starts from: a UTF-8 BOM and the header, every column by its Japanese name.
std::string import_template();

class StudentImport {
 public:
  StudentImport(db::Pool& pool, accounts::InvitationService& invitations) : pool_(pool), invitations_(invitations) {}

  // Admins and the system actor (404 for everyone else). A report with errors has applied = false.
  ImportReport run(const accounts::Account& actor, std::string_view bytes, const ImportOptions& options);

 private:
  ImportReport run(std::string_view bytes, const ImportOptions& options, std::optional<std::int64_t> actor_id);

  db::Pool& pool_;
  accounts::InvitationService& invitations_;
};

}  // namespace camp::students
