#pragma once
// The only SQL of the questionnaires (tables questionnaire_answers, questionnaire_reminders).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"
#include "questionnaires/keyring.hpp"

namespace camp::questionnaires::repo {

struct StoredAnswer {
  std::int64_t id = 0;
  std::int64_t account_id = 0;
  std::string kind, submitted_at;  // ISO 8601, +09:00
  Sealed sealed;
  std::string display_name;        // the account's
  std::string email;               // filled by the export's pages
  std::string key_at;              // the exact submitted_at (microseconds): the next page's key
};

// false when the account already answered this kind (nothing written).
bool insert_answer(db::Tx& tx, std::int64_t account_id, const std::string& kind, const Sealed& sealed,
                   std::string& submitted_at);
std::optional<StoredAnswer> find_answer(db::Tx& tx, std::int64_t account_id, const std::string& kind);
bool account_exists(db::Tx& tx, std::int64_t account_id);

// Exports: the answers of a kind submitted in [from, to] (school dates, either may be absent),
// in submission order, `per` at a time after the (submitted_at, id) key of the last row seen.
struct Period {
  std::optional<std::string> from, to;  // YYYY-MM-DD
};
std::int64_t count_answers(db::Tx& tx, const std::string& kind, const Period& period);
std::vector<StoredAnswer> answers_after(db::Tx& tx, const std::string& kind, const Period& period,
                                        const std::optional<std::pair<std::string, std::int64_t>>& after, int per);

// Key rotation: up to `per` answers not sealed with key `current`, locked; then their new seal.
std::vector<StoredAnswer> lock_stale(db::Tx& tx, int current, int per);
void reseal(db::Tx& tx, std::int64_t id, const Sealed& sealed);

struct StatusRow {
  std::int64_t account_id = 0;
  std::string display_name, email, role, course, kind, state;
  std::optional<std::string> due_on, submitted_at, reminded_at;
};
struct StatusQuery {
  std::optional<std::string> kind;
  std::string state = "owed";  // owed | answered | all
  std::string q;               // part of a nickname, a student record's name or an e-mail
  std::optional<std::int64_t> account_id;
  std::string today;           // YYYY-MM-DD, the school's
  int limit = 20, offset = 0;
};
std::vector<StatusRow> status(db::Tx& tx, const StatusQuery& query, std::int64_t& total);

// Every (account id, kind) owed on `today` (YYYY-MM-DD), at most `limit`.
std::vector<std::pair<std::int64_t, std::string>> owed(db::Tx& tx, const std::string& today, int limit);

// Marks the accounts reminded of `kind` now, except those reminded within 24 hours: the ids
// actually marked (the caller mails exactly these).
std::vector<std::int64_t> mark_reminded(db::Tx& tx, const std::string& kind, const std::vector<std::int64_t>& account_ids);

// Demo data only (lib/seed/questionnaires.cpp): an answer dated `days` earlier, so a demo
// history can hold a job change long enough ago for the follow-up to be due.
void backdate(db::Tx& tx, std::int64_t account_id, const std::string& kind, int days);

}  // namespace camp::questionnaires::repo
