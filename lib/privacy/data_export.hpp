#pragma once
// "My data": every account may ask for a ZIP of everything the school holds about it (Japan's
// APPI disclosure right; docs/privacy.md "My data export"). Use cases, each one transaction:
//   - request: a pending row, at most one per account per limits::data_export_interval_hours_min
//     (429 with Retry-After), audited;
//   - list: the account's own requests with status and expiry;
//   - download: the owner's ready ZIP until its expiry (another's id: 404), audited;
//   - build_next: a daemon's worker builds the oldest pending ZIP (FOR UPDATE SKIP LOCKED, so
//     each is built once however many daemons run), stores it in PostgreSQL, marks it ready
//     for limits::data_export_keep_days_max and records data_export.ready (the notification and
//     the mail: notifications/rules.cpp);
//   - purge_expired: the bytes of expired exports deleted;
//   - export_now: the CLI's synchronous ZIP for an operator answering a request by post.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "privacy/data_export_repo.hpp"
#include "questionnaires/service.hpp"

namespace camp::privacy {

using DataExport = data_export_repo::Row;
nlohmann::json to_json(const DataExport& e);

struct Download {
  std::string file_name;  // camp-data-<account id>-<YYYYMMDD>.zip
  std::string zip;
};

enum class Built { idle, built, failed };

inline constexpr int kMaxBuildAttempts = 3;
// The stream the workers listen for (db::kNotifyChannel): a request was made.
inline constexpr const char* kDataExportsStream = "data_exports";

class DataExportService {
 public:
  DataExportService(db::Pool& pool, const questionnaires::QuestionnaireService& questionnaires)
      : pool_(pool), questionnaires_(questionnaires) {}

  DataExport request(const accounts::Account& actor);
  std::vector<DataExport> list(const accounts::Account& actor);
  Download download(const accounts::Account& actor, std::int64_t id);

  // On `pool` (a worker's own connection, or the caller's pool in tests and the CLI).
  Built build_next(db::Pool& pool);
  int purge_expired(db::Pool& pool);

  // The operator's copy for `account_id` (the system actor only), audited as the CLI user.
  Download export_now(const accounts::Account& actor, std::int64_t account_id, const std::string& reason);

 private:
  std::string build_zip(db::Tx& tx, std::int64_t account_id) const;

  db::Pool& pool_;
  const questionnaires::QuestionnaireService& questionnaires_;
};

}  // namespace camp::privacy
