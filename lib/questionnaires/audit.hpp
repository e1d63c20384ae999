#pragma once
// The audit log of personal data (table audit_log): every read of an answer by an admin,
// every export and every key rotation writes one row — who, what, when, why — in the
// transaction that reads the data, so there is no read without its row. Listed by
// `camp audit list` and GET /api/v1/audit_logs (admins). Answers themselves never go in it.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"

namespace camp::questionnaires::audit {

struct Actor {
  std::optional<std::int64_t> account_id;  // an admin through the API; none at the CLI
  std::string name;                        // the admin's e-mail, or "cli:<unix user>"
};

struct Entry {
  std::int64_t id = 0;
  std::optional<std::int64_t> actor_id;
  std::string actor, action, subject, reason, created_at;
  nlohmann::json detail;
};

void record(db::Tx& tx, const Actor& actor, const std::string& action, const std::string& subject,
            const std::string& reason, const nlohmann::json& detail = nlohmann::json::object());

struct Page {
  std::vector<Entry> items;
  std::int64_t total = 0;
};
Page list(db::Tx& tx, int page, int per);

nlohmann::json to_json(const Entry& e);

// "cli:<login>" for an operator at the terminal ($SUDO_USER, $USER, else the uid).
Actor cli_actor();
// Who an account is in the log: the admin by id and e-mail; the system actor as cli_actor().
Actor actor_of(const accounts::Account& account);

}  // namespace camp::questionnaires::audit
