#include "students/import.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <unordered_map>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "notifications/events.hpp"
#include "students/import_repo.hpp"
#include "students/model.hpp"
#include "students/plan.hpp"
#include "students/validation.hpp"

namespace camp::students {
namespace {

constexpr std::size_t kInviteBatch = 1000;

struct Columns {
  int email = -1, name = -1, course = -1, start_date = -1, status = -1, mentor = -1;
};

// Each column by its key (the report's `field`, also accepted as a header) and its Japanese
// name (the other header accepted; what errors and the template show).
struct ColumnName {
  std::string_view key, label;
  int Columns::*slot;
};
constexpr std::array<ColumnName, 6> kColumnNames{{
    {"email", msg::student_import_column_email, &Columns::email},
    {"name", msg::student_import_column_name, &Columns::name},
    {"course", msg::student_import_column_course, &Columns::course},
    {"start_date", msg::student_import_column_start_date, &Columns::start_date},
    {"status", msg::student_import_column_status, &Columns::status},
    {"mentor_email", msg::student_import_column_mentor_email, &Columns::mentor},
}};
constexpr std::size_t kRequiredColumns = 4;  // the first four

Columns columns_of(const std::vector<std::string>& header) {
  Columns c;
  for (std::size_t i = 0; i < header.size(); ++i) {
    const auto name = text::lower_ascii(text::trim(header[i]));
    for (const auto& column : kColumnNames)
      if (name == column.key || name == column.label) c.*(column.slot) = static_cast<int>(i);
  }
  return c;
}

std::string required_columns() {
  std::string out;
  for (std::size_t i = 0; i < kRequiredColumns; ++i) out += (i ? "、" : "") + std::string(kColumnNames[i].label);
  return out;
}

// A row that passed the checks that need no database.
struct Row {
  int line = 0;
  std::string email, key, name, course, start_date;
  std::optional<std::string> status, mentor_email;
};

// Every rule a row must pass before the database is asked, the invitation's own included
// (the name becomes the invitation's nickname): one function for the dry run and the import,
// so the dry run refuses exactly what the import would, each with its line.
std::optional<Row> check_row(const CsvRecord& rec, const Columns& cols, std::size_t width,
                             std::vector<ImportError>& errors) {
  const auto before = errors.size();
  auto fail = [&](const std::string& field, std::string message) { errors.push_back({rec.line, field, std::move(message)}); };
  if (rec.cells.size() != width) {
    fail("file", std::string(msg::student_import_columns));
    return std::nullopt;
  }
  auto cell = [&](int c) { return c < 0 ? std::string() : text::trim(rec.cells[static_cast<std::size_t>(c)]); };
  Row row;
  row.line = rec.line;
  row.email = cell(cols.email);
  row.key = text::lower_ascii(row.email);
  row.name = cell(cols.name);
  row.course = cell(cols.course);
  if (auto m = validate::email(row.email)) fail("email", *m);
  if (auto m = student_name(row.name)) fail("name", *m);
  if (row.course.empty()) fail("course", std::string(msg::course_required_for_role));
  else if (!plan_for(row.course)) fail("course", std::string(msg::course_unknown));
  const auto day = cell(cols.start_date);
  if (day.empty()) fail("start_date", std::string(msg::student_start_date_required));
  else if (const auto d = parse_day(day)) row.start_date = format_date(*d);
  else fail("start_date", std::string(msg::student_start_date_invalid));
  if (const auto s = cell(cols.status); !s.empty()) {
    if (!valid_status(s)) fail("status", std::string(msg::student_status_invalid));
    row.status = s;
  }
  if (const auto m = cell(cols.mentor); !m.empty()) {
    if (auto bad = validate::email(m)) fail("mentor_email", *bad);
    row.mentor_email = text::lower_ascii(m);
  }
  if (errors.size() != before) return std::nullopt;
  for (const auto& [field, messages] : accounts::invite_field_errors({row.email, "student", row.course, row.name}))
    for (const auto& m : messages) fail(field == "nickname" ? "name" : field, m);
  if (errors.size() != before) return std::nullopt;
  return row;
}

Error file_error(std::string message) {
  return Error(errc::invalid, std::string(msg::student_import_rows_invalid), {{"file", {std::move(message)}}});
}

}  // namespace

std::string import_column_label(std::string_view field) {
  for (const auto& column : kColumnNames)
    if (column.key == field) return std::string(column.label);
  return std::string(msg::student_import_column_file);
}

std::string import_template() {
  std::string out = "\xEF\xBB\xBF";  // a BOM: Excel then reads the file as UTF-8
  std::vector<std::string_view> header;
  for (const auto& column : kColumnNames) header.push_back(column.label);
  csv::append_row(out, header);
  return out;
}

nlohmann::json to_json(const ImportReport& r) {
  auto rows = nlohmann::json::array(), errors = nlohmann::json::array();
  for (const auto& row : r.changed)
    rows.push_back({{"line", row.line}, {"email", row.email}, {"name", row.name}, {"action", row.action}, {"changes", row.changes}});
  for (const auto& e : r.errors)
    errors.push_back({{"line", e.line}, {"field", e.field}, {"column", import_column_label(e.field)}, {"message", e.message}});
  return {{"dry_run", r.dry_run},
          {"applied", r.applied},
          {"encoding", r.encoding},
          {"summary",
           {{"rows", r.rows}, {"create", r.created}, {"update", r.updated}, {"unchanged", r.unchanged}, {"invalid", r.errors.size()}}},
          {"rows", rows},
          {"errors", errors}};
}

ImportReport StudentImport::run(const accounts::Account& actor, std::string_view bytes, const ImportOptions& options) {
  if (actor.role != accounts::Role::admin) throw Error(errc::not_found, std::string(msg::not_found));
  return run(bytes, options, actor.recorded_id());
}

ImportReport StudentImport::run(std::string_view bytes, const ImportOptions& options, std::optional<std::int64_t> actor_id) {
  ImportReport report;
  report.dry_run = options.dry_run;
  const auto text = decode_csv(bytes, report.encoding);
  auto records = parse_csv(text, report.errors);
  if (!report.errors.empty()) return report;
  if (records.empty()) throw file_error(msg::student_import_header_missing(required_columns()));
  const auto cols = columns_of(records.front().cells);
  if (cols.email < 0 || cols.name < 0 || cols.course < 0 || cols.start_date < 0)
    throw file_error(msg::student_import_header_missing(required_columns()));
  const auto width = records.front().cells.size();
  if (records.size() == 1) throw file_error(std::string(msg::student_import_empty));

  // 1. Each row on its own.
  std::vector<Row> rows;
  std::unordered_map<std::string, int> first_line;
  for (std::size_t i = 1; i < records.size(); ++i) {
    auto row = check_row(records[i], cols, width, report.errors);
    if (!row) continue;
    if (const auto [it, fresh] = first_line.emplace(row->key, row->line); !fresh) {
      report.errors.push_back({row->line, "email", msg::student_import_email_duplicate(std::to_string(it->second))});
      continue;
    }
    rows.push_back(std::move(*row));
  }
  report.rows = records.size() - 1;

  // 2. Against the database, then (without errors and unless a dry run) the writes, in one
  // transaction: the file applies whole or not at all.
  return pool_.transaction([&](db::Tx& tx) {
    ImportReport out = report;
    std::vector<std::string> keys;
    for (const auto& r : rows) {
      keys.push_back(r.key);
      if (r.mentor_email) keys.push_back(*r.mentor_email);
    }
    const auto existing = import_repo::find_students(tx, keys);
    const auto accounts_by_email = import_repo::find_accounts(tx, keys);

    std::vector<import_repo::NewStudent> creates;
    std::vector<import_repo::StudentChange> updates;
    std::vector<import_repo::MentorAssignment> history;
    std::vector<std::int64_t> course_changed;
    std::vector<const Row*> invites;
    for (const auto& row : rows) {
      std::optional<std::int64_t> mentor_id;
      if (row.mentor_email) {
        const auto m = accounts_by_email.find(*row.mentor_email);
        const auto role = m == accounts_by_email.end() ? std::nullopt : accounts::parse_role(m->second.role);
        if (!role || !accounts::is_admin_or_mentor(*role)) {
          out.errors.push_back({row.line, "mentor_email", std::string(msg::student_import_mentor_unknown)});
          continue;
        }
        mentor_id = m->second.id;
      }
      const auto e = existing.find(row.key);
      if (e == existing.end()) {
        std::optional<std::int64_t> account_id;
        if (const auto a = accounts_by_email.find(row.key); a != accounts_by_email.end()) {
          if (a->second.role != "student" && a->second.role != "graduate") {
            out.errors.push_back({row.line, "email", std::string(msg::student_import_email_not_student)});
            continue;
          }
          account_id = a->second.id;
        }
        creates.push_back({row.email, row.name, row.course, row.start_date, row.status.value_or("active"), mentor_id,
                           account_id});
        if (!account_id) invites.push_back(&row);
        ++out.created;
        out.changed.push_back({row.line, row.email, row.name, "create", {}});
        continue;
      }
      const auto& was = e->second;
      ImportRow change{row.line, row.email, row.name, "update", {}};
      const auto status = row.status.value_or(was.status);
      const auto mentor = row.mentor_email ? mentor_id : was.mentor_id;
      if (row.name != was.name) change.changes.emplace_back("name");
      if (row.course != was.course) change.changes.emplace_back("course");
      if (row.start_date != was.start_date) change.changes.emplace_back("start_date");
      if (status != was.status) change.changes.emplace_back("status");
      if (mentor != was.mentor_id) change.changes.emplace_back("mentor");
      if (change.changes.empty()) {
        ++out.unchanged;
        continue;
      }
      updates.push_back({was.id, row.name, row.course, row.start_date, status, mentor});
      if (mentor != was.mentor_id) history.push_back({was.id, mentor});
      if (row.course != was.course) course_changed.push_back(was.id);
      ++out.updated;
      out.changed.push_back(std::move(change));
    }
    if (!out.errors.empty()) {
      std::stable_sort(out.errors.begin(), out.errors.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
      out.created = out.updated = out.unchanged = 0;
      out.changed.clear();
      return out;
    }
    if (options.dry_run) return out;

    if (!creates.empty())
      for (const auto& created : import_repo::insert_students(tx, creates))
        if (created.mentor_id) history.push_back({created.id, created.mentor_id});
    if (!updates.empty()) {
      import_repo::update_students(tx, updates);
      if (!course_changed.empty()) import_repo::update_account_courses(tx, course_changed);
    }
    if (!history.empty()) import_repo::record_mentor_changes(tx, history, actor_id);
    // Invitations in batches of kInviteBatch: a few statements each, and progress in between.
    for (std::size_t from = 0; from < invites.size(); from += kInviteBatch) {
      const auto to = std::min(invites.size(), from + kInviteBatch);
      std::vector<accounts::Invite> batch;
      for (auto i = from; i < to; ++i) batch.push_back({invites[i]->email, "student", invites[i]->course, invites[i]->name});
      invitations_.invite_many(tx, batch, actor_id);
      if (options.progress) options.progress(to, invites.size());
    }
    out.applied = true;
    notifications::record_event(tx, notifications::kImportFinished, actor_id,
                                {{"count", out.created + out.updated}, {"created", out.created}, {"updated", out.updated}});
    return out;
  });
}

}  // namespace camp::students
