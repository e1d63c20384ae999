// camp mail list [--failed|--status S] | show ID [--raw] | retry ID|--failed | test --to ADDRESS
// The outbox (lib/mail, docs/mail.md): the daemons deliver; these commands look and requeue.
// `list` also in remote mode (backends/operators.hpp).
#include <chrono>
#include <iostream>

#include "app/services.hpp"
#include "backends/operators.hpp"
#include "context.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "exit_codes.hpp"
#include "mail/mime.hpp"

namespace camp::cli {
namespace mail_command {
namespace {

struct ListOptions {
  bool failed = false;
  std::optional<std::string> status;
  int limit = 100;
};
struct ShowOptions {
  std::int64_t id = 0;
  bool raw = false;
};
struct RetryOptions {
  std::optional<std::int64_t> id;
  bool failed = false;
};
struct TestOptions {
  std::string to;
  int count = 1;
};

mail::OutboxService& outbox(Context& ctx) { return ctx.services().mail_outbox; }

int list_mails(Context& ctx, const ListOptions& o) {
  std::optional<mail::Status> status;
  if (o.failed) status = mail::Status::failed;
  else if (o.status) status = mail::status_from(*o.status);
  const auto mails = operators_backend(ctx)->mails(status, o.limit)["data"];
  if (ctx.json()) {
    print_json(mails);
    return kOk;
  }
  for (const auto& m : mails) {
    const auto state = m["status"].get<std::string>();
    std::cout << m["id"] << "\t" << state << "\t" << m["attempts"] << " tries\t" << m["created_at"].get<std::string>() << "\t"
              << m["to"].get<std::string>() << "\t" << m["template"].get<std::string>() << "\t"
              << text::escape_for_log(m["subject"].get<std::string>());  // a failed mail's subject may hold the line break that failed it
    if (!m["last_error"].is_null() && state != "sent") std::cout << "\t" << text::escape_for_log(m["last_error"].get<std::string>());
    std::cout << "\n";
  }
  return kOk;
}

int show_mail(Context& ctx, const ShowOptions& o) {
  // Never a live link (a reset or invitation link works for whoever reads it): a notice instead.
  const auto found = mail::without_links(outbox(ctx).get(accounts::Account::system(), o.id));
  const mail::Sender from{ctx.config().mail.from_address, ctx.config().mail.from_name};
  if (o.raw) {
    std::cout << mail::compose(found, from);
    return kOk;
  }
  auto j = mail::to_json(found, true);
  j["message_id"] = mail::message_id(found, from);
  if (ctx.json()) {
    print_json(j);
    return kOk;
  }
  for (const char* key : {"id", "status", "attempts", "to", "template", "subject", "message_id", "created_at",
                          "next_attempt_at", "sent_at", "last_error", "bulk", "unsubscribe_url"})
    if (!j[key].is_null())
      std::cout << key << ": " << (j[key].is_string() ? text::escape_for_log(j[key].get<std::string>()) : j[key].dump()) << "\n";
  std::cout << "\n" << found.text_body;
  if (found.html_body) std::cout << "\n(an HTML part too: camp mail show " << o.id << " --raw)\n";
  return kOk;
}

int retry_mail(Context& ctx, const RetryOptions& o) {
  if (o.id) {
    outbox(ctx).retry(accounts::Account::system(), *o.id);
    if (ctx.json()) print_json({{"requeued", 1}});
    else std::cout << "mail " << *o.id << " queued again\n";
    return kOk;
  }
  const int n = outbox(ctx).retry_failed(accounts::Account::system());
  if (ctx.json()) print_json({{"requeued", n}});
  else std::cout << n << " failed mail(s) queued again\n";
  return kOk;
}

int test_mail(Context& ctx, const TestOptions& o) {
  const auto started = std::chrono::steady_clock::now();
  const auto queued = outbox(ctx).queue_test(accounts::Account::system(), o.to, o.count);
  const std::int64_t first_id = queued.id.value_or(0);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  if (ctx.json()) {
    nlohmann::json j = {{"queued", queued.queued}, {"enqueue_ms", ms}};
    if (first_id) j["id"] = first_id;
    print_json(j);
  } else if (first_id) {
    std::cout << "queued test mail " << first_id << " to " << o.to << " (see: camp mail show " << first_id << ")\n";
  } else {
    std::cout << "queued " << queued.queued << " test mails to " << o.to << "\n";
  }
  return kOk;
}

}  // namespace
}  // namespace mail_command

void setup_mail(CLI::App& app, Run& run) {
  using namespace mail_command;
  auto* group = app.add_subcommand("mail", "The mail outbox: what was sent, what failed, retries");
  group->require_subcommand(1);

  auto* list_cmd = group->add_subcommand("list", "List mails, newest first");
  auto list_opts = std::make_shared<ListOptions>();
  list_cmd->add_flag("--failed", list_opts->failed, "Only mails that were given up on");
  list_cmd->add_option("--status", list_opts->status, "Only mails in this state")->check(CLI::IsMember({"queued", "sent", "failed"}));
  list_cmd->add_option("--limit", list_opts->limit, "At most this many (default 100)")->check(CLI::Range(1, limits::operator_list_max));
  list_cmd->callback([&run, list_opts] { run = [list_opts](Context& ctx) { return list_mails(ctx, *list_opts); }; });

  auto* show_cmd = group->add_subcommand("show", "One mail: state, last error and text");
  auto show_opts = std::make_shared<ShowOptions>();
  show_cmd->add_option("id", show_opts->id, "Mail id")->required()->check(CLI::PositiveNumber);
  show_cmd->add_flag("--raw", show_opts->raw, "Print the whole message as it is sent (MIME)");
  show_cmd->callback([&run, show_opts] { run = [show_opts](Context& ctx) { return show_mail(ctx, *show_opts); }; });

  auto* retry_cmd = group->add_subcommand("retry", "Queue a failed mail (or all: --failed) again, due now");
  auto retry_opts = std::make_shared<RetryOptions>();
  retry_cmd->add_option("id", retry_opts->id, "Mail id")->check(CLI::PositiveNumber);
  retry_cmd->add_flag("--failed", retry_opts->failed, "Every failed mail");
  retry_cmd->callback([&run, retry_opts] {
    if (retry_opts->id.has_value() == retry_opts->failed) throw CLI::ValidationError("give either a mail ID or --failed");
    run = [retry_opts](Context& ctx) { return retry_mail(ctx, *retry_opts); };
  });

  auto* test_cmd = group->add_subcommand("test", "Queue a test mail (checks the SMTP settings end to end)");
  auto test_opts = std::make_shared<TestOptions>();
  test_cmd->add_option("--to", test_opts->to, "Recipient address")->required();
  test_cmd->add_option("--count", test_opts->count, "Queue this many copies in one transaction (default 1)")
      ->check(CLI::Range(1, 100000));
  test_cmd->callback([&run, test_opts] { run = [test_opts](Context& ctx) { return test_mail(ctx, *test_opts); }; });

  setup_mail_campaigns(*group, run);
}

}  // namespace camp::cli
