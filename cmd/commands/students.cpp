// camp students import FILE.csv [--dry-run] | list | show ID|EMAIL | assign-mentor STUDENT MENTOR
// (docs/students.md): the same use cases and messages as the API, as the operator.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "app/services.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace students_command {
namespace {

struct ImportCli {
  std::string file;
  bool dry_run = false;
};

struct ListCli {
  std::string q;
  std::optional<std::string> course, status;
  std::optional<std::int64_t> mentor_id;
  bool behind = false;
  int page = 1, per = 50;
};

struct AssignCli {
  std::string student, mentor;
};

students::StudentService& service(Context& ctx) { return ctx.services().students; }

// "[########------------]  4000/10000" on stderr (as `camp mail magazine send`).
void draw_progress(std::size_t done, std::size_t total) {
  constexpr int kWidth = 30;
  const int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
  std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '-') << "] " << done << "/" << total
            << (done == total ? "\n" : "") << std::flush;
}

int import_file(Context& ctx, const ImportCli& o) {
  std::ifstream in(o.file, std::ios::binary);
  if (!in) throw Error(errc::not_found, "cannot read " + o.file);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  service(ctx).sync_plans();
  students::ImportOptions options{.dry_run = o.dry_run};
  if (!ctx.json() && isatty(STDERR_FILENO)) options.progress = draw_progress;
  const auto report = ctx.services().student_imports.run(accounts::Account::system(), bytes.str(), options);
  if (ctx.json()) {
    print_json(students::to_json(report));
  } else if (!report.errors.empty()) {
    for (const auto& e : report.errors)
      std::cerr << o.file << ":" << e.line << ": " << students::import_column_label(e.field) << ": " << e.message << "\n";
    std::cerr << report.errors.size() << " invalid row(s); nothing was imported\n";
  } else {
    for (const auto& r : report.changed) {
      std::cout << (o.dry_run ? "would " : "") << r.action << "\t" << r.line << "\t" << r.email;
      for (std::size_t i = 0; i < r.changes.size(); ++i) std::cout << (i ? "," : "\t") << r.changes[i];
      std::cout << "\n";
    }
    std::cout << (o.dry_run ? "dry run: " : "") << report.rows << " row(s) (" << report.encoding << "): " << report.created
              << " created, " << report.updated << " updated, " << report.unchanged << " unchanged"
              << (o.dry_run ? "; nothing was written" : "; invitations queued for new students") << "\n";
  }
  return report.errors.empty() ? kOk : exit_code_for(errc::invalid);
}

void print_student(const students::Student& s, Date today) {
  std::cout << s.id << "\t" << s.email << "\t" << s.display_name << "\t" << s.course.code << "\t" << format_date(s.start_date)
            << "\t" << s.status << (students::is_behind(s, today) ? " (behind)" : "") << "\t"
            << (s.mentor ? s.mentor->display_name : "-") << "\n";
}

int list(Context& ctx, const ListCli& o) {
  students::ListParams p;
  p.q = o.q;
  p.course = o.course;
  p.status = o.status;
  p.mentor_id = o.mentor_id;
  p.behind = o.behind;
  p.page = o.page;
  p.per = o.per;
  auto& svc = service(ctx);
  const auto page = svc.list(accounts::Account::system(), p);
  const auto today = svc.today();
  if (ctx.json()) {
    auto data = nlohmann::json::array();
    for (const auto& s : page.items) data.push_back(students::to_json(s, today));
    print_json({{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}}});
    return kOk;
  }
  for (const auto& s : page.items) print_student(s, today);
  std::cout << page.total << " student(s)\n";
  return kOk;
}

void print_detail(Context& ctx, const students::Detail& d, Date today) {
  if (ctx.json()) return print_json(students::to_json(d, today));
  print_student(d.student, today);
  for (const auto& h : d.history)
    std::cout << "  mentor " << (h.mentor ? h.mentor->display_name : "-") << " since " << iso_school(h.changed_at) << "\n";
  std::cout << "  mentorings " << d.counts.mentorings << ", submissions " << d.counts.submissions << ", approved tasks "
            << d.counts.approved_tasks << ", questions " << d.counts.questions << "\n";
}

}  // namespace
}  // namespace students_command

void setup_students(CLI::App& app, Run& run) {
  using namespace students_command;
  auto* group = app.add_subcommand("students", "Students: import, list, show, mentor in charge");
  group->require_subcommand(1);

  auto* imp = group->add_subcommand("import", "Upsert students by e-mail from a CSV file (all or nothing)");
  auto i = std::make_shared<ImportCli>();
  imp->add_option("FILE", i->file, "CSV: email, name, course, start_date[, status, mentor_email] (UTF-8 or Shift_JIS)")
      ->required();
  imp->add_flag("--dry-run", i->dry_run, "Print what would change; write nothing");
  imp->callback([&run, i] { run = [i](Context& ctx) { return import_file(ctx, *i); }; });

  auto* ls = group->add_subcommand("list", "List students (newest start first)");
  auto l = std::make_shared<ListCli>();
  ls->add_option("--q", l->q, "Name, nickname or e-mail contains");
  ls->add_option("--course", l->course, "rails_4m, rails_5m or u29");
  ls->add_option("--status", l->status, "active, on_leave or graduated");
  ls->add_option("--mentor-id", l->mentor_id, "Mentor in charge (account id)");
  ls->add_flag("--behind", l->behind, "Only students behind schedule");
  ls->add_option("--page", l->page, "Page (from 1)")->check(CLI::Range(1, 10000));
  ls->add_option("--per", l->per, "Per page (1..100)")->check(CLI::Range(1, 100));
  ls->callback([&run, l] { run = [l](Context& ctx) { return list(ctx, *l); }; });

  auto* show = group->add_subcommand("show", "Show a student (by student id or e-mail)");
  auto key = std::make_shared<std::string>();
  show->add_option("STUDENT", *key, "Student id or e-mail")->required();
  show->callback([&run, key] {
    run = [key](Context& ctx) {
      auto& svc = service(ctx);
      print_detail(ctx, svc.find(accounts::Account::system(), *key), svc.today());
      return kOk;
    };
  });

  auto* assign = group->add_subcommand("assign-mentor", "Set the mentor in charge of a student");
  auto a = std::make_shared<AssignCli>();
  assign->add_option("STUDENT", a->student, "Student id or e-mail")->required();
  assign->add_option("MENTOR", a->mentor, "Mentor or admin: account id or e-mail")->required();
  assign->callback([&run, a] {
    run = [a](Context& ctx) {
      auto& svc = service(ctx);
      print_detail(ctx, svc.assign_mentor(accounts::Account::system(), a->student, a->mentor), svc.today());
      return kOk;
    };
  });
}

}  // namespace camp::cli
