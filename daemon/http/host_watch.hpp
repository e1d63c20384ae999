#pragma once
// Mail links, the calendar feed and the invitations are built from config `public_url`. When
// people reach campd under another name, those links lead elsewhere: campd says so in its log,
// once per daemon, naming both (docs/operations.md "public_url").
#include <atomic>
#include <string>
#include <string_view>

namespace camp::http {

class HostWatch {
 public:
  explicit HostWatch(std::string_view public_url);
  // The request's Host (a proxy passes the client's: nginx `proxy_set_header Host $host`). Logs
  // a warning the first time it names another authority than public_url's; returns whether it did.
  bool observe(std::string_view host);

 private:
  std::string expected_;  // lower case host[:port], without the scheme's default port
  std::string default_port_;
  std::atomic<bool> warned_{false};
};

// "Example.COM:443" for https → "example.com"; the form HostWatch compares.
std::string normalise_authority(std::string_view authority, std::string_view default_port);

}  // namespace camp::http
