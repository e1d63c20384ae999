#pragma once
// Curriculum use cases: reading curriculums and tasks with the caller's progress, and the
// import of the content directory (one transaction: all or nothing).
#include <map>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "curriculum/content.hpp"
#include "curriculum/curriculum_cache.hpp"
#include "curriculum/model.hpp"
#include "db/pool.hpp"

namespace camp::curriculum {

class CurriculumService {
 public:
  // cache: the daemon's (fed by its listener); null reads the database every time (CLI, tests).
  explicit CurriculumService(db::Pool& pool, CurriculumCache* cache = nullptr) : pool_(pool), cache_(cache) {}

  // Every curriculum with its tasks; statuses are the caller's (students) or not_started.
  std::vector<Curriculum> list(const accounts::Account& actor);
  // One curriculum with task bodies and can_submit; unknown name: not_found.
  Curriculum get(const accounts::Account& actor, const std::string& name);

  // Imports parsed content; problems in it: invalid, naming FILE:LINE, nothing written.
  ImportReport import_content(const Content& content);
  ImportReport import_directory(const std::string& dir) { return import_content(read_content(dir)); }

 private:
  CurriculumCache::Curriculums tree();
  CurriculumCache::Curriculums one(const std::string& name);
  std::map<int, std::string> statuses_of(const accounts::Account& actor);

  db::Pool& pool_;
  CurriculumCache* cache_;
};

// Graduates are the one role without curriculums.
void require_curriculum_access(const accounts::Account& actor);

}  // namespace camp::curriculum
