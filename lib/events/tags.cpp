// Event tags (admin authoring; everyone with the events area reads them).
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "events/repo.hpp"
#include "events/service.hpp"

namespace camp::events {
namespace {

void check_tag_name(const std::string& name) {
  if (name.empty()) throw Error(errc::invalid, std::string(msg::invalid_input), {{"name", {std::string(msg::event_tag_name_required)}}});
  if (validate::char_count(name) > limits::event_tag_name_max)
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"name", {std::string(msg::event_tag_name_too_long)}}});
}

void check_name_free(db::Tx& tx, const std::string& name, int except_id) {
  if (repo::tag_named(tx, name, except_id))
    throw Error(errc::conflict, std::string(msg::event_tag_taken), {{"name", {std::string(msg::event_tag_taken)}}});
}

}  // namespace

std::vector<Tag> EventService::tags(const accounts::Account& actor) {
  if (!has_events(actor)) throw Error(errc::not_found, std::string(msg::not_found));
  return pool_.autocommit([&](db::Tx& tx) { return repo::tags(tx); });
}

Tag EventService::create_tag(const accounts::Account& actor, const std::string& raw) {
  require_events_admin(actor);
  const auto name = text::trim(raw);
  check_tag_name(name);
  return pool_.transaction([&](db::Tx& tx) {
    check_name_free(tx, name, 0);
    return *repo::find_tag(tx, repo::insert_tag(tx, name));
  });
}

Tag EventService::rename_tag(const accounts::Account& actor, int id, const std::string& raw) {
  require_events_admin(actor);
  const auto name = text::trim(raw);
  check_tag_name(name);
  return pool_.transaction([&](db::Tx& tx) {
    if (!repo::lock_tag(tx, id)) throw Error(errc::not_found, std::string(msg::not_found));
    check_name_free(tx, name, id);
    repo::rename_tag(tx, id, name);
    return *repo::find_tag(tx, id);
  });
}

void EventService::delete_tag(const accounts::Account& actor, int id) {
  require_events_admin(actor);
  pool_.transaction([&](db::Tx& tx) {
    if (!repo::lock_tag(tx, id)) throw Error(errc::not_found, std::string(msg::not_found));
    if (id == 1) throw Error(errc::conflict, std::string(msg::event_tag_default));
    if (repo::tag_in_use(tx, id)) throw Error(errc::conflict, std::string(msg::event_tag_in_use));
    repo::delete_tag(tx, id);
  });
}

}  // namespace camp::events
