#pragma once
// Configuration: built-in defaults, then the YAML file, then CAMP_* environment variables.
// config/camp.example.yaml documents every key.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace camp {

struct RateLimits {
  // Per e-mail from anywhere: past it, logins for that e-mail are slowed down, never refused.
  int login_failures_per_email = 5;
  int login_failures_per_address = 30;  // per client address (IPv6: per /64): then 429
  int login_failures_per_email_and_address = 5;  // per (e-mail, address) pair: then 429
  int login_slowdown_max_ms = 2000;  // the per-e-mail slow-down's ceiling
  int window_seconds = 900;
  // Password reset requests (not failures: every request counts), same window: past either,
  // 429 with Retry-After. Per e-mail whether registered or not, so the answer tells nothing.
  int password_resets_per_email = 3;
  int password_resets_per_address = 20;
};

struct CableLimits {
  std::size_t max_connections = 10000;
  std::size_t max_message_bytes = 64 * 1024;  // frames and whole messages
  std::size_t send_queue_bytes = 256 * 1024;  // per connection; past it the client is dropped
  std::vector<std::string> allowed_origins;   // besides the daemon's own origin
  int presence_ttl_seconds = 60;
  std::size_t max_connections_per_account = 20;       // more get the connection refused
  std::size_t max_subscriptions_per_connection = 50;  // more get reject_subscription
  int commands_per_10_seconds = 100;                  // past it commands are ignored (and logged)
};

// The mail outbox and its delivery (docs/mail.md).
struct MailConfig {
  std::string from_address = "noreply@camp.invalid";  // From: and the SMTP envelope sender
  std::string from_name;                             // the From: display name (UTF-8)
  std::string smtp_url;            // smtp://HOST:PORT or smtps://HOST:PORT; empty: .eml files in data_dir/mail
  std::string smtp_starttls = "required";  // required | try | off (smtp:// only; smtps:// is TLS throughout)
  std::string smtp_username;
  std::string smtp_password;       // never logged
  int smtp_connect_timeout_seconds = 10;
  int smtp_timeout_seconds = 60;   // a whole delivery
  int max_attempts = 8;            // then the mail is marked failed
  int retry_base_seconds = 60;     // wait after the first failure; doubles per further failure,
  int retry_max_seconds = 3600;    // up to this
  int delivery_threads = 1;        // per daemon, each with its own database connection
  int poll_seconds = 5;            // besides the NOTIFY on enqueue
  // Nothing left waiting (lib/mail/waiting.hpp): the daily digest to mentors and the reminders.
  bool digest_enabled = true;      // the daemons run it (camp mail digest run works regardless)
  int digest_hour = 9;             // from this hour of the school day (Asia/Tokyo), once per day
  std::vector<std::string> digest_roles = {"basic_mentor", "advanced_mentor", "spot_advanced_mentor"};
  int digest_unanswered_days = 2;  // a question without an answer this long is in the digest
  int reminder_unsolved_days = 7;  // answered this long ago and still unsolved: remind the asker once
};

// The notifications' daily scan (docs/notifications.md "Scheduled notifications").
struct NotificationScanConfig {
  bool enabled = true;          // the daemons run it (camp notifications scan works regardless)
  int hour = 9;                 // from this hour of the school day (Asia/Tokyo), once per day
  int review_overdue_days = 3;  // a claimed submission not reviewed this long: its claimer hears
  int unanswered_days = 3;      // a question without an answer this long: the mentors hear
  // Nothing claimed, asked or due longer ago than this is looked at: its mark (what was told)
  // is pruned after notifications.retention_days, which this follows.
  int lookback_days = 180;
};

// The AI chat (docs/ai-chat.md). No base_url: the offline default (the school's own Q&A and
// curriculum, quoted with links) answers.
struct AiChatConfig {
  std::string base_url;            // an OpenAI-compatible API, e.g. https://api.openai.com/v1
  std::string model = "gpt-4o-mini";
  std::string api_key;             // never logged (also CAMP_AI_CHAT_API_KEY)
  int connect_timeout_ms = 5000;
  int idle_timeout_ms = 20000;     // no byte from the provider this long: the answer fails
  int max_input_chars = 2000;      // one message of the student
  int messages_per_hour = 30;      // per account
  int daily_tokens_per_account = 50000;  // the provider's reported usage, per school day (Asia/Tokyo)
  int max_answer_tokens = 800;     // max_tokens of each request
  int sources = 5;                 // passages in a prompt (and in an offline answer)
  int max_streams = 500;           // answers streaming at once per daemon; more wait their turn
};

struct Config {
  std::string listen = "127.0.0.1:8080";
  std::string database_url;  // empty: a private PostgreSQL cluster under data_dir
  // A direct (or PgBouncer session-mode) connection for what needs a session: each daemon's
  // LISTEN connection, `camp db migrate` (advisory lock), `camp db backup|restore`. Empty:
  // database_url.
  std::string session_database_url;
  // Off behind PgBouncer < 1.21 in transaction mode: statements are sent with their parameters
  // (unnamed, PQexecParams) instead of prepared once per connection.
  bool database_prepared_statements = true;
  std::string data_dir = "var";
  std::string jwt_secret;    // empty: read from jwt_secret_file, else generated into data_dir/jwt_secret
  // A key file the operator gives every daemon (0600, never created by camp): with several
  // daemons on one database, the same key everywhere and nothing read from data_dir.
  std::string jwt_secret_file;
  int session_ttl_days = 30;
  int workers = 0;           // 0: two per CPU core
  std::size_t upload_max_bytes = 5 * 1024 * 1024;
  std::size_t upload_quota_bytes = 100 * 1024 * 1024;  // all of one account's uploads together
  int uploads_per_hour = 60;                            // per account
  std::size_t upload_cache_bytes = 64 * 1024 * 1024;    // served uploads kept in each daemon's memory
  std::size_t max_header_bytes = 16 * 1024;
  std::size_t max_json_body_bytes = 1024 * 1024;
  std::size_t max_connections = 2048;             // open HTTP connections (RESTinio waits past it)
  std::size_t max_connections_per_address = 256;  // per client address (IPv6: per /64)
  int read_timeout_seconds = 30;                  // to read a whole request, or idle keep-alive
  // Threads that parse requests and write answers (and answer from memory). Two on one event
  // loop hand each request between them (a wake-up each): one is cheaper per request, two serve
  // more from memory at saturation. Several daemons on one machine: one each (docs/deploy.md).
  int io_threads = 2;
  std::string log_level = "info";
  std::string log_format = "text";  // text | json
  // interactive: argon2id at libsodium's interactive limits (64 MiB, ~70 ms a hash).
  // minimum_for_tests: its smallest limits, for test suites that create and log in thousands of
  // accounts (as Django's fast test hasher); never for real passwords (campd warns at start).
  std::string password_hashing = "interactive";
  RateLimits rate_limits;
  std::vector<std::string> trusted_proxies;  // addresses whose X-Forwarded-For is believed
  std::string webui_dir = "webui/dist";
  std::string privacy_policy_url = "https://potepan.com/privacy-policy";
  std::string terms_url = "https://potepan.com/terms";
  // Where people reach the web app: the base of every link in a mail (no trailing slash). Not
  // configured: http://<listen> (a wildcard listen address gives 127.0.0.1), see load_config.
  std::string public_url;
  bool public_url_from_listen = false;  // public_url was not configured: it follows listen
  int shutdown_grace_seconds = 10;
  CableLimits cable;
  MailConfig mail;
  AiChatConfig ai_chat;
  // Notifications older than this are deleted (docs/notifications.md "Retention").
  int notification_retention_days = 180;
  NotificationScanConfig notification_scan;
  // The questionnaires' key file (docs/questionnaires.md); empty: data_dir/questionnaire_keys.
  std::string questionnaire_key_file_path;
  // Roles whose accounts must use two-factor login (TOTP); an account of such a role without
  // it is sent to enrolment (docs/privacy.md "Two-factor login"). Empty: optional for everyone.
  std::vector<std::string> two_factor_required_roles;
  // Sealed subsidy answers of an anonymised account are kept this many years after the course
  // end, then deleted (docs/privacy.md "Deletion requests").
  int subsidy_retention_years = 5;

  std::string listen_host() const;
  unsigned short listen_port() const;
  // The address campd listens on as a URL: what a browser on this machine opens (a wildcard
  // address gives 127.0.0.1 or [::1]).
  std::string listen_url() const;
  std::string uploads_dir() const;  // where uploads were files before migration 0039 (`camp uploads migrate`)
  std::string mail_dir() const;
  std::string questionnaire_key_file() const;  // data_dir/mail: the .eml files when no SMTP server is configured
};

// A key of the config file that camp does not know (a typo, usually), with the known key
// nearest to it (empty when none is close).
struct UnknownKey {
  std::string key, nearest, file;
};

// Loads the file at `path` (or $CAMP_CONFIG, or nothing) and applies the environment.
// Throws camp::Error(invalid) naming the key when a value is wrong or a key unknown.
Config load_config(const std::optional<std::string>& path);
// The same, but unknown keys are collected into `unknown` instead of refused (camp doctor).
Config load_config(const std::optional<std::string>& path, std::vector<UnknownKey>& unknown);

}  // namespace camp
