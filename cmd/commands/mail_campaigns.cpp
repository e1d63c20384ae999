// camp mail magazine send --subject S --body-file F [--to ROLE...] [--dry-run] [--again]
// camp mail digest run [--date YYYY-MM-DD] [--dry-run]
// camp mail unsubscribe-link ACCOUNT [--topic school|events|magazine]
// Mails to many (docs/mail.md "The mail magazine", "Nothing left waiting"): the work is in
// lib/mail/magazine.cpp and lib/mail/waiting.cpp; these commands read the options and report.
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "app/services.hpp"
#include "context.hpp"
#include "exit_codes.hpp"
#include "mail/magazine.hpp"

namespace camp::cli {
namespace mail_campaigns_command {
namespace {

struct MagazineOptions {
  std::string subject;
  std::string body_file;
  std::vector<std::string> roles;
  bool dry_run = false;
  bool again = false;
};
struct LinkOptions {
  std::string account;
  std::string topic = "school";
};
struct DigestOptions {
  std::optional<std::string> date;
  bool dry_run = false;
};

// A bar on stderr when it is a terminal: "[########------------]  4000/10000".
void draw_progress(std::size_t done, std::size_t total) {
  constexpr int kWidth = 30;
  const int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
  std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '-') << "] " << done << "/" << total
            << (done == total ? "\n" : "") << std::flush;
}

int send_magazine(Context& ctx, const MagazineOptions& o) {
  mail::Magazine magazine{o.subject, read_body(o.body_file), o.roles};
  mail::MagazineOptions options{.dry_run = o.dry_run, .again = o.again};
  if (!ctx.json() && isatty(STDERR_FILENO)) options.progress = draw_progress;
  const auto started = std::chrono::steady_clock::now();
  const auto r = mail::send_magazine(ctx.pool(), ctx.services().unsubscribe_links, magazine, options);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  const std::string to = o.roles.empty() ? "every role" : [&] {
    std::string s;
    for (const auto& role : o.roles) s += (s.empty() ? "" : ", ") + role;
    return s;
  }();
  if (ctx.json()) {
    nlohmann::json j = {{"dry_run", o.dry_run}, {"recipients", r.recipients}, {"queued", r.queued},
                        {"body_sha256", r.body_sha256}, {"roles", o.roles}, {"sent_before", r.previously_sent_at.has_value()},
                        {"elapsed_ms", ms}};
    if (r.send_id) j["send_id"] = *r.send_id;
    print_json(j);
  } else if (o.dry_run) {
    std::cout << "dry run: " << r.recipients << " account(s) would receive \"" << o.subject << "\" (" << to
              << "); nothing was written\n";
    if (r.previously_sent_at) std::cout << "note: this magazine was sent before; sending it again needs --again\n";
  } else {
    std::cout << "queued " << r.queued << " magazine mail(s) \"" << o.subject << "\" to " << to << " (send "
              << *r.send_id << "; the daemons deliver them: camp mail list)\n";
  }
  return kOk;
}

int run_digest(Context& ctx, const DigestOptions& o) {
  std::optional<Date> day;
  if (o.date && !(day = parse_date(*o.date)))
    throw Error(errc::invalid, "--date must be a day like 2026-11-25");
  const auto& waiting = ctx.services().waiting_mail;
  const auto digest = waiting.run_digest(day, o.dry_run);
  const auto reminders = waiting.run_reminders(o.dry_run);
  const auto date = format_date(digest.day);
  if (ctx.json()) {
    print_json({{"dry_run", o.dry_run},
                {"digest", {{"day", date}, {"already_ran", digest.already_ran}, {"waiting", digest.waiting},
                            {"mails", digest.mails}}},
                {"reminders", {{"questions", reminders.questions}, {"mails", reminders.mails}}}});
    return kOk;
  }
  const char* verb = o.dry_run ? "would be queued" : "queued";
  if (digest.already_ran)
    std::cout << "digest " << date << ": already sent that day; nothing queued\n";
  else
    std::cout << "digest " << date << ": " << digest.waiting << " item(s) waiting, " << digest.mails << " mail(s) "
              << verb << "\n";
  std::cout << "reminders: " << reminders.questions << " question(s) due, " << reminders.mails << " mail(s) " << verb
            << "\n";
  return kOk;
}

// The links a mail to this account carries (support: "please stop sending me ...").
int unsubscribe_link(Context& ctx, const LinkOptions& o) {
  const auto account = find_account(ctx, o.account);
  const auto topic = *mail::topic_from(o.topic);
  const auto& links = ctx.services().unsubscribe_links;
  if (ctx.json())
    print_json({{"account_id", account.id}, {"topic", o.topic}, {"id", links.id(account.id, topic)},
                {"page_url", links.page_url(account.id, topic)}, {"one_click_url", links.one_click_url(account.id, topic)}});
  else
    std::cout << links.page_url(account.id, topic) << "\n";
  return kOk;
}

}  // namespace
}  // namespace mail_campaigns_command

void setup_mail_campaigns(CLI::App& group, Run& run) {
  using namespace mail_campaigns_command;
  auto* magazine = group.add_subcommand("magazine", "The mail magazine");
  magazine->require_subcommand(1);
  auto* send = magazine->add_subcommand("send", "Queue the magazine for every account that receives it");
  auto m = std::make_shared<MagazineOptions>();
  send->add_option("--subject", m->subject, "Subject (one line)")->required();
  send->add_option("--body-file", m->body_file, "The text (UTF-8); - reads standard input")->required();
  send->add_option("--to", m->roles, "Only these roles (repeatable; default: every role)")
      ->check(CLI::IsMember({"admin", "basic_mentor", "advanced_mentor", "spot_advanced_mentor", "student", "graduate",
                             "trial"}));
  send->add_flag("--dry-run", m->dry_run, "Say how many would receive it; write nothing");
  send->add_flag("--again", m->again, "Send even though the same subject and body went out before");
  send->callback([&run, m] { run = [m](Context& ctx) { return send_magazine(ctx, *m); }; });

  auto* link = group.add_subcommand("unsubscribe-link", "Print an account's unsubscribe page (and, with --json, one-click) link");
  auto l = std::make_shared<LinkOptions>();
  link->add_option("account", l->account, "Account id or e-mail")->required();
  link->add_option("--topic", l->topic, "school (all mail from the school, default), events or magazine")
      ->check(CLI::IsMember({"school", "events", "magazine"}));
  link->callback([&run, l] { run = [l](Context& ctx) { return unsubscribe_link(ctx, *l); }; });

  auto* digest = group.add_subcommand("digest", "Nothing left waiting: the mentors' digest and the askers' reminders");
  digest->require_subcommand(1);
  auto* digest_run = digest->add_subcommand("run", "Run today's digest (once per day) and the due reminders now");
  auto d = std::make_shared<DigestOptions>();
  digest_run->add_option("--date", d->date, "The school day (YYYY-MM-DD, Japan); default today");
  digest_run->add_flag("--dry-run", d->dry_run, "Say what would be sent; write nothing");
  digest_run->callback([&run, d] { run = [d](Context& ctx) { return run_digest(ctx, *d); }; });
}

}  // namespace camp::cli
