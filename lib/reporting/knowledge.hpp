#pragma once
// The school's own texts the AI chat may quote (docs/ai-chat.md "Sources"): questions whose
// solution a mentor or an admin vouches for, and curriculum tasks, found by search patterns:
// PostgreSQL regular expressions matched case-blind (~*), built by the AI chat's retriever.
#include <cstdint>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::reporting {

struct KnowledgeHit {
  std::int64_t id = 0;          // the question's or the task's
  std::string title;
  std::string body;             // the vouched answer's, or the task's
  std::string curriculum_name;  // tasks only
  int in_title = 0;             // patterns found in the title
  int matched = 0;              // patterns found anywhere
};

// Resolved questions whose solving answer was written by a mentor or an admin, or chosen by one
// of them and not edited since; best matches first.
std::vector<KnowledgeHit> vouched_solutions(db::Tx& tx, const std::vector<std::string>& patterns, int limit);
// Curriculum tasks; best matches first.
std::vector<KnowledgeHit> matching_tasks(db::Tx& tx, const std::vector<std::string>& patterns, int limit);

}  // namespace camp::reporting
