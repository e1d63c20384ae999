// camp db backup FILE | camp db restore FILE: one archive (POSIX tar) holding
//   database.dump  pg_dump --format=custom of the camp database (uploads included: their bytes
//                  are blobs in it since migration 0039),
//   jwt_secret     data_dir/jwt_secret, when the key lives there (not when set in the config).
// An archive of an older version also holds uploads/ (data_dir/uploads): restore puts it back
// there for `camp db migrate` and `camp uploads migrate`.
// Both talk to the database through session_url() (a direct connection, not PgBouncer's
// transaction mode: pg_dump and pg_restore need a session). docs/deploy.md, "Backups".
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "context.hpp"
#include "core/error.hpp"
#include "core/process.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace db_backup_command {
namespace {

namespace fs = std::filesystem;

// A scratch directory under `parent`, removed on scope exit.
struct Scratch {
  explicit Scratch(const fs::path& parent) {
    fs::create_directories(parent);
    std::string tmpl = (parent / ".camp-backup.XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw Error(errc::internal, "cannot create a temporary directory");
    path = tmpl;
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};

void run_or_throw(const std::vector<std::string>& argv, const std::string& what) {
  auto r = run_process(argv);
  if (r.exit_code != 0) throw Error(errc::internal, what + " failed").with_detail(r.output);
}

std::string session_url(Context& ctx) {
  const auto& c = ctx.config();
  return c.session_database_url.empty() ? ctx.database_url() : c.session_database_url;
}

int backup(Context& ctx, const std::string& file) {
  const fs::path data_dir = ctx.config().data_dir;
  Scratch scratch(fs::temp_directory_path());
  // pg_dump takes one consistent snapshot, uploads included; the daemons may keep running.
  run_or_throw({"pg_dump", "--format=custom", "--no-owner", "--file", (scratch.path / "database.dump").string(),
                "--dbname", session_url(ctx)},
               "pg_dump");
  std::error_code ec;
  std::vector<std::string> tar = {"tar", "--create", "--file", fs::absolute(file).string(),
                                  "-C", scratch.path.string(), "database.dump"};
  const bool key = fs::exists(data_dir / "jwt_secret", ec);
  if (key) tar.insert(tar.end(), {"-C", data_dir.string(), "jwt_secret"});
  run_or_throw(tar, "tar");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write, ec);  // it holds the signing key
  const auto bytes = fs::file_size(file);
  if (ctx.json()) print_json({{"file", fs::absolute(file).string()}, {"bytes", bytes}, {"jwt_secret", key}});
  else std::cout << "backup written to " << file << " (" << bytes << " bytes" << (key ? ", with jwt_secret" : "") << ")\n";
  return kOk;
}

int restore(Context& ctx, const std::string& file) {
  const fs::path data_dir = ctx.config().data_dir;
  Scratch scratch(data_dir);  // inside data_dir: an old archive's uploads move into place with a rename
  run_or_throw({"tar", "--extract", "--file", fs::absolute(file).string(), "-C", scratch.path.string()}, "tar");
  if (!fs::exists(scratch.path / "database.dump"))
    throw Error(errc::invalid, file + " is not a camp backup (no database.dump in it)");
  // Everything of the dump replaces what is there, in one transaction: all or nothing.
  run_or_throw({"pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
                "--exit-on-error", "--dbname", session_url(ctx), (scratch.path / "database.dump").string()},
               "pg_restore");
  const bool old_uploads = fs::is_directory(scratch.path / "uploads");
  if (old_uploads) {
    fs::remove_all(data_dir / "uploads");
    fs::rename(scratch.path / "uploads", data_dir / "uploads");
  }
  const bool key = fs::exists(scratch.path / "jwt_secret");
  if (key) {
    fs::copy_file(scratch.path / "jwt_secret", data_dir / "jwt_secret", fs::copy_options::overwrite_existing);
    fs::permissions(data_dir / "jwt_secret", fs::perms::owner_read | fs::perms::owner_write);
  }
  if (ctx.json()) {
    print_json({{"restored", fs::absolute(file).string()}, {"jwt_secret", key}, {"uploads_to_migrate", old_uploads}});
  } else {
    std::cout << "restored " << file << " into the database" << (key ? " and " + data_dir.string() : "") << "\n";
    if (old_uploads)
      std::cout << "an older backup: its uploads are in " << (data_dir / "uploads").string()
                << "; run `camp db migrate`, then `camp uploads migrate`\n";
  }
  return kOk;
}

}  // namespace
}  // namespace db_backup_command

void setup_db_backup(CLI::App* db, Run& run) {
  using namespace db_backup_command;
  auto file = std::make_shared<std::string>();
  auto* b = db->add_subcommand("backup", "Write the database (pg_dump custom format, uploads included) and jwt_secret into one archive");
  b->add_option("file", *file, "The archive to write (tar)")->required();
  b->callback([&run, file] { run = [file](Context& ctx) { return backup(ctx, *file); }; });
  auto* r = db->add_subcommand("restore", "Replace the database (uploads included) and jwt_secret with an archive of `camp db backup` (stop the daemons first)");
  r->add_option("file", *file, "The archive to read")->required()->check(CLI::ExistingFile);
  r->callback([&run, file] { run = [file](Context& ctx) { return restore(ctx, *file); }; });
}

}  // namespace camp::cli
