#include "curriculum/repo.hpp"

#include "core/error.hpp"
#include "core/messages.hpp"
#include "curriculum/repository_url.hpp"

namespace camp::curriculum::repo {
namespace {

constexpr db::Statement kCurriculums{
    "curriculum.all", "SELECT name, title, description, position, milestone FROM curriculums ORDER BY position, name"};
constexpr db::Statement kTasks{
    "curriculum.tasks",
    "SELECT id, curriculum_name, title, position, review_level, source_repository FROM tasks ORDER BY position, id"};
constexpr db::Statement kFind{
    "curriculum.find", "SELECT name, title, description, position, milestone FROM curriculums WHERE name = $1"};
constexpr db::Statement kTasksOf{
    "curriculum.tasks_of",
    "SELECT id, curriculum_name, title, position, review_level, source_repository, body FROM tasks "
    "WHERE curriculum_name = $1 ORDER BY position, id"};
// The latest submission of each task (submissions_student_idx).
constexpr db::Statement kLatestStatuses{
    "curriculum.latest_statuses",
    "SELECT DISTINCT ON (task_id) task_id, status FROM submissions WHERE account_id = $1 "
    "ORDER BY task_id, created_at DESC, id DESC"};

constexpr db::Statement kImportLock{"curriculum.import_lock", "SELECT pg_advisory_xact_lock(hashtext('camp_curriculum_import'))"};
// A row only when something was inserted or really changed; `inserted` tells which.
constexpr db::Statement kUpsertCurriculum{
    "curriculum.upsert",
    "INSERT INTO curriculums (name, title, description, position, milestone) VALUES ($1, $2, $3, $4, $5) "
    "ON CONFLICT (name) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, "
    "position = EXCLUDED.position, milestone = EXCLUDED.milestone, updated_at = now() "
    "WHERE (curriculums.title, curriculums.description, curriculums.position, curriculums.milestone) IS DISTINCT FROM "
    "(EXCLUDED.title, EXCLUDED.description, EXCLUDED.position, EXCLUDED.milestone) "
    "RETURNING (xmax = 0) AS inserted"};
constexpr db::Statement kUpsertTask{
    "curriculum.upsert_task",
    "INSERT INTO tasks (id, curriculum_name, title, position, review_level, source_repository, source_key, body) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
    "ON CONFLICT (id) DO UPDATE SET curriculum_name = EXCLUDED.curriculum_name, title = EXCLUDED.title, "
    "position = EXCLUDED.position, review_level = EXCLUDED.review_level, source_repository = EXCLUDED.source_repository, "
    "source_key = EXCLUDED.source_key, body = EXCLUDED.body, updated_at = now() "
    "WHERE (tasks.curriculum_name, tasks.title, tasks.position, tasks.review_level, tasks.source_repository, "
    "tasks.source_key, tasks.body) "
    "IS DISTINCT FROM (EXCLUDED.curriculum_name, EXCLUDED.title, EXCLUDED.position, EXCLUDED.review_level, "
    "EXCLUDED.source_repository, EXCLUDED.source_key, EXCLUDED.body) "
    "RETURNING (xmax = 0) AS inserted"};
// Tasks no longer in the content ($1: the ids that are), the first with submissions first.
constexpr db::Statement kGoneTasks{
    "curriculum.gone_tasks",
    "SELECT t.id, t.title, EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = t.id) AS used FROM tasks t "
    "WHERE NOT (t.id = ANY ($1::int[])) ORDER BY used DESC, t.id FOR UPDATE OF t"};
constexpr db::Statement kDeleteTasks{"curriculum.delete_tasks", "DELETE FROM tasks WHERE NOT (id = ANY ($1::int[]))"};
constexpr db::Statement kDeleteCurriculums{
    "curriculum.delete", "DELETE FROM curriculums WHERE NOT (name = ANY ($1::text[]))"};

Curriculum read_curriculum(const pqxx::row& r) {
  Curriculum c;
  c.name = r[0].as<std::string>();
  c.title = r[1].as<std::string>();
  c.description = r[2].as<std::string>();
  c.position = r[3].as<int>();
  if (!r[4].is_null()) c.milestone = r[4].as<std::string>();
  return c;
}

Task read_task(const pqxx::row& r, bool with_body) {
  Task t;
  t.id = r[0].as<int>();
  t.curriculum_name = r[1].as<std::string>();
  t.title = r[2].as<std::string>();
  t.position = r[3].as<int>();
  t.review_level = r[4].as<std::string>();
  if (!r[5].is_null()) t.source_repository = r[5].as<std::string>();
  if (with_body) t.body = r[6].as<std::string>();
  return t;
}

template <class T>
std::string pg_array(const std::vector<T>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    if constexpr (std::is_same_v<T, std::string>) {
      out += '"';
      for (const char c : values[i]) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      out += '"';
    } else {
      out += std::to_string(values[i]);
    }
  }
  return out + "}";
}

void count(ImportCounts& counts, const pqxx::result& r) {
  if (r.empty()) ++counts.unchanged;
  else if (r[0][0].as<bool>()) ++counts.created;
  else ++counts.updated;
}

std::optional<std::string> opt(const std::optional<std::string>& s) { return s; }

}  // namespace

std::vector<Curriculum> all(db::Tx& tx) {
  std::vector<Curriculum> out;
  std::map<std::string, std::size_t> at;
  for (const auto& r : tx.exec(kCurriculums)) {
    at[r[0].as<std::string>()] = out.size();
    out.push_back(read_curriculum(r));
  }
  for (const auto& r : tx.exec(kTasks)) {
    auto t = read_task(r, false);
    if (const auto it = at.find(t.curriculum_name); it != at.end()) out[it->second].tasks.push_back(std::move(t));
  }
  return out;
}

std::optional<Curriculum> find(db::Tx& tx, const std::string& name) {
  const auto r = tx.exec(kFind, name);
  if (r.empty()) return std::nullopt;
  auto c = read_curriculum(r[0]);
  for (const auto& row : tx.exec(kTasksOf, name)) c.tasks.push_back(read_task(row, true));
  return c;
}

std::map<int, std::string> latest_statuses(db::Tx& tx, std::int64_t account_id) {
  std::map<int, std::string> out;
  for (const auto& r : tx.exec(kLatestStatuses, account_id)) out[r[0].as<int>()] = r[1].as<std::string>();
  return out;
}

ImportReport import(db::Tx& tx, const std::vector<CurriculumSpec>& content) {
  tx.exec(kImportLock);
  ImportReport report;
  std::vector<int> task_ids;
  std::vector<std::string> names;
  for (const auto& c : content) {
    names.push_back(c.name);
    count(report.curriculums, tx.exec(kUpsertCurriculum, c.name, c.title, c.description, c.position, opt(c.milestone)));
    for (const auto& t : c.tasks) {
      task_ids.push_back(t.id);
      const std::optional<std::string> key =
          t.source_repository ? std::optional(repository_key(*t.source_repository)) : std::nullopt;
      count(report.tasks, tx.exec(kUpsertTask, t.id, c.name, t.title, t.position, t.review_level,
                                  opt(t.source_repository), key, t.body));
    }
  }
  const auto ids = pg_array(task_ids);
  const auto gone = tx.exec(kGoneTasks, ids);
  if (!gone.empty() && gone[0][2].as<bool>())
    throw Error(errc::conflict, msg::curriculum_task_has_submissions(gone[0][0].as<std::string>(), gone[0][1].as<std::string>()));
  report.tasks.deleted = static_cast<int>(tx.exec(kDeleteTasks, ids).affected_rows());
  report.curriculums.deleted = static_cast<int>(tx.exec(kDeleteCurriculums, pg_array(names)).affected_rows());
  return report;
}

}  // namespace camp::curriculum::repo
