#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"

namespace camp::curriculum {

struct Task {
  int id = 0;
  std::string curriculum_name;
  std::string title;
  int position = 0;
  std::string review_level;  // basic | advanced
  std::optional<std::string> source_repository;
  std::string body;                    // only read for one curriculum's page
  std::string status = "not_started";  // the caller's: not_started | submitted | changes_requested | approved
  bool can_submit = false;             // the caller may submit now
};

struct Curriculum {
  std::string name;
  std::string title;
  std::string description;
  int position = 0;
  std::optional<std::string> milestone;
  std::vector<Task> tasks;  // by position
  int approved() const;
};

struct ImportCounts {
  int created = 0, updated = 0, deleted = 0, unchanged = 0;
};
struct ImportReport {
  ImportCounts curriculums, tasks;
};

// A task's status for a student, from the status of their latest submission (none: not_started).
std::string task_status(const std::optional<std::string>& latest_submission_status);
// The submit rule: students only (trial and everyone else may not), and only when the task has
// no submission yet or the latest one needs changes.
bool may_submit(accounts::Role role, const std::string& task_status);
// Basic mentors review basic tasks only; admins and advanced mentors review everything.
bool may_review(accounts::Role role, const std::string& review_level);

nlohmann::json to_json(const Curriculum& c, bool with_bodies);
nlohmann::json to_json(const ImportReport& r);

}  // namespace camp::curriculum
