// camp uploads migrate [--from DIR]: the files of uploads recorded before their bytes moved into
// the database (migration 0039), read from data_dir/uploads into blobs (docs/deploy.md).
#include <iostream>

#include "app/services.hpp"
#include "context.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace uploads_command {
namespace {

int migrate(Context& ctx, const std::string& from) {
  const auto dir = from.empty() ? ctx.config().uploads_dir() : from;
  const auto report = ctx.services().uploads.import_files(dir);
  if (ctx.json()) {
    print_json({{"from", dir}, {"migrated", report.migrated}, {"missing", report.missing}});
  } else {
    std::cout << "migrated " << report.migrated << " upload(s) from " << dir << " into the database";
    if (report.missing) std::cout << "; " << report.missing << " without a usable file (logged, served as 404)";
    std::cout << "\n";
  }
  return kOk;
}

}  // namespace
}  // namespace uploads_command

void setup_uploads(CLI::App& app, Run& run) {
  using namespace uploads_command;
  auto* group = app.add_subcommand("uploads", "Uploaded files");
  group->require_subcommand(1);
  auto from = std::make_shared<std::string>();
  auto* m = group->add_subcommand("migrate", "Move the files of older uploads (data_dir/uploads) into the database (idempotent)");
  m->add_option("--from", *from, "The uploads directory (default: data_dir/uploads)");
  m->callback([&run, from] { run = [from](Context& ctx) { return migrate(ctx, *from); }; });
}

}  // namespace camp::cli
