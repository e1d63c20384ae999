#include "ai_chat/repo.hpp"

namespace camp::ai_chat::repo {
namespace {

#define CAMP_CONVERSATION_COLUMNS \
  "id, account_id, title, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), " \
  "to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') "

constexpr db::Statement kLockTurns{"ai_chat.lock_turns",
                                   "SELECT pg_advisory_xact_lock(hashtextextended('ai_chat:' || $1::text, 0))"};
constexpr db::Statement kFindConversation{"ai_chat.find_conversation",
                                          "SELECT " CAMP_CONVERSATION_COLUMNS "FROM ai_conversations WHERE id = $1"};
constexpr db::Statement kLockConversation{"ai_chat.lock_conversation",
                                          "SELECT account_id FROM ai_conversations WHERE id = $1 FOR NO KEY UPDATE"};
constexpr db::Statement kInsertConversation{
    "ai_chat.insert_conversation", "INSERT INTO ai_conversations (account_id, title) VALUES ($1, $2) RETURNING id"};
constexpr db::Statement kTouchConversation{"ai_chat.touch_conversation",
                                           "UPDATE ai_conversations SET updated_at = now() WHERE id = $1"};
constexpr db::Statement kUserTurns{
    "ai_chat.user_turns",
    "SELECT count(*) FROM ai_messages WHERE account_id = $1 AND role = 'user' AND created_at > now() - interval '1 hour'"};
constexpr db::Statement kTokensToday{
    "ai_chat.tokens_today",
    "SELECT coalesce(sum(tokens), 0) FROM ai_messages WHERE account_id = $1 "
    "AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Tokyo') AT TIME ZONE 'Asia/Tokyo')"};
constexpr db::Statement kInsertMessage{
    "ai_chat.insert_message",
    "INSERT INTO ai_messages (conversation_id, account_id, role, body, sources, status, tokens) "
    "VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id"};
constexpr db::Statement kHistory{
    "ai_chat.history",
    "SELECT role, body FROM (SELECT id, role, body FROM ai_messages WHERE conversation_id = $1 AND status = 'done' "
    "ORDER BY id DESC LIMIT $2) m ORDER BY id"};
constexpr db::Statement kMessages{
    "ai_chat.messages",
    "SELECT id, role, body, sources::text, status, "
    "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') "
    "FROM ai_messages WHERE conversation_id = $1 ORDER BY id"};
constexpr db::Statement kConversations{
    "ai_chat.conversations",
    "SELECT " CAMP_CONVERSATION_COLUMNS ", count(*) OVER () FROM ai_conversations WHERE account_id = $1 "
    "ORDER BY updated_at DESC, id DESC LIMIT $2 OFFSET $3"};
constexpr db::Statement kCountConversations{"ai_chat.count_conversations",
                                            "SELECT count(*) FROM ai_conversations WHERE account_id = $1"};

Conversation read_conversation(const pqxx::row& r) {
  return {r[0].as<std::int64_t>(), r[1].as<std::int64_t>(), r[2].as<std::string>(), r[3].as<std::string>(),
          r[4].as<std::string>()};
}

}  // namespace

void lock_account_turns(db::Tx& tx, std::int64_t account_id) { tx.exec(kLockTurns, account_id); }

std::optional<Conversation> find_conversation(db::Tx& tx, std::int64_t id) {
  const auto r = tx.exec(kFindConversation, id);
  if (r.empty()) return std::nullopt;
  return read_conversation(r[0]);
}

std::optional<std::int64_t> lock_conversation(db::Tx& tx, std::int64_t id) {
  const auto r = tx.exec(kLockConversation, id);
  if (r.empty()) return std::nullopt;
  return r[0][0].as<std::int64_t>();
}

std::int64_t insert_conversation(db::Tx& tx, std::int64_t account_id, const std::string& title) {
  return tx.exec(kInsertConversation, account_id, title)[0][0].as<std::int64_t>();
}

void touch_conversation(db::Tx& tx, std::int64_t id) { tx.exec(kTouchConversation, id); }

int user_turns_last_hour(db::Tx& tx, std::int64_t account_id) { return tx.exec(kUserTurns, account_id)[0][0].as<int>(); }

long long tokens_today(db::Tx& tx, std::int64_t account_id) {
  return tx.exec(kTokensToday, account_id)[0][0].as<long long>();
}

std::int64_t insert_message(db::Tx& tx, std::int64_t conversation_id, std::int64_t account_id, const std::string& role,
                            const std::string& body, const std::vector<Source>& sources, const std::string& status,
                            int tokens) {
  return tx.exec(kInsertMessage, conversation_id, account_id, role, body, sources_json(sources).dump(), status, tokens)[0][0]
      .as<std::int64_t>();
}

std::vector<std::pair<std::string, std::string>> history(db::Tx& tx, std::int64_t conversation_id, int limit) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& r : tx.exec(kHistory, conversation_id, limit))
    out.emplace_back(r[0].as<std::string>(), r[1].as<std::string>());
  return out;
}

std::vector<Message> messages(db::Tx& tx, std::int64_t conversation_id) {
  std::vector<Message> out;
  for (const auto& r : tx.exec(kMessages, conversation_id)) {
    Message m{r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>(), {}, r[4].as<std::string>(),
              r[5].as<std::string>()};
    for (const auto& s : nlohmann::json::parse(r[3].as<std::string>()))
      m.sources.push_back({s.value("title", ""), s.value("url", ""), s.value("kind", "")});
    out.push_back(std::move(m));
  }
  return out;
}

ConversationList conversations(db::Tx& tx, std::int64_t account_id, int per, int offset) {
  ConversationList out;
  const auto rows = tx.exec(kConversations, account_id, per, offset);
  for (const auto& r : rows) out.items.push_back(read_conversation(r));
  out.total = rows.empty() ? tx.exec(kCountConversations, account_id)[0][0].as<std::int64_t>() : rows[0][5].as<std::int64_t>();
  return out;
}

}  // namespace camp::ai_chat::repo
