#include "questionnaires/audit.hpp"

#include <unistd.h>

#include <cstdlib>

#include "questionnaires/audit_repo.hpp"

namespace camp::questionnaires::audit {

void record(db::Tx& tx, const Actor& actor, const std::string& action, const std::string& subject,
            const std::string& reason, const nlohmann::json& detail) {
  audit_repo::insert_entry(tx, actor, action, subject, reason, detail);
}

Page list(db::Tx& tx, int page, int per) {
  auto out = audit_repo::list_entries(tx, per, static_cast<std::int64_t>(page - 1) * per);
  if (out.items.empty()) out.total = audit_repo::count_entries(tx);
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
