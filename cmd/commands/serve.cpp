// camp serve: runs the daemon (campd, installed next to camp) with the same config.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "context.hpp"
#include "core/error.hpp"

namespace camp::cli {

void setup_serve(CLI::App& app, Run& run, const char* argv0) {
  auto* serve = app.add_subcommand("serve", "Run the HTTP server (campd) in the foreground");
  serve->callback([&run, argv0] {
    run = [argv0](Context& ctx) {
      if (ctx.api()) throw LocalOnly();  // it reads no config of its own: say so before campd does
      std::error_code ec;
      auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
      const auto campd = (ec ? std::filesystem::path(argv0) : self).parent_path() / "campd";
      std::vector<std::string> args{campd.string()};
      if (const auto& path = ctx.globals().config_path) args.insert(args.end(), {"--config", *path});
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      throw Error(errc::internal, "cannot run " + campd.string() + ": " + std::strerror(errno));
      return 1;
    };
  });
}

}  // namespace camp::cli
