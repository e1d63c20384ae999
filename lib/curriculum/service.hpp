#pragma once
// Curriculum use cases: reading curriculums and tasks with the caller's progress, and the
// import of the content directory (one transaction: all or nothing).
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "curriculum/content.hpp"
#include "curriculum/model.hpp"
#include "db/pool.hpp"

namespace camp::curriculum {

class CurriculumService {
 public:
  explicit CurriculumService(db::Pool& pool) : pool_(pool) {}

  // Every curriculum with its tasks; statuses are the caller's (students) or not_started.
  std::vector<Curriculum> list(const accounts::Account& actor);
  // One curriculum with task bodies and can_submit; unknown name: not_found.
  Curriculum get(const accounts::Account& actor, const std::string& name);

  // Imports parsed content; problems in it: invalid, naming FILE:LINE, nothing written.
  ImportReport import_content(const Content& content);
  ImportReport import_directory(const std::string& dir) { return import_content(read_content(dir)); }

 private:
  db::Pool& pool_;
};

// Graduates are the one role without curriculums.
void require_curriculum_access(const accounts::Account& actor);

}  // namespace camp::curriculum
