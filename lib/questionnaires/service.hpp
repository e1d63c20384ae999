#pragma once
// Subsidy questionnaire use cases (docs/questionnaires.md). Who may do what is
// decided here:
//   - students and graduates answer their own questionnaires (validate, submit, read their
//     own answer); a second submission of a kind is a conflict;
//   - admins see who owes what, queue reminders, read one answer (with a reason) and export;
//     every read and export writes an audit row first;
//   - everyone else (mentors, trial accounts, and students on admin use cases) gets not_found.
// Each use case is one transaction.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "questionnaires/audit.hpp"
#include "questionnaires/definition.hpp"
#include "questionnaires/export.hpp"
#include "questionnaires/keyring.hpp"
#include "questionnaires/repo.hpp"
#include "questionnaires/validator.hpp"

namespace camp::questionnaires {

struct Answer {
  std::string kind;
  std::int64_t account_id = 0;
  std::string display_name;  // whose answer
  std::string submitted_at;
  nlohmann::json answer;
};
nlohmann::json to_json(const Answer& a);

struct KindState {
  std::string kind, title, state;  // answered | owed | not_yet
  std::optional<std::string> submitted_at;
};

struct StatusPage {
  std::vector<repo::StatusRow> items;
  std::int64_t total = 0;
  int page = 1, per = 20;
};
nlohmann::json to_json(const repo::StatusRow& r);

// queued: the accounts reminded now (each told in the app, and by mail as it chose); skipped:
// those who do not owe the kind or were reminded within 24 hours.
struct RemindResult {
  int queued = 0, skipped = 0;
};

struct ExportRequest {
  std::string kind;
  repo::Period period;
  ExportFormat format = ExportFormat::csv;
  std::string reason;
};
// Called after each page: rows written so far, rows in all.
using Progress = std::function<void(std::int64_t done, std::int64_t total)>;

struct KeyRotation {
  int key_id = 0;             // the new current key
  std::int64_t resealed = 0;  // answers re-sealed with it
  std::int64_t others_resealed = 0;  // other secrets sealed with the same keys (two-factor login)
  std::string key_file;
};

class QuestionnaireService {
 public:
  QuestionnaireService(db::Pool& pool, Keyring& keys, const Clock& clock) : pool_(pool), keys_(keys), clock_(clock) {}

  const Definition& definition(const accounts::Account& actor, const std::string& kind) const;
  std::vector<KindState> overview(const accounts::Account& actor);
  // The confirm page's check: the normalized answer, nothing stored (409 when answered, 422
  // msg::questionnaire_not_due when the account does not owe the kind yet).
  Checked check(const accounts::Account& actor, const std::string& kind, const nlohmann::json& answer);
  // Stores the answer, once, only while the account owes the kind: the same 409 and 422.
  Answer submit(const accounts::Account& actor, const std::string& kind, const nlohmann::json& answer);
  Answer own_answer(const accounts::Account& actor, const std::string& kind);
  // Every answer of `account_id`, opened, in the caller's transaction: its personal-data export
  // (privacy/data_export.hpp), which decides who may ask and audits it.
  std::vector<Answer> answers_of(db::Tx& tx, std::int64_t account_id) const;

  // Admins (and the system actor: `camp questionnaires`, `camp audit`).
  Answer read_answer(const accounts::Account& actor, const std::string& kind, std::int64_t account_id,
                     const std::string& reason);
  StatusPage status(const accounts::Account& actor, repo::StatusQuery query, int page, int per);
  RemindResult remind(const accounts::Account& actor, const std::string& kind, std::optional<std::vector<std::int64_t>> ids);
  // Writes the file at `path`; the audit row is committed first. Rows exported. `progress` is
  // called after each page, on the export's writing thread.
  std::int64_t export_answers(const accounts::Account& actor, const ExportRequest& request, const std::string& path,
                              const Progress& progress = {});
  audit::Page audit_log(const accounts::Account& actor, int page, int per);
  // Today as YYYYMMDD (school time): export file names.
  std::string file_date() const;

  // Makes a new key current (appended to the key file), re-seals every answer with it, then
  // drops the old keys from the file. The old keys open what is not re-sealed yet, so daemons
  // keep working meanwhile, and re-running after an interruption finishes the job. Daemons
  // read the key file at start: restart them afterwards.
  KeyRotation rotate_key(const accounts::Account& actor, const Progress& progress = {});
  // What else the keyring seals, re-sealed by rotate_key before the old keys go: rows re-sealed.
  std::function<std::int64_t()> reseal_others;

 private:
  // Re-seals every answer with the keyring's current key, 500 per transaction: rows re-sealed.
  std::int64_t reseal_all(const audit::Actor& who, const Progress& progress);
  void require_admin(const accounts::Account& actor) const;
  void require_respondent(const accounts::Account& actor) const;
  void require_owed(db::Tx& tx, const accounts::Account& actor, const std::string& kind) const;
  std::string associated(const std::string& kind, std::int64_t account_id) const;
  nlohmann::json open(const repo::StoredAnswer& a) const;
  RemindResult remind_in(db::Tx& tx, const accounts::Account& actor, const std::string& kind,
                         std::optional<std::vector<std::int64_t>> ids);

  db::Pool& pool_;
  Keyring& keys_;
  const Clock& clock_;
};

// Who answers questionnaires: students and graduates (also who may be reminded of one).
bool is_respondent(const accounts::Account& actor);

// Checks a reason for reading or exporting personal data: required, at most 200 characters.
std::string checked_reason(const std::string& reason);
// YYYY-MM-DD or Error(invalid) naming `field`.
std::optional<std::string> checked_date(const std::optional<std::string>& value, const char* field);

}  // namespace camp::questionnaires
