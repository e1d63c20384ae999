// camp students import FILE.csv [--dry-run] | list | show ID|EMAIL | assign-mentor STUDENT MENTOR
// (docs/students.md): the same use cases and messages as the API, as the operator; in remote
// mode through the API itself (backends/students.hpp).
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "backends/students.hpp"
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

// "[########------------]  4000/10000" on stderr (as `camp mail magazine send`): rows done
// locally, bytes sent in remote mode.
void draw_progress(std::size_t done, std::size_t total) {
  constexpr int kWidth = 30;
  const int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
  std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '-') << "] " << done << "/" << total
            << (done == total ? "\n" : "") << std::flush;
}

std::string text(const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

int import_file(Context& ctx, const ImportCli& o) {
  std::ifstream in(o.file, std::ios::binary);
  if (!in) throw Error(errc::not_found, "cannot read " + o.file);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  const auto report = students_backend(ctx)->import(bytes.str(), o.dry_run,
                                                    !ctx.json() && isatty(STDERR_FILENO) ? draw_progress : remote::Progress());
  const auto& errors = report["errors"];
  if (ctx.json()) {
    print_json(report);
  } else if (!errors.empty()) {
    for (const auto& e : errors)
      std::cerr << o.file << ":" << e["line"] << ": " << text(e["column"]) << ": " << text(e["message"]) << "\n";
    std::cerr << errors.size() << " invalid row(s); nothing was imported\n";
  } else {
    for (const auto& r : report["rows"]) {
      std::cout << (o.dry_run ? "would " : "") << text(r["action"]) << "\t" << r["line"] << "\t" << text(r["email"]);
      for (std::size_t i = 0; i < r["changes"].size(); ++i) std::cout << (i ? "," : "\t") << text(r["changes"][i]);
      std::cout << "\n";
    }
    const auto& n = report["summary"];
    std::cout << (o.dry_run ? "dry run: " : "") << n["rows"] << " row(s) (" << text(report["encoding"]) << "): " << n["create"]
              << " created, " << n["update"] << " updated, " << n["unchanged"] << " unchanged"
              << (o.dry_run ? "; nothing was written" : "; invitations queued for new students") << "\n";
  }
  return errors.empty() ? kOk : exit_code_for(errc::invalid);
}

// One line from the API's student JSON (students::to_json).
void print_student(const nlohmann::json& s) {
  std::cout << s["id"] << "\t" << text(s["email"]) << "\t" << text(s["display_name"]) << "\t" << text(s["course"]["code"])
            << "\t" << text(s["start_date"]) << "\t" << text(s["status"]) << (s["behind"].get<bool>() ? " (behind)" : "")
            << "\t" << (s["mentor"].is_null() ? "-" : text(s["mentor"]["display_name"])) << "\n";
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
  const auto page = students_backend(ctx)->list(p);
  if (ctx.json()) {
    print_json(page);
    return kOk;
  }
  for (const auto& s : page["data"]) print_student(s);
  std::cout << page["meta"]["total"] << " student(s)\n";
  return kOk;
}

void print_detail(Context& ctx, const nlohmann::json& d) {
  if (ctx.json()) return print_json(d);
  print_student(d);
  for (const auto& h : d["mentor_history"])
    std::cout << "  mentor " << (h["mentor"].is_null() ? "-" : text(h["mentor"]["display_name"])) << " since "
              << text(h["changed_at"]) << "\n";
  const auto& c = d["counts"];
  std::cout << "  mentorings " << c["mentorings"] << ", submissions " << c["submissions"] << ", approved tasks "
            << c["approved_tasks"] << ", questions " << c["questions"] << "\n";
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
      print_detail(ctx, students_backend(ctx)->show(*key));
      return kOk;
    };
  });

  auto* assign = group->add_subcommand("assign-mentor", "Set the mentor in charge of a student");
  auto a = std::make_shared<AssignCli>();
  assign->add_option("STUDENT", a->student, "Student id or e-mail")->required();
  assign->add_option("MENTOR", a->mentor, "Mentor or admin: account id or e-mail")->required();
  assign->callback([&run, a] {
    run = [a](Context& ctx) {
      print_detail(ctx, students_backend(ctx)->assign_mentor(a->student, a->mentor));
      return kOk;
    };
  });
}

}  // namespace camp::cli
