#include "privacy/data_export.hpp"

#include <spdlog/spdlog.h>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "notifications/events.hpp"
#include "privacy/data_export_zip.hpp"
#include "questionnaires/audit.hpp"

namespace camp::privacy {
namespace {

namespace repo = data_export_repo;
using accounts::Account;
using nlohmann::ordered_json;

constexpr int kListed = 20;          // the settings show the latest requests
constexpr int kPurgeBatch = 100;     // per worker round

[[noreturn]] void not_found() { throw Error(errc::not_found, std::string(msg::not_found)); }

// The audit row names the account by id only: no e-mail, no name (docs/privacy.md).
questionnaires::audit::Actor audit_actor(const Account& a) {
  if (a.is_system()) return questionnaires::audit::cli_actor();
  return {a.id, "account:" + std::to_string(a.id)};
}
std::string subject_of(std::int64_t account_id) { return "account:" + std::to_string(account_id); }

std::string cell(const ordered_json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

// One CSV row per object of `rows`, the columns named in `columns` (the JSON keys).
std::string csv_of(const ordered_json& rows, const std::vector<std::string>& columns) {
  std::string out;
  std::vector<std::string_view> header(columns.begin(), columns.end());
  csv::append_row(out, header);
  for (const auto& row : rows) {
    std::vector<std::string> cells;
    for (const auto& c : columns) cells.push_back(row.contains(c) ? cell(row[c]) : "");
    csv::append_row(out, std::vector<std::string_view>(cells.begin(), cells.end()));
  }
  return out;
}

// Submissions flattened: one row per submission, its review (at most one) beside it.
ordered_json submission_rows(const ordered_json& submissions) {
  auto rows = ordered_json::array();
  for (const auto& s : submissions) {
    auto row = s;
    row.erase("reviews");
    const auto& reviews = s["reviews"];
    const auto review = reviews.empty() ? ordered_json::object() : reviews.back();
    row["review_status"] = review.value("status", "");
    row["reviewer"] = review.value("reviewer", "");
    row["review_comment"] = review.value("comment", "");
    rows.push_back(row);
  }
  return rows;
}

std::string pretty(const ordered_json& j) { return j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n"; }

// "2026-12-04T13:00:00+09:00" -> "2026-12-04 13:00" (school time, as the notification says it).
std::string short_time(const std::string& iso) { return iso.size() >= 16 ? iso.substr(0, 10) + " " + iso.substr(11, 5) : iso; }

}  // namespace

nlohmann::json to_json(const DataExport& e) {
  auto opt = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  return {{"id", e.id},
          {"status", e.status},
          {"requested_at", e.requested_at},
          {"ready_at", opt(e.ready_at)},
          {"expires_at", opt(e.expires_at)},
          {"size_bytes", opt(e.size_bytes)}};
}

std::string DataExportService::build_zip(db::Tx& tx, std::int64_t account_id) const {
  auto account = repo::account(tx, account_id);
  if (account.is_null()) not_found();
  const auto submissions = repo::submissions(tx, account_id);
  const auto events = repo::events(tx, account_id);
  const auto sessions = repo::sessions(tx, account_id);
  auto questionnaire_answers = ordered_json::array();
  for (const auto& a : questionnaires_.answers_of(tx, account_id))
    questionnaire_answers.push_back(ordered_json{{"kind", a.kind}, {"submitted_at", a.submitted_at},
                                                 {"answer", ordered_json::parse(a.answer.dump())}});
  const ordered_json profile{{"account", account}, {"student_record", repo::student_record(tx, account_id)}};
  const auto created_at = repo::school_now(tx);
  return zip_files({
      {"README.txt", std::string(msg::data_export_readme(created_at))},
      {"profile.json", pretty(profile)},
      {"submissions.json", pretty(submissions)},
      {"submissions.csv", csv_of(submission_rows(submissions),
                                 {"id", "task_id", "task", "curriculum", "repository_url", "status", "submitted_at",
                                  "reviewed_at", "review_status", "reviewer", "review_comment"})},
      {"questions.json", pretty(repo::questions(tx, account_id))},
      {"answers.json", pretty(repo::answers(tx, account_id))},
      {"events.csv", csv_of(events, {"event_id", "title", "starts_at", "ends_at", "event_status", "participation",
                                     "joined_at"})},
      {"notifications.json", pretty(repo::notifications(tx, account_id))},
      {"questionnaire_answers.json", pretty(questionnaire_answers)},
      {"sessions.csv", csv_of(sessions, {"created_at", "expires_at", "revoked_at", "client_address", "user_agent"})},
  });
}

DataExport DataExportService::request(const Account& actor) {
  if (actor.is_system()) throw Error(errc::forbidden, std::string(msg::forbidden));
  return pool_.transaction([&](db::Tx& tx) {
    repo::lock_account(tx, actor.id);
    const auto interval = static_cast<std::int64_t>(limits::data_export_interval_hours_min) * 3600;
    if (const auto since = repo::seconds_since_last_request(tx, actor.id); since && *since < interval)
      throw Error(errc::too_many_requests,
                  std::string(msg::data_export_rate_limited(std::to_string(limits::data_export_interval_hours_min))))
          .with_retry_after(static_cast<int>(interval - *since));
    auto row = repo::insert(tx, actor.id);
    questionnaires::audit::record(tx, audit_actor(actor), "data_export.requested", subject_of(actor.id), "",
                                  {{"export_id", row.id}});
    return row;
  });
}

std::vector<DataExport> DataExportService::list(const Account& actor) {
  return pool_.autocommit([&](db::Tx& tx) { return repo::list(tx, actor.id, kListed); });
}

Download DataExportService::download(const Account& actor, std::int64_t id) {
  auto zip = pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::find(tx, id, actor.id);
    if (!row) not_found();  // another account's id too: never told apart
    if (row->status == "pending") throw Error(errc::conflict, std::string(msg::data_export_not_ready));
    auto bytes = repo::zip_of(tx, id, actor.id);
    if (bytes)
      questionnaires::audit::record(tx, audit_actor(actor), "data_export.downloaded", subject_of(actor.id), "",
                                    {{"export_id", id}});
    else
      repo::expire(tx, id);  // past its expiry: the bytes go now, not at the worker's next round
    return bytes;
  });
  // Expired (purged or not yet), or given up on: the same answer, after the commit.
  if (!zip) throw Error(errc::not_found, std::string(msg::data_export_expired));
  return {"camp-data-" + std::to_string(actor.id) + "-" + questionnaires_.file_date() + ".zip", std::move(*zip)};
}

Built DataExportService::build_next(db::Pool& pool) {
  std::optional<std::int64_t> claimed;
  try {
    const bool built = pool.transaction([&](db::Tx& tx) {
      const auto row = repo::claim_pending(tx);
      if (!row) return false;
      claimed = row->id;
      const auto ready = repo::mark_ready(tx, row->id, build_zip(tx, row->account_id), limits::data_export_keep_days_max);
      notifications::record_event(tx, notifications::kDataExportReady, std::nullopt,
                                  {{"account_id", row->account_id},
                                   {"export_id", row->id},
                                   {"expires", short_time(ready.expires_at.value_or(""))}});
      return true;
    });
    return built ? Built::built : Built::idle;
  } catch (const std::exception& e) {
    if (!claimed) throw;
    const auto* error = dynamic_cast<const Error*>(&e);  // its log-only detail says what failed
    spdlog::warn("data export {}: build failed: {}{}", *claimed, e.what(),
                 error && !error->detail().empty() ? " (" + error->detail() + ")" : std::string());
    pool.transaction([&](db::Tx& tx) { repo::mark_failed(tx, *claimed, kMaxBuildAttempts); });
    return Built::failed;
  }
}

int DataExportService::purge_expired(db::Pool& pool) {
  return pool.transaction([&](db::Tx& tx) { return repo::purge_expired(tx, kPurgeBatch); });
}

Download DataExportService::export_now(const Account& actor, std::int64_t account_id, const std::string& reason) {
  if (!actor.is_system()) not_found();
  const auto why = questionnaires::checked_reason(reason);
  auto zip = pool_.transaction([&](db::Tx& tx) {
    auto bytes = build_zip(tx, account_id);
    questionnaires::audit::record(tx, audit_actor(actor), "data_export.exported", subject_of(account_id), why);
    return bytes;
  });
  return {"camp-data-" + std::to_string(account_id) + "-" + questionnaires_.file_date() + ".zip", std::move(zip)};
}

}  // namespace camp::privacy
