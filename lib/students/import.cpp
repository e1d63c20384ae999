#include "students/import.hpp"

#include <algorithm>
#include <cerrno>
#include <map>
#include <unordered_map>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "db/arrays.hpp"
#include "notifications/events.hpp"
#include "students/model.hpp"
#include "students/plan.hpp"
#include "students/validation.hpp"

namespace camp::students {
namespace {

// Existing records, accounts and mentors of the file's e-mails ($1: lowered e-mails).
constexpr db::Statement kExisting{
    "student_import.existing",
    "SELECT lower(s.email), s.id, s.name, c.code, s.start_date::text, s.status, s.mentor_id, s.account_id "
    "FROM students s JOIN courses c ON c.id = s.course_id WHERE lower(s.email) = ANY($1::text[])"};
constexpr db::Statement kAccounts{"student_import.accounts",
                                  "SELECT lower(email), id, role FROM accounts WHERE lower(email) = ANY($1::text[])"};
constexpr db::Statement kInsert{
    "student_import.insert",
    "INSERT INTO students (email, name, course_id, start_date, status, mentor_id, account_id) "
    "SELECT u.email, u.name, c.id, u.start_date, u.status, u.mentor_id, u.account_id "
    "FROM unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::text[], $6::int8[], $7::int8[]) "
    "WITH ORDINALITY AS u(email, name, course, start_date, status, mentor_id, account_id, n) "
    "JOIN courses c ON c.code = u.course ORDER BY u.n RETURNING id, mentor_id"};
constexpr db::Statement kUpdate{
    "student_import.update",
    "UPDATE students s SET name = u.name, course_id = c.id, start_date = u.start_date, status = u.status, "
    "mentor_id = u.mentor_id, updated_at = now() "
    "FROM unnest($1::int8[], $2::text[], $3::text[], $4::date[], $5::text[], $6::int8[]) "
    "AS u(id, name, course, start_date, status, mentor_id) JOIN courses c ON c.code = u.course WHERE s.id = u.id"};
constexpr db::Statement kAccountCourses{
    "student_import.account_courses",
    "UPDATE accounts a SET course_id = s.course_id, updated_at = now() FROM students s "
    "WHERE s.id = ANY($1::int8[]) AND a.id = s.account_id AND a.course_id IS DISTINCT FROM s.course_id"};
constexpr db::Statement kHistory{
    "student_import.history",
    "INSERT INTO student_mentor_changes (student_id, mentor_id, changed_by) "
    "SELECT u.id, u.mentor_id, $3 FROM unnest($1::int8[], $2::int8[]) AS u(id, mentor_id)"};

constexpr std::size_t kInviteBatch = 1000;

// The batch statements' arrays: NULL where a row has no value.
std::string array(const std::vector<std::optional<std::string>>& items) { return db::nullable_text_array(items); }

std::optional<std::string> id_text(std::optional<std::int64_t> id) {
  if (!id) return std::nullopt;
  return std::to_string(*id);
}

struct Columns {
  int email = -1, name = -1, course = -1, start_date = -1, status = -1, mentor = -1;
};

Columns columns_of(const std::vector<std::string>& header) {
  static const std::map<std::string, int Columns::*> names{
      {"email", &Columns::email},       {"メールアドレス", &Columns::email}, {"name", &Columns::name},
      {"氏名", &Columns::name},          {"course", &Columns::course},        {"コース", &Columns::course},
      {"start_date", &Columns::start_date}, {"開始日", &Columns::start_date}, {"status", &Columns::status},
      {"ステータス", &Columns::status},  {"mentor_email", &Columns::mentor},  {"担当メンター", &Columns::mentor}};
  Columns c;
  for (std::size_t i = 0; i < header.size(); ++i)
    if (const auto it = names.find(text::lower_ascii(text::trim(header[i]))); it != names.end()) c.*(it->second) = static_cast<int>(i);
  return c;
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

nlohmann::json to_json(const ImportReport& r) {
  auto rows = nlohmann::json::array(), errors = nlohmann::json::array();
  for (const auto& row : r.changed)
    rows.push_back({{"line", row.line}, {"email", row.email}, {"name", row.name}, {"action", row.action}, {"changes", row.changes}});
  for (const auto& e : r.errors) errors.push_back({{"line", e.line}, {"field", e.field}, {"message", e.message}});
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
  static const char* kRequired = "email, name, course, start_date";
  if (records.empty()) throw file_error(std::string(msg::student_import_header_missing(kRequired)));
  const auto cols = columns_of(records.front().cells);
  if (cols.email < 0 || cols.name < 0 || cols.course < 0 || cols.start_date < 0)
    throw file_error(std::string(msg::student_import_header_missing(kRequired)));
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
    std::vector<std::optional<std::string>> keys;
    for (const auto& r : rows) {
      keys.emplace_back(r.key);
      if (r.mentor_email) keys.emplace_back(*r.mentor_email);
    }
    const auto key_array = array(keys);
    struct Existing {
      std::int64_t id;
      std::string name, course, start_date, status;
      std::optional<std::int64_t> mentor_id, account_id;
    };
    std::unordered_map<std::string, Existing> existing;
    for (const auto& r : tx.exec(kExisting, key_array))
      existing[r[0].as<std::string>()] = {r[1].as<std::int64_t>(), r[2].as<std::string>(), r[3].as<std::string>(),
                                          r[4].as<std::string>(), r[5].as<std::string>(),
                                          r[6].is_null() ? std::nullopt : std::optional(r[6].as<std::int64_t>()),
                                          r[7].is_null() ? std::nullopt : std::optional(r[7].as<std::int64_t>())};
    struct AccountRow {
      std::int64_t id;
      std::string role;
    };
    std::unordered_map<std::string, AccountRow> accounts_by_email;
    for (const auto& r : tx.exec(kAccounts, key_array))
      accounts_by_email[r[0].as<std::string>()] = {r[1].as<std::int64_t>(), r[2].as<std::string>()};

    std::vector<std::optional<std::string>> c_email, c_name, c_course, c_start, c_status, c_mentor, c_account;
    std::vector<std::optional<std::string>> u_id, u_name, u_course, u_start, u_status, u_mentor;
    std::vector<std::optional<std::string>> h_id, h_mentor, course_changed;
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
        c_email.emplace_back(row.email);
        c_name.emplace_back(row.name);
        c_course.emplace_back(row.course);
        c_start.emplace_back(row.start_date);
        c_status.emplace_back(row.status.value_or("active"));
        c_mentor.push_back(id_text(mentor_id));
        c_account.push_back(id_text(account_id));
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
      u_id.push_back(id_text(was.id));
      u_name.emplace_back(row.name);
      u_course.emplace_back(row.course);
      u_start.emplace_back(row.start_date);
      u_status.emplace_back(status);
      u_mentor.push_back(id_text(mentor));
      if (mentor != was.mentor_id) {
        h_id.push_back(id_text(was.id));
        h_mentor.push_back(id_text(mentor));
      }
      if (row.course != was.course) course_changed.push_back(id_text(was.id));
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

    if (!c_email.empty()) {
      const auto created = tx.exec(kInsert, array(c_email), array(c_name), array(c_course), array(c_start), array(c_status),
                                   array(c_mentor), array(c_account));
      for (const auto& r : created)
        if (!r[1].is_null()) {
          h_id.emplace_back(r[0].as<std::string>());
          h_mentor.emplace_back(r[1].as<std::string>());
        }
    }
    if (!u_id.empty()) {
      tx.exec(kUpdate, array(u_id), array(u_name), array(u_course), array(u_start), array(u_status), array(u_mentor));
      if (!course_changed.empty()) tx.exec(kAccountCourses, array(course_changed));
    }
    if (!h_id.empty()) tx.exec(kHistory, array(h_id), array(h_mentor), actor_id);
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
