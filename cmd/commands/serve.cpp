// camp serve: runs the daemon (campd, installed next to camp) with the same config.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "context.hpp"
#include "core/error.hpp"

namespace camp::cli {

void setup_serve(CLI::App& app, Globals& g, Run& run, const char* argv0) {
  auto* serve = app.add_subcommand("serve", "Run the HTTP server (campd) in the foreground");
  serve->callback([&g, &run, argv0] {
    run = [&g, argv0] {
      std::error_code ec;
      auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
      const auto campd = (ec ? std::filesystem::path(argv0) : self).parent_path() / "campd";
      std::vector<std::string> args{campd.string()};
      if (g.config_path) args.insert(args.end(), {"--config", *g.config_path});
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
