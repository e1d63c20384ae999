#include "ai_chat/service.hpp"

#include "ai_chat/repo.hpp"
#include "ai_chat/retriever.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"
#include "core/validation.hpp"

namespace camp::ai_chat {
namespace {

constexpr int kHistoryMessages = 10;
constexpr std::size_t kTitleChars = 40;

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }

std::string title_of(const std::string& input) {
  std::string flat;
  for (char ch : input) flat += ch == '\n' || ch == '\r' || ch == '\t' ? ' ' : ch;
  return text::trim(text::take_chars(flat, kTitleChars));
}

}  // namespace

void require_ai_chat(const accounts::Account& actor) {
  if (actor.role == accounts::Role::graduate) throw Error(errc::forbidden, std::string(msg::forbidden));
}

void AiChatService::check_conversation(const accounts::Account& actor, std::optional<std::int64_t> id) {
  require_ai_chat(actor);
  if (!id) return;
  const auto c = pool_.autocommit([&](db::Tx& tx) { return repo::find_conversation(tx, *id); });
  if (!c) throw not_found();
  if (c->account_id != actor.id) throw Error(errc::forbidden, std::string(msg::forbidden));
}

Turn AiChatService::begin(const accounts::Account& actor, std::optional<std::int64_t> id, const std::string& input,
                          bool metered) {
  require_ai_chat(actor);
  Turn turn;
  turn.account_id = actor.id;
  turn.input = text::trim(input);
  if (turn.input.empty() || !text::valid_utf8(turn.input))
    throw Error(errc::invalid, std::string(msg::ai_chat_input_required));
  if (validate::char_count(turn.input) > static_cast<std::size_t>(config_.max_input_chars))
    throw Error(errc::invalid, msg::ai_chat_input_too_long(std::to_string(config_.max_input_chars)));
  pool_.transaction([&](db::Tx& tx) {
    repo::lock_account_turns(tx, actor.id);
    if (id) {
      const auto owner = repo::lock_conversation(tx, *id);
      if (!owner) throw not_found();
      if (*owner != actor.id) throw Error(errc::forbidden, std::string(msg::forbidden));
    }
    if (repo::user_turns_last_hour(tx, actor.id) >= config_.messages_per_hour)
      throw Error(errc::too_many_requests, std::string(msg::ai_chat_rate_limited)).with_retry_after(3600);
    if (metered && repo::tokens_today(tx, actor.id) >= config_.daily_tokens_per_account)
      throw Error(errc::too_many_requests, std::string(msg::ai_chat_budget_exhausted));
    if (id) {
      turn.conversation_id = *id;
      turn.history = repo::history(tx, *id, kHistoryMessages);
      repo::touch_conversation(tx, *id);
    } else {
      turn.conversation_id = repo::insert_conversation(tx, actor.id, title_of(turn.input));
    }
    repo::insert_message(tx, turn.conversation_id, actor.id, "user", turn.input, {}, "done", 0);
  });
  turn.passages = pool_.autocommit([&](db::Tx& tx) { return retrieve(tx, turn.input, config_.sources); });
  return turn;
}

void AiChatService::finish(const Turn& turn, const std::string& body, const std::vector<Source>& sources,
                           const std::string& status, int tokens) {
  const auto stored = std::string(text::utf8_prefix(body, 100000));  // the column's bound, in bytes (fewer chars)
  pool_.transaction([&](db::Tx& tx) {
    repo::insert_message(tx, turn.conversation_id, turn.account_id, "assistant", stored, sources, status,
                         std::max(tokens, 0));
    repo::touch_conversation(tx, turn.conversation_id);
  });
}

ConversationPage AiChatService::list(const accounts::Account& actor, std::optional<std::int64_t> account_id, int page,
                                     int per) {
  require_ai_chat(actor);
  FieldErrors errors;
  if (page < 1) errors["page"].push_back(std::string(msg::page_min));
  if (per < 1 || per > limits::page_size_max)
    errors["per"].push_back(msg::integer_range("1", std::to_string(limits::page_size_max)));
  throw_if_invalid(errors);
  const auto whose = account_id.value_or(actor.id);
  if (whose != actor.id && actor.role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  auto result = pool_.autocommit([&](db::Tx& tx) { return repo::conversations(tx, whose, per, (page - 1) * per); });
  return {std::move(result.items), result.total, page, per};
}

ConversationDetail AiChatService::get(const accounts::Account& actor, std::int64_t id) {
  require_ai_chat(actor);
  return pool_.transaction([&](db::Tx& tx) {
    auto c = repo::find_conversation(tx, id);
    if (!c) throw not_found();
    // Someone else's conversation: admins read it for support; anyone else learns nothing.
    if (c->account_id != actor.id && actor.role != accounts::Role::admin) throw not_found();
    return ConversationDetail{std::move(*c), repo::messages(tx, id)};
  });
}

}  // namespace camp::ai_chat
