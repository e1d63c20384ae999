#include "remote/credentials.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace camp::cli::remote {
namespace {

std::optional<std::string> env(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  return std::string(v);
}

}  // namespace

std::filesystem::path credentials_path() {
  if (const auto xdg = env("XDG_CONFIG_HOME")) return std::filesystem::path(*xdg) / "camp" / "credentials.json";
  const auto home = env("HOME");
  if (!home) throw Error(errc::internal, "neither XDG_CONFIG_HOME nor HOME is set: nowhere to keep credentials");
  return std::filesystem::path(*home) / ".config" / "camp" / "credentials.json";
}

std::optional<Remote> stored_credentials() {
  std::ifstream in(credentials_path());
  if (!in) return std::nullopt;
  const auto j = nlohmann::json::parse(in, nullptr, false);
  if (!j.is_object() || !j.contains("server") || !j.contains("token"))
    throw Error(errc::invalid, "unreadable credentials in " + credentials_path().string() + ": run 'camp login' again");
  return Remote{j["server"].get<std::string>(), j["token"].get<std::string>()};
}

void store_credentials(const Remote& r) {
  const auto path = credentials_path();
  std::filesystem::create_directories(path.parent_path());
  ::chmod(path.parent_path().c_str(), 0700);
  // Written beside and renamed over: never a moment with half a file or a wider mode.
  const auto tmp = path.string() + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw Error(errc::internal, "cannot write " + tmp);
  const auto text = nlohmann::json{{"server", r.server}, {"token", r.token}}.dump(2) + "\n";
  const bool written = ::fchmod(fd, 0600) == 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (!written || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::filesystem::remove(tmp);
    throw Error(errc::internal, "cannot write " + path.string());
  }
}

bool remove_credentials() { return std::filesystem::remove(credentials_path()); }

std::string normalise_server(std::string server) {
  while (server.ends_with('/')) server.pop_back();
  return server;
}

std::optional<Remote> choose_remote(const std::optional<std::string>& server_option) {
  auto server = server_option && !server_option->empty() ? server_option : env("CAMP_SERVER");
  if (!server) return std::nullopt;
  *server = normalise_server(*server);
  if (const auto token = env("CAMP_TOKEN")) return Remote{*server, *token};
  if (const auto stored = stored_credentials(); stored && normalise_server(stored->server) == *server)
    return Remote{*server, stored->token};
  throw Error(errc::unauthenticated, "no token for " + *server + ": run 'camp login " + *server + "' or set CAMP_TOKEN");
}

}  // namespace camp::cli::remote
