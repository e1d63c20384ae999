#include "curriculum/service.hpp"

#include <memory>

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

// The content from the cache, else from the database (kept when nothing changed meanwhile).
CurriculumCache::Curriculums CurriculumService::tree() {
  if (cache_)
    if (auto hit = cache_->tree()) return hit;
  const auto epoch = cache_ ? cache_->epoch() : 0;
  auto read = std::make_shared<const std::vector<Curriculum>>(
      pool_.transaction([&](db::Tx& tx) { return repo::all(tx); }, db::Isolation::repeatable_read));
  if (cache_) cache_->put_tree(read, epoch);
  return read;
}

CurriculumCache::Curriculums CurriculumService::one(const std::string& name) {
  if (cache_)
    if (auto hit = cache_->one(name)) return hit;
  const auto epoch = cache_ ? cache_->epoch() : 0;
  auto found = pool_.transaction([&](db::Tx& tx) { return repo::find(tx, name); }, db::Isolation::repeatable_read);
  if (!found) return nullptr;
  auto read = std::make_shared<const std::vector<Curriculum>>(std::vector<Curriculum>{std::move(*found)});
  if (cache_) cache_->put_one(name, read, epoch);
  return read;
}

// A student's own statuses (one statement); everyone else sees not_started.
std::map<int, std::string> CurriculumService::statuses_of(const accounts::Account& actor) {
  if (actor.role != accounts::Role::student) return {};
  return pool_.autocommit([&](db::Tx& tx) { return repo::latest_statuses(tx, actor.id); });
}

std::vector<Curriculum> CurriculumService::list(const accounts::Account& actor) {
  require_curriculum_access(actor);
  auto all = *tree();
  const auto latest = statuses_of(actor);
  for (auto& c : all) apply_statuses(actor, c, latest);
  return all;
}

Curriculum CurriculumService::get(const accounts::Account& actor, const std::string& name) {
  require_curriculum_access(actor);
  const auto found = one(name);
  if (!found) throw Error(errc::not_found, std::string(msg::not_found));
  auto c = found->front();
  apply_statuses(actor, c, statuses_of(actor));
  return c;
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
