#include "notifications/events.hpp"

namespace camp::notifications {
namespace {

// One wake-up per transaction: PostgreSQL folds identical notifications of a transaction.
constexpr db::Statement kRecord{
    "notifications.record_event",
    "WITH e AS (INSERT INTO domain_events (type, actor_id, payload) VALUES ($1, $2, $3::jsonb) RETURNING id) "
    "SELECT e.id, pg_notify('camp_cable', '{\"stream\":\"domain_events\",\"message\":{}}') FROM e"};

}  // namespace

void record_event(db::Tx& tx, std::string_view type, std::optional<std::int64_t> actor_id,
                  const nlohmann::json& payload) {
  // Invalid UTF-8 in a payload (a title stored before it was checked) becomes U+FFFD, never a
  // failed change.
  tx.exec(kRecord, std::string(type), actor_id, payload.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace camp::notifications
