// camp questionnaires export|status|remind|rotate-key;  camp audit list  (docs/questionnaires.md)
// export, status and remind also in remote mode (backends/questionnaires.hpp).
#include <malloc.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "app/services.hpp"
#include "backends/questionnaires.hpp"
#include "context.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace questionnaires_command {
namespace {

using questionnaires::QuestionnaireService;

struct ExportOptions {
  std::string kind, format = "csv", reason;
  std::optional<std::string> from, to, out;
};
struct StatusOptions {
  std::optional<std::string> kind;
  std::string state = "owed", q;
  int page = 1, per = 100;
};
struct RemindOptions {
  std::string kind;
  std::vector<std::int64_t> accounts;
};
struct AuditOptions {
  int page = 1, per = 50;
};

QuestionnaireService& service(Context& ctx) { return ctx.services().questionnaires; }

// "[########------------]  4000/10000" on stderr, when it is a terminal.
void draw_progress(std::int64_t done, std::int64_t total) {
  constexpr int kWidth = 30;
  const int filled = total > 0 ? static_cast<int>(kWidth * done / total) : kWidth;
  std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '-') << "] " << done << "/" << total
            << (done >= total ? "\n" : "") << std::flush;
}

int export_answers(Context& ctx, const ExportOptions& o) {
  // The export reads its rows page after page (libpq results of a few MB, freed after each).
  // glibc would give that memory back to the kernel after every page and fault it in again
  // for the next: a fifth of the export's time (perf, bench/RESULTS.md). This short-lived
  // process keeps it instead.
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
  questionnaires::ExportRequest req;
  req.kind = o.kind;
  req.format = questionnaires::parse_format(o.format);
  req.period = {o.from, o.to};
  req.reason = o.reason;
  remote::Progress progress;
  if (!ctx.json() && isatty(STDERR_FILENO))
    progress = [](std::size_t done, std::size_t total) { draw_progress(std::int64_t(done), std::int64_t(total)); };
  const auto r = questionnaires_backend(ctx)->export_answers(req, o.out, progress);
  if (ctx.json()) print_json({{"rows", r["rows"]}, {"file", r["file"]}, {"format", o.format}, {"kind", o.kind}});
  else std::cout << "exported " << r["rows"] << " answers to " << r["file"].get<std::string>() << "\n";
  return kOk;
}

int status(Context& ctx, const StatusOptions& o) {
  questionnaires::repo::StatusQuery q;
  q.kind = o.kind;
  q.state = o.state;
  q.q = o.q;
  const auto page = questionnaires_backend(ctx)->status(q, o.page, o.per);
  if (ctx.json()) {
    print_json(page);
    return kOk;
  }
  auto or_dash = [](const nlohmann::json& v) { return v.is_null() ? std::string("-") : v.get<std::string>(); };
  for (const auto& r : page["data"])
    std::cout << r["account_id"] << "\t" << r["email"].get<std::string>() << "\t" << r["kind"].get<std::string>() << "\t"
              << r["state"].get<std::string>() << "\t" << or_dash(r["due_on"]) << "\t" << or_dash(r["submitted_at"]) << "\n";
  std::cout << page["data"].size() << " of " << page["meta"]["total"] << "\n";
  return kOk;
}

int remind(Context& ctx, const RemindOptions& o) {
  std::optional<std::vector<std::int64_t>> ids;
  if (!o.accounts.empty()) ids = o.accounts;
  const auto r = questionnaires_backend(ctx)->remind(o.kind, ids);
  if (ctx.json()) print_json(r);
  else std::cout << "queued " << r["queued"] << " reminders (" << r["skipped"] << " skipped: not owing, or reminded within 24 hours)\n";
  return kOk;
}

// QuestionnaireService::rotate_key: a new current key, every answer re-sealed, the old keys gone.
int rotate_key(Context& ctx) {
  questionnaires::Progress progress;
  if (!ctx.json() && isatty(STDERR_FILENO)) progress = draw_progress;
  const auto r = service(ctx).rotate_key(accounts::Account::system(), progress);
  if (ctx.json())
    print_json({{"key_id", r.key_id}, {"resealed", r.resealed}, {"two_factor_resealed", r.others_resealed},
                {"key_file", r.key_file}});
  else std::cout << "key " << r.key_id << " is current; re-sealed " << r.resealed << " answers and "
                 << r.others_resealed << " two-factor secrets; " << r.key_file
                 << " holds only it now\n"
                 << "restart the daemons so they read the new key file\n";
  return kOk;
}

int audit_list(Context& ctx, const AuditOptions& o) {
  const auto page = service(ctx).audit_log(accounts::Account::system(), o.page, o.per);
  if (ctx.json()) {
    auto data = nlohmann::json::array();
    for (const auto& e : page.items) data.push_back(questionnaires::audit::to_json(e));
    print_json({{"data", data}, {"meta", {{"page", o.page}, {"per", o.per}, {"total", page.total}}}});
    return kOk;
  }
  for (const auto& e : page.items)
    std::cout << e.created_at << "\t" << e.actor << "\t" << e.action << "\t" << e.subject << "\t" << e.reason << "\n";
  return kOk;
}

}  // namespace
}  // namespace questionnaires_command

void setup_questionnaires(CLI::App& app, Run& run) {
  using namespace questionnaires_command;
  auto* group = app.add_subcommand("questionnaires", "Subsidy questionnaires: exports, who owes what, reminders, keys");
  group->require_subcommand(1);
  const std::vector<std::string> kinds = questionnaires::kinds();

  auto* ex = group->add_subcommand("export", "Write the answers of one kind to a CSV (UTF-8 with BOM) or XLSX file");
  auto eo = std::make_shared<ExportOptions>();
  ex->add_option("--kind", eo->kind, "pre-curriculum | post-curriculum | post-job-change | follow-up")->required()->check(CLI::IsMember(kinds));
  ex->add_option("--format", eo->format, "csv (default) or xlsx")->check(CLI::IsMember({"csv", "xlsx"}));
  ex->add_option("--from", eo->from, "Only answers submitted on or after this date (YYYY-MM-DD, Japan time)");
  ex->add_option("--to", eo->to, "Only answers submitted on or before this date (YYYY-MM-DD, Japan time)");
  ex->add_option("--out", eo->out, "The file to write (default questionnaire-KIND-YYYYMMDD.EXT here)");
  ex->add_option("--reason", eo->reason, "Why the personal data is exported (audit log)")->default_str("助成金事務局への報告");
  eo->reason = "助成金事務局への報告";
  ex->callback([&run, eo] { run = [eo](Context& ctx) { return export_answers(ctx, *eo); }; });

  auto* st = group->add_subcommand("status", "Who owes (or answered) which questionnaire");
  auto so = std::make_shared<StatusOptions>();
  st->add_option("--kind", so->kind, "Only this kind")->check(CLI::IsMember(kinds));
  st->add_option("--state", so->state, "owed (default) | answered | all")->check(CLI::IsMember({"owed", "answered", "all"}));
  st->add_option("--search", so->q, "Part of a nickname, a student record's name or an e-mail");
  st->add_option("--page", so->page)->check(CLI::Range(1, 10000));
  st->add_option("--per", so->per)->check(CLI::Range(1, 1000));
  st->callback([&run, so] { run = [so](Context& ctx) { return status(ctx, *so); }; });

  auto* re = group->add_subcommand("remind", "Remind the accounts that owe a questionnaire (in the app; mail as each chose)");
  auto ro = std::make_shared<RemindOptions>();
  re->add_option("--kind", ro->kind)->required()->check(CLI::IsMember(kinds));
  re->add_option("--account", ro->accounts, "Only these account ids (default: every account that owes it)");
  re->callback([&run, ro] { run = [ro](Context& ctx) { return remind(ctx, *ro); }; });

  group->add_subcommand("rotate-key", "Make a new key current, re-seal every answer with it, drop the old keys")
      ->callback([&run] { run = rotate_key; });

  auto* audit = app.add_subcommand("audit", "The audit log of personal data (reads, exports, key rotations)");
  audit->require_subcommand(1);
  auto* list = audit->add_subcommand("list", "Newest first");
  auto ao = std::make_shared<AuditOptions>();
  list->add_option("--page", ao->page)->check(CLI::Range(1, 10000));
  list->add_option("--per", ao->per)->check(CLI::Range(1, 1000));
  list->callback([&run, ao] { run = [ao](Context& ctx) { return audit_list(ctx, *ao); }; });
}

}  // namespace camp::cli
