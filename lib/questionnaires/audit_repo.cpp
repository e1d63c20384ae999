#include "questionnaires/audit_repo.hpp"

namespace camp::questionnaires::audit_repo {
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

void insert_entry(db::Tx& tx, const audit::Actor& actor, const std::string& action, const std::string& subject,
                  const std::string& reason, const nlohmann::json& detail) {
  tx.exec(kInsert, actor.account_id, actor.name, action, subject, reason, detail.dump());
}

audit::Page list_entries(db::Tx& tx, int limit, std::int64_t offset) {
  audit::Page out;
  for (const auto& r : tx.exec(kList, limit, offset)) {
    audit::Entry e;
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
  return out;
}

std::int64_t count_entries(db::Tx& tx) { return tx.exec(kCount)[0][0].as<std::int64_t>(); }

}  // namespace camp::questionnaires::audit_repo
