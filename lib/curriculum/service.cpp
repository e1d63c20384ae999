#include "curriculum/service.hpp"

#include "core/error.hpp"
#include "core/messages.hpp"
#include "curriculum/repo.hpp"

namespace camp::curriculum {
namespace {

// Fills in the caller's statuses (students only; everyone else sees not_started).
void apply_statuses(const accounts::Account& actor, Curriculum& c, const std::map<int, std::string>& latest) {
  for (auto& t : c.tasks) {
    const auto it = latest.find(t.id);
    t.status = task_status(it == latest.end() ? std::nullopt : std::optional(it->second));
    t.can_submit = may_submit(actor.role, t.status);
  }
}

}  // namespace

void require_curriculum_access(const accounts::Account& actor) {
  if (actor.role == accounts::Role::graduate) throw Error(errc::forbidden, std::string(msg::forbidden));
}

std::vector<Curriculum> CurriculumService::list(const accounts::Account& actor) {
  require_curriculum_access(actor);
  return pool_.transaction(
      [&](db::Tx& tx) {
        auto all = repo::all(tx);
        const auto latest = actor.role == accounts::Role::student ? repo::latest_statuses(tx, actor.id)
                                                                  : std::map<int, std::string>{};
        for (auto& c : all) apply_statuses(actor, c, latest);
        return all;
      },
      db::Isolation::repeatable_read);
}

Curriculum CurriculumService::get(const accounts::Account& actor, const std::string& name) {
  require_curriculum_access(actor);
  return pool_.transaction(
      [&](db::Tx& tx) {
        auto c = repo::find(tx, name);
        if (!c) throw Error(errc::not_found, std::string(msg::not_found));
        const auto latest = actor.role == accounts::Role::student ? repo::latest_statuses(tx, actor.id)
                                                                  : std::map<int, std::string>{};
        apply_statuses(actor, *c, latest);
        return std::move(*c);
      },
      db::Isolation::repeatable_read);
}

ImportReport CurriculumService::import_content(const Content& content) {
  if (!content.problems.empty()) {
    std::string text = msg::curriculum_import_failed(std::to_string(content.problems.size()));
    for (std::size_t i = 0; i < content.problems.size(); ++i) text += (i ? "; " : ": ") + content.problems[i];
    throw Error(errc::invalid, text);
  }
  return pool_.transaction([&](db::Tx& tx) { return repo::import(tx, content.curriculums); });
}

}  // namespace camp::curriculum
