#include "curriculum/model.hpp"

#include <algorithm>

namespace camp::curriculum {

using accounts::Role;

int Curriculum::approved() const {
  return static_cast<int>(std::count_if(tasks.begin(), tasks.end(), [](const Task& t) { return t.status == "approved"; }));
}

std::string task_status(const std::optional<std::string>& latest) {
  if (!latest) return "not_started";
  if (*latest == "waiting") return "submitted";
  return *latest;
}

bool may_submit(Role role, const std::string& status) {
  return role == Role::student && (status == "not_started" || status == "changes_requested");
}

bool may_review(Role role, const std::string& review_level) {
  switch (role) {
    case Role::admin:
    case Role::advanced_mentor:
    case Role::spot_advanced_mentor:
      return true;
    case Role::basic_mentor:
      return review_level == "basic";
    default:
      return false;
  }
}

nlohmann::json to_json(const Curriculum& c, bool with_bodies) {
  auto tasks = nlohmann::json::array();
  for (const auto& t : c.tasks) {
    nlohmann::json j{{"id", t.id}, {"title", t.title}, {"position", t.position}, {"review_level", t.review_level},
                     {"status", t.status}};
    if (with_bodies) {
      j["body"] = t.body;
      j["source_repository"] = t.source_repository ? nlohmann::json(*t.source_repository) : nlohmann::json(nullptr);
      j["can_submit"] = t.can_submit;
    }
    tasks.push_back(std::move(j));
  }
  return {{"name", c.name},
          {"title", c.title},
          {"description", c.description},
          {"position", c.position},
          {"progress", {{"total", c.tasks.size()}, {"approved", c.approved()}}},
          {"tasks", tasks}};
}

nlohmann::json to_json(const ImportReport& r) {
  auto counts = [](const ImportCounts& c) {
    return nlohmann::json{{"created", c.created}, {"updated", c.updated}, {"deleted", c.deleted}, {"unchanged", c.unchanged}};
  };
  return {{"curriculums", counts(r.curriculums)}, {"tasks", counts(r.tasks)}};
}

}  // namespace camp::curriculum
