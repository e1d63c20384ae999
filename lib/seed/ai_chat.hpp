#pragma once
#include "db/pool.hpp"

namespace camp::seed {

// Two AI chat conversations of the demo student (student@example.com), answered the offline
// way (the closest resolved questions and curriculum passages, quoted with links), so the demo
// shows the chat's history. A demo student with any conversation is left alone: running it
// again adds nothing. Returns how many conversations it wrote.
int seed_demo_ai_chats(db::Pool& pool);

}  // namespace camp::seed
