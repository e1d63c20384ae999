// camp notifications list --account ACCOUNT [--unread] [--limit N]
// camp notifications announce --to ROLE... --title T --body-file F [--dry-run]
// camp notifications prune
// camp notifications scan
// docs/notifications.md: the work is in lib/notifications; these commands read the options and
// report. What a command records is dispatched when it ends (cmd/main.cpp), so an announcement
// is in the accounts' lists when `announce` returns, whether a daemon runs or not.
#include <chrono>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "app/services.hpp"
#include "backends/notifications.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "exit_codes.hpp"
#include "notifications/scan.hpp"
#include "notifications/service.hpp"

namespace camp::cli {
namespace notifications_command {
namespace {

struct ListOptions {
  std::string account;
  bool unread = false;
  int limit = 50;
};
struct AnnounceOptions {
  std::vector<std::string> roles;
  std::string title;
  std::string body_file;
  bool dry_run = false;
};

int list(Context& ctx, const ListOptions& o) {
  const auto account = find_account(ctx, o.account);
  auto& service = ctx.services().notifications;
  const auto items = service.latest_of(accounts::Account::system(), account.id, o.unread, o.limit);
  const auto unread = service.unread(account);
  if (ctx.json()) {
    auto data = nlohmann::json::array();
    for (const auto& n : items) data.push_back(notifications::to_json(n));
    print_json({{"account_id", account.id}, {"data", data}, {"unread", notifications::to_json(unread)}});
    return kOk;
  }
  std::cout << account.email << ": " << unread.total << " unread\n";
  for (const auto& n : items)
    std::cout << n.id << "\t" << (n.read_at ? "read" : "unread") << "\t" << n.created_at << "\t"
              << notifications::to_string(n.category) << "\t" << n.title << "\t" << n.link << "\n";
  return kOk;
}

// Also in remote mode (backends/notifications.hpp).
int announce(Context& ctx, const AnnounceOptions& o) {
  const auto r = notifications_backend(ctx)->announce({o.title, read_body(o.body_file), o.roles}, o.dry_run);
  if (ctx.json()) {
    print_json(r);
  } else if (o.dry_run) {
    std::cout << "dry run: " << r["recipients"] << " account(s) would be told \"" << o.title << "\"; nothing was written\n";
  } else {
    std::cout << "announced \"" << o.title << "\" to " << r["recipients"]
              << " account(s) (mail to those who take announcements immediately)\n";
  }
  return kOk;
}

int prune(Context& ctx) {
  auto& service = ctx.services().notifications;
  const auto days = ctx.config().notification_retention_days;
  std::int64_t notifications = 0, marks = 0;
  for (;;) {
    const auto n = service.prune(std::chrono::system_clock::now(), days, 100);
    notifications += n.notifications;
    marks += n.marks;
    if (n.notifications == 0 && n.marks == 0) break;
  }
  if (ctx.json()) print_json({{"pruned", notifications}, {"pruned_marks", marks}, {"retention_days", days}});
  else
    std::cout << "pruned " << notifications << " notification(s) and " << marks << " scan mark(s) older than " << days
              << " days\n";
  return kOk;
}

// The daily scan now (the daemons run it from notifications.scan.hour); what was told before
// is not told again, so running it twice is harmless.
int scan(Context& ctx) {
  const auto r = notifications::run_scan(ctx.pool(), ctx.config().notification_scan, std::chrono::system_clock::now());
  if (ctx.json())
    print_json({{"review_overdue", r.reviews},
                {"question_unanswered", r.questions},
                {"student_behind", r.students},
                {"questionnaire_due", r.questionnaires}});
  else
    std::cout << "recorded " << r.reviews << " overdue review(s), " << r.questions << " unanswered question(s), "
              << r.students << " student(s) behind, " << r.questionnaires << " questionnaire(s) due\n";
  return kOk;
}

}  // namespace
}  // namespace notifications_command

void setup_notifications(CLI::App& app, Run& run) {
  using namespace notifications_command;
  auto* group = app.add_subcommand("notifications", "The notification centre: lists, announcements, retention");
  group->require_subcommand(1);

  auto* ls = group->add_subcommand("list", "An account's notifications, newest first");
  auto l = std::make_shared<ListOptions>();
  ls->add_option("--account", l->account, "Account id or e-mail")->required();
  ls->add_flag("--unread", l->unread, "Only the unread ones");
  ls->add_option("--limit", l->limit, "At most this many (1..1000)")->check(CLI::Range(1, 1000));
  ls->callback([&run, l] { run = [l](Context& ctx) { return list(ctx, *l); }; });

  auto* an = group->add_subcommand("announce", "An announcement (お知らせ) to every account of the roles");
  auto a = std::make_shared<AnnounceOptions>();
  an->add_option("--to", a->roles, "Roles (repeatable)")
      ->required()
      ->check(CLI::IsMember({"admin", "basic_mentor", "advanced_mentor", "spot_advanced_mentor", "student", "graduate",
                             "trial"}));
  an->add_option("--title", a->title, "Title (one line)")->required();
  an->add_option("--body-file", a->body_file, "The text (UTF-8); - reads standard input")->required();
  an->add_flag("--dry-run", a->dry_run, "Say how many would be told; write nothing");
  an->callback([&run, a] { run = [a](Context& ctx) { return announce(ctx, *a); }; });

  auto* pr = group->add_subcommand("prune", "Delete notifications (and the daily scan's marks) older than notifications.retention_days");
  pr->callback([&run] { run = [](Context& ctx) { return prune(ctx); }; });

  auto* sc = group->add_subcommand("scan", "Record today's scheduled notifications now (overdue reviews, ...)");
  sc->callback([&run] { run = [](Context& ctx) { return scan(ctx); }; });
}

}  // namespace camp::cli
