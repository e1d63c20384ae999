#pragma once
// Configuration: built-in defaults, then the YAML file, then CAMP_* environment variables.
// config/camp.example.yaml documents every key.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace camp {

struct RateLimits {
  int login_failures_per_email = 5;
  int login_failures_per_address = 30;
  int window_seconds = 900;
};

struct CableLimits {
  std::size_t max_connections = 10000;
  std::size_t max_message_bytes = 64 * 1024;  // frames and whole messages
  std::size_t send_queue_bytes = 256 * 1024;  // per connection; past it the client is dropped
  std::vector<std::string> allowed_origins;   // besides the daemon's own origin
  int presence_ttl_seconds = 60;
};

struct Config {
  std::string listen = "127.0.0.1:8080";
  std::string database_url;  // empty: a private PostgreSQL cluster under data_dir
  std::string data_dir = "var";
  std::string jwt_secret;    // empty: generated into data_dir/jwt_secret on first start
  int session_ttl_days = 30;
  int workers = 0;           // 0: two per CPU core
  std::size_t upload_max_bytes = 5 * 1024 * 1024;
  std::size_t max_header_bytes = 16 * 1024;
  std::size_t max_json_body_bytes = 1024 * 1024;
  std::string log_level = "info";
  std::string log_format = "text";  // text | json
  RateLimits rate_limits;
  std::vector<std::string> trusted_proxies;  // addresses whose X-Forwarded-For is believed
  std::string webui_dir = "webui/dist";
  std::string privacy_policy_url = "https://potepan.com/privacy-policy";
  std::string terms_url = "https://potepan.com/terms";
  int shutdown_grace_seconds = 10;
  CableLimits cable;

  std::string listen_host() const;
  unsigned short listen_port() const;
  std::string uploads_dir() const;
};

// Loads the file at `path` (or $CAMP_CONFIG, or nothing) and applies the environment.
// Throws camp::Error(invalid) naming the key when a value is wrong.
Config load_config(const std::optional<std::string>& path);

}  // namespace camp
