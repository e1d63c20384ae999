#include "seed/notifications.hpp"

#include <chrono>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "core/messages.hpp"
#include "curriculum/model.hpp"
#include "db/arrays.hpp"
#include "events/service.hpp"
#include "notifications/model.hpp"

namespace camp::seed {
namespace {

using notifications::Category;

const std::vector<std::string> kDemoEmails{
    "admin@example.com",    "basic-mentor@example.com", "advanced-mentor@example.com", "spot-mentor@example.com",
    "student@example.com",  "student5@example.com",     "u29@example.com",             "graduate@example.com",
    "trial@example.com"};

constexpr db::Statement kAccounts{
    "seed.notifications.accounts",
    "SELECT a.id, a.role, c.code FROM accounts a LEFT JOIN courses c ON c.id = a.course_id "
    "WHERE lower(a.email) = ANY ($1::text[]) "
    "AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.account_id = a.id) ORDER BY a.id"};
// Every review of a demo student's work, oldest first.
constexpr db::Statement kReviews{
    "seed.notifications.reviews",
    "SELECT s.account_id, r.status, rv.id, rv.display_name, t.title, t.curriculum_name, t.id, r.comment, "
    "EXTRACT(EPOCH FROM r.created_at)::bigint FROM reviews r JOIN submissions s ON s.id = r.submission_id "
    "JOIN people rv ON rv.id = r.account_id JOIN tasks t ON t.id = s.task_id "
    "WHERE s.account_id = ANY ($1::int8[]) ORDER BY r.created_at"};
constexpr db::Statement kWaiting{
    "seed.notifications.waiting",
    "SELECT s.id, a.id, a.display_name, t.title, t.review_level, EXTRACT(EPOCH FROM s.created_at)::bigint, "
    "EXISTS (SELECT 1 FROM submissions p WHERE p.account_id = s.account_id AND p.task_id = s.task_id AND p.id <> s.id) "
    "FROM submissions s JOIN people a ON a.id = s.account_id JOIN tasks t ON t.id = s.task_id "
    "WHERE s.status = 'waiting' ORDER BY s.created_at LIMIT 20"};
constexpr db::Statement kEvents{
    "seed.notifications.events",
    "SELECT id, title, EXTRACT(EPOCH FROM starts_at)::bigint, EXTRACT(EPOCH FROM ends_at)::bigint, "
    "EXTRACT(EPOCH FROM published_at)::bigint FROM events WHERE status = 'published' "
    "ORDER BY starts_at DESC LIMIT 3"};
constexpr db::Statement kInsert{
    "seed.notifications.insert",
    "INSERT INTO notifications (account_id, category, kind, title, body, link, actor_id, created_at, read_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8), CASE WHEN $9 THEN to_timestamp($8) + interval '2 hours' END)"};

struct Account {
  std::int64_t id;
  accounts::Account as;
};

std::int64_t now_epoch() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

int seed_demo_notifications(db::Pool& pool) {
  return pool.transaction([&](db::Tx& tx) {
    std::vector<accounts::Account> people;
    std::vector<std::int64_t> ids;
    for (const auto& r : tx.exec(kAccounts, db::text_array(kDemoEmails))) {
      accounts::Account a;
      a.id = r[0].as<std::int64_t>();
      a.role = accounts::parse_role(r[1].as<std::string>()).value_or(accounts::Role::trial);
      if (!r[2].is_null()) a.course = accounts::Course{r[2].as<std::string>(), "", 0};
      people.push_back(a);
      ids.push_back(a.id);
    }
    if (people.empty()) return 0;
    const auto now = now_epoch();
    const auto week_ago = now - 7 * 86400;
    int written = 0;
    // Read once it is a week old: what a person who uses the school every day would have.
    auto add = [&](std::int64_t to, Category c, const char* kind, const std::string& title, const std::string& body,
                   const std::string& link, std::optional<std::int64_t> actor, std::int64_t at) {
      tx.exec(kInsert, to, std::string(notifications::to_string(c)), std::string(kind), notifications::one_line(title, 200),
              notifications::first_line(body), link, actor, at, at < week_ago);
      ++written;
    };
    const auto ids_text = db::int_array(ids);

    for (const auto& r : tx.exec(kReviews, ids_text)) {
      const auto reviewer = r[3].as<std::string>(), task = r[4].as<std::string>();
      add(r[0].as<std::int64_t>(), Category::review, "review.created",
          r[1].as<std::string>() == "approved" ? msg::notification_review_approved(reviewer, task)
                                               : msg::notification_review_changes_requested(reviewer, task),
          r[7].as<std::string>(), "/curriculums/" + r[5].as<std::string>() + "#task-" + r[6].as<std::string>(),
          r[2].as<std::int64_t>(), r[8].as<std::int64_t>());
    }
    for (const auto& r : tx.exec(kWaiting)) {
      const auto student = r[2].as<std::string>(), task = r[3].as<std::string>(), level = r[4].as<std::string>();
      const bool again = r[6].as<bool>();
      for (const auto& p : people)
        if (accounts::is_mentor(p.role) && curriculum::may_review(p.role, level))
          add(p.id, Category::review, again ? "submission.resubmitted" : "submission.submitted",
              again ? msg::notification_submission_resubmitted(student, task)
                    : msg::notification_submission_submitted(student, task),
              "", "/reviews?submission=" + r[0].as<std::string>(), r[1].as<std::int64_t>(), r[5].as<std::int64_t>());
    }
    for (const auto& r : tx.exec(kEvents)) {
      events::Event e;
      e.title = r[1].as<std::string>();
      e.starts_at = r[2].as<std::int64_t>();
      e.ends_at = r[3].as<std::int64_t>();
      for (const auto& p : people)
        if (events::has_events(p))
          add(p.id, Category::event, "event.published", msg::notification_event_published(e.title),
              events::when(e), "/events", std::nullopt, r[4].as<std::int64_t>());
    }
    for (const auto& p : people) {
      add(p.id, Category::announcement, "announcement.created", "年末年始の休業のお知らせ",
          "12月29日〜1月3日は質問への回答とレビューをお休みします。", "/notifications", std::nullopt, now - 2 * 86400);
      if (p.role != accounts::Role::admin) continue;
      add(p.id, Category::announcement, "import.finished", msg::notification_import_finished("12"), "", "/students",
          std::nullopt, now - 3 * 86400);
      add(p.id, Category::announcement, "mail.failed", msg::notification_mail_failed("event_reminder"),
          "550 5.1.1 <old-address@example.com>: Recipient address rejected", "/dashboards", std::nullopt, now - 5 * 3600);
    }
    return written;
  });
}

}  // namespace camp::seed
