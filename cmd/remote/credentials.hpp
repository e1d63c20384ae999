#pragma once
// Which school a run talks to, and with which token (docs/design.md, "Remote mode"):
// remote mode is on when a server is named (--server, else CAMP_SERVER); the token is
// CAMP_TOKEN, else the one `camp login` stored for that same server in
// $XDG_CONFIG_HOME/camp/credentials.json (default ~/.config/camp; file 0600, folder 0700).
// Logging in alone never sends a command elsewhere: `camp db migrate` on the school's own
// machine stays local.
#include <filesystem>
#include <optional>
#include <string>

namespace camp::cli::remote {

struct Remote {
  std::string server, token;
};

std::filesystem::path credentials_path();
std::optional<Remote> stored_credentials();
void store_credentials(const Remote& r);
bool remove_credentials();  // false when there was nothing stored

// "https://school.example.com/" and "https://school.example.com" are one server.
std::string normalise_server(std::string server);

// The remote school of this run, or nullopt to run locally. A named server without a token
// throws errc::unauthenticated.
std::optional<Remote> choose_remote(const std::optional<std::string>& server_option);

}  // namespace camp::cli::remote
