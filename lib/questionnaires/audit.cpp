#include "questionnaires/audit.hpp"

#include <unistd.h>

#include <cstdlib>

namespace camp::questionnaires::audit {
namespace {

constexpr db::Statement kInsert{
    "audit.insert",
    "INSERT INTO audit_log (actor_id, actor, action, subject, reason, detail) VALUES ($1, $2, $3, $4, $5, $6::jsonb)"};
constexpr db::Statement kList{
    "audit.list",
    "SELECT id, actor_id, actor, action, subject, reason, detail::text, "
    "to_char(created_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD\"T\"HH24:MI:SS\"+09:00\"'), count(*) OVER () "
    "FROM audit_log ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2"};
constexpr db::Statement kCount{"audit.count", "SELECT count(*) FROM audit_log"};

}  // namespace

void record(db::Tx& tx, const Actor& actor, const std::string& action, const std::string& subject,
            const std::string& reason, const nlohmann::json& detail) {
  tx.exec(kInsert, actor.account_id, actor.name, action, subject, reason, detail.dump());
}

Page list(db::Tx& tx, int page, int per) {
  Page out;
  const auto rows = tx.exec(kList, per, static_cast<std::int64_t>(page - 1) * per);
  for (const auto& r : rows) {
    Entry e;
    e.id = r[0].as<std::int64_t>();
    if (!r[1].is_null()) e.actor_id = r[1].as<std::int64_t>();
    e.actor = r[2].as<std::string>();
    e.action = r[3].as<std::string>();
    e.subject = r[4].as<std::string>();
    e.reason = r[5].as<std::string>();
    e.detail = nlohmann::json::parse(r[6].as<std::string>());
    e.created_at = r[7].as<std::string>();
    out.total = r[8].as<std::int64_t>();
    out.items.push_back(std::move(e));
  }
  if (rows.empty()) out.total = tx.exec(kCount)[0][0].as<std::int64_t>();
  return out;
}

nlohmann::json to_json(const Entry& e) {
  return {{"id", e.id}, {"actor_id", e.actor_id ? nlohmann::json(*e.actor_id) : nlohmann::json(nullptr)},
          {"actor", e.actor}, {"actor_email", e.actor}, {"action", e.action}, {"subject", e.subject}, {"reason", e.reason},
          {"detail", e.detail}, {"created_at", e.created_at}};
}

Actor cli_actor() {
  const char* who = std::getenv("SUDO_USER");
  if (!who || !*who) who = std::getenv("USER");
  return {std::nullopt, "cli:" + std::string(who && *who ? who : "uid" + std::to_string(::getuid()))};
}

Actor actor_of(const accounts::Account& account) {
  if (account.is_system()) return cli_actor();
  return {account.id, account.email};
}

}  // namespace camp::questionnaires::audit
