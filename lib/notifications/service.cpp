#include "notifications/service.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "mail/repo.hpp"
#include "notifications/events.hpp"
#include "notifications/repo.hpp"
#include "notifications/scan_repo.hpp"

namespace camp::notifications {
namespace {

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }

std::optional<Category> category_param(const std::string& key) {
  if (key.empty()) return std::nullopt;
  const auto c = category_from(key);
  if (!c) throw Error(errc::invalid, std::string(msg::invalid_input), {{"category", {std::string(msg::notification_category_choice)}}});
  return c;
}

// The new read state, to every open tab of the account (at commit), and to the caller.
UnreadCounts read_changed(db::Tx& tx, std::int64_t account_id, nlohmann::json what) {
  auto counts = repo::unread_counts(tx, account_id);
  what["type"] = "read";
  what["unread"] = to_json(counts);
  repo::announce(tx, account_id, what);
  return counts;
}

}  // namespace

bool is_role_name(const std::string& role) { return accounts::parse_role(role).has_value(); }

Page NotificationService::list(const accounts::Account& actor, const ListParams& p) {
  repo::ListQuery q{actor.id, category_param(p.category), p.unread_only, p.page, p.per};
  // One snapshot: the page, its total and the unread counts agree.
  return pool_.transaction(
      [&](db::Tx& tx) {
        auto [items, total] = repo::list(tx, q);
        return Page{std::move(items), total, p.page, p.per, repo::unread_counts(tx, actor.id)};
      },
      db::Isolation::repeatable_read);
}

UnreadCounts NotificationService::unread(const accounts::Account& actor) {
  return pool_.autocommit([&](db::Tx& tx) { return repo::unread_counts(tx, actor.id); });
}

UnreadCounts NotificationService::mark_read(const accounts::Account& actor, std::int64_t id) {
  return pool_.transaction([&](db::Tx& tx) {
    if (!repo::mark_read(tx, actor.id, id)) throw not_found();
    return read_changed(tx, actor.id, {{"ids", {id}}});
  });
}

UnreadCounts NotificationService::mark_all_read(const accounts::Account& actor, const std::string& category) {
  const auto c = category_param(category);
  return pool_.transaction([&](db::Tx& tx) {
    repo::mark_read_where(tx, actor.id, c);
    return read_changed(tx, actor.id, {{"category", c ? nlohmann::json(to_string(*c)) : nlohmann::json(nullptr)}});
  });
}

std::vector<Delivery> NotificationService::of_event(std::int64_t event_id, const std::vector<std::int64_t>& account_ids) {
  std::vector<Delivery> out;
  if (account_ids.empty()) return out;
  pool_.autocommit([&](db::Tx& tx) {
    auto rows = repo::of_event(tx, event_id, account_ids);
    std::vector<std::int64_t> told;
    for (const auto& [account_id, n] : rows) told.push_back(account_id);
    auto counts = repo::unread_counts_of(tx, told);
    for (auto& [account_id, n] : rows) out.push_back({account_id, std::move(n), counts[account_id]});
  });
  return out;
}

namespace {

Preferences read_preferences(db::Tx& tx, std::int64_t account_id) {
  Preferences p;
  const auto stored = repo::mail_preferences(tx, account_id);
  for (auto c : kCategories) p.mail[c] = stored.count(c) ? stored.at(c) : default_mail(c);
  for (auto topic : mail::repo::opted_out(tx, account_id)) {
    if (topic == mail::Topic::school) p.school_mail = false;
    if (topic == mail::Topic::magazine) p.magazine = false;
  }
  return p;
}

}  // namespace

Preferences NotificationService::preferences(const accounts::Account& actor) {
  return pool_.autocommit([&](db::Tx& tx) { return read_preferences(tx, actor.id); });
}

Preferences NotificationService::update_preferences(const accounts::Account& actor, const PreferencesInput& in) {
  return pool_.transaction([&](db::Tx& tx) {
    for (const auto& [category, preference] : in.mail) repo::set_mail_preference(tx, actor.id, category, preference);
    // The unsubscribe pages' switches, turned back on (or off) here.
    const auto set_topic = [&](std::optional<bool> on, mail::Topic topic) {
      if (!on) return;
      if (*on) mail::repo::resubscribe(tx, actor.id, topic);
      else mail::repo::unsubscribe(tx, actor.id, topic);
    };
    set_topic(in.school_mail, mail::Topic::school);
    set_topic(in.magazine, mail::Topic::magazine);
    return read_preferences(tx, actor.id);
  });
}

AnnounceResult NotificationService::announce(const accounts::Account& actor, const Announcement& a, bool dry_run) {
  if (actor.role != accounts::Role::admin) throw Error(errc::forbidden, "forbidden");
  FieldErrors errors;
  const auto title = text::trim(a.title);
  if (text::is_blank(a.title)) errors["title"].push_back(std::string(msg::announcement_title_required));
  else if (!text::valid_utf8(title) || !text::one_line(title)) errors["title"].push_back(std::string(msg::title_one_line));
  else if (validate::char_count(title) > limits::announcement_title_max)
    errors["title"].push_back(std::string(msg::announcement_title_too_long));
  if (!text::valid_utf8(a.body) || a.body.find('\0') != std::string::npos)
    errors["body"].push_back(std::string(msg::invalid_value));
  else if (text::is_blank(a.body)) errors["body"].push_back(std::string(msg::announcement_body_required));
  else if (validate::char_count(a.body) > limits::announcement_body_max)
    errors["body"].push_back(std::string(msg::announcement_body_too_long));
  if (a.roles.empty()) errors["roles"].push_back(std::string(msg::announcement_roles_required));
  for (const auto& role : a.roles)
    if (!is_role_name(role)) errors["roles"].push_back(std::string(msg::invalid_value));
  throw_if_invalid(errors);
  auto roles = a.roles;
  std::sort(roles.begin(), roles.end());
  roles.erase(std::unique(roles.begin(), roles.end()), roles.end());
  return pool_.transaction([&](db::Tx& tx) {
    AnnounceResult r{static_cast<std::int64_t>(repo::account_ids_with_roles(tx, roles).size()), dry_run};
    if (!dry_run)
      record_event(tx, kAnnouncementCreated, std::nullopt,
                   {{"title", title}, {"body", a.body}, {"excerpt", first_line(a.body)}, {"roles", roles}});
    return r;
  });
}

std::vector<Notification> NotificationService::latest_of(const accounts::Account& actor, std::int64_t account_id,
                                                        bool unread_only, int limit) {
  if (actor.role != accounts::Role::admin) throw Error(errc::forbidden, "forbidden");
  return pool_.autocommit([&](db::Tx& tx) { return repo::list(tx, {account_id, std::nullopt, unread_only, 1, limit}).first; });
}

NotificationService::Pruned NotificationService::prune(TimePoint now, int retention_days, int max_batches) {
  constexpr int kBatch = 1000;
  const auto cutoff =
      std::chrono::duration_cast<std::chrono::seconds>((now - std::chrono::days(retention_days)).time_since_epoch()).count();
  // Batch by batch, each its own short transaction.
  const auto in_batches = [&](auto prune_batch) {
    std::int64_t total = 0;
    for (int i = 0; i < max_batches; ++i) {
      const auto n = pool_.autocommit([&](db::Tx& tx) { return prune_batch(tx, cutoff, kBatch); });
      total += n;
      if (n < kBatch) break;
    }
    return total;
  };
  return {in_batches(repo::prune), in_batches(scan_repo::prune_marks)};
}

}  // namespace camp::notifications
