// camp accounts export ACCOUNT --out FILE.zip: an operator's copy of everything the school holds
// about an account, to answer a disclosure request made by post (docs/privacy.md "My data
// export"). The same ZIP as the settings' download, built at once, audited as the CLI user.
#include <fcntl.h>
#include <unistd.h>

#include <iostream>
#include <memory>

#include "app/services.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace privacy_command {
namespace {

struct ExportOptions {
  std::string account;
  std::string out;
  std::string reason = "郵送による開示請求への回答";
};

// 0600: the file is personal data; an existing file is replaced.
void write_private_file(const std::string& path, const std::string& bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw Error(errc::unavailable, "cannot write " + path);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const auto n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) {
      ::close(fd);
      throw Error(errc::unavailable, "cannot write " + path);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) throw Error(errc::unavailable, "cannot write " + path);
}

int export_account(Context& ctx, const ExportOptions& o) {
  const auto account = find_account(ctx, o.account);
  const auto file = ctx.services().data_exports.export_now(accounts::Account::system(), account.id, o.reason);
  write_private_file(o.out, file.zip);
  if (ctx.json()) print_json({{"account_id", account.id}, {"file", o.out}, {"bytes", file.zip.size()}});
  else std::cout << "wrote the data of account " << account.id << " to " << o.out << " (" << file.zip.size() << " bytes)\n";
  return kOk;
}

}  // namespace
}  // namespace privacy_command

void setup_accounts_export(CLI::App& accounts_group, Run& run) {
  using namespace privacy_command;
  auto* cmd = accounts_group.add_subcommand(
      "export", "Write a ZIP of everything the school holds about an account (a disclosure request by post)");
  auto o = std::make_shared<ExportOptions>();
  cmd->add_option("ACCOUNT", o->account, "Account id or e-mail")->required();
  cmd->add_option("--out", o->out, "The ZIP file to write (mode 0600)")->required();
  cmd->add_option("--reason", o->reason, "Why the personal data is exported (audit log)")->default_str(o->reason);
  cmd->callback([&run, o] { run = [o](Context& ctx) { return export_account(ctx, *o); }; });
}

}  // namespace camp::cli
