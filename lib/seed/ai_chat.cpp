#include "seed/ai_chat.hpp"

#include "accounts/service.hpp"
#include "ai_chat/prompt.hpp"
#include "ai_chat/service.hpp"
#include "core/error.hpp"

namespace camp::seed {

int seed_demo_ai_chats(db::Pool& pool) {
  accounts::AccountService accounts(pool);
  accounts::Account student;
  try {
    student = accounts.find_by_email("student@example.com");
  } catch (const Error&) {
    return 0;  // no demo accounts
  }
  const AiChatConfig config;  // the defaults: offline, no budget to spend
  ai_chat::AiChatService chats(pool, config);
  if (chats.list(student, std::nullopt, 1, 1).total > 0) return 0;
  const char* inputs[] = {"rails db:migrate で PG::UndefinedTable のエラーが出て、マイグレーションが進みません",
                          "Flexbox でカードを横並びにするにはどうすればいいですか？"};
  int written = 0;
  for (const char* input : inputs) {
    const auto turn = chats.begin(student, std::nullopt, input, false);
    chats.finish(turn, ai_chat::offline_answer(turn), ai_chat::sources_of(turn), "done", 0);
    ++written;
  }
  return written;
}

}  // namespace camp::seed
