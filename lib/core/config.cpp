#include "core/config.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>

#include "core/error.hpp"
#include "core/text.hpp"

namespace camp {
namespace {

namespace fs = std::filesystem;

// One setter per key, named by its dotted path; the environment name is derived from it
// (rate_limits.window_seconds -> CAMP_RATE_LIMITS_WINDOW_SECONDS).
using Setter = std::function<void(Config&, const YAML::Node&)>;

template <class T>
Setter set(T Config::*member) {
  return [member](Config& c, const YAML::Node& n) { c.*member = n.as<T>(); };
}
template <class T>
Setter set_cable(T CableLimits::*member) {
  return [member](Config& c, const YAML::Node& n) { c.cable.*member = n.as<T>(); };
}
template <class T>
Setter set_limit(T RateLimits::*member) {
  return [member](Config& c, const YAML::Node& n) { c.rate_limits.*member = n.as<T>(); };
}

template <class T>
Setter set_mail(T MailConfig::*member) {
  return [member](Config& c, const YAML::Node& n) { c.mail.*member = n.as<T>(); };
}

template <class T>
Setter set_scan(T NotificationScanConfig::*member) {
  return [member](Config& c, const YAML::Node& n) { c.notification_scan.*member = n.as<T>(); };
}

template <class T>
Setter set_ai(T AiChatConfig::*member) {
  return [member](Config& c, const YAML::Node& n) { c.ai_chat.*member = n.as<T>(); };
}

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> all = {
      {"listen", set(&Config::listen)},
      {"database_url", set(&Config::database_url)},
      {"session_database_url", set(&Config::session_database_url)},
      {"database_prepared_statements", set(&Config::database_prepared_statements)},
      {"data_dir", set(&Config::data_dir)},
      {"jwt_secret", set(&Config::jwt_secret)},
      {"jwt_secret_file", set(&Config::jwt_secret_file)},
      {"session_ttl_days", set(&Config::session_ttl_days)},
      {"workers", set(&Config::workers)},
      {"uploads.max_bytes", set(&Config::upload_max_bytes)},
      {"uploads.quota_bytes", set(&Config::upload_quota_bytes)},
      {"uploads.per_hour", set(&Config::uploads_per_hour)},
      {"uploads.cache_bytes", set(&Config::upload_cache_bytes)},
      {"http.max_header_bytes", set(&Config::max_header_bytes)},
      {"http.max_json_body_bytes", set(&Config::max_json_body_bytes)},
      {"http.max_connections", set(&Config::max_connections)},
      {"http.max_connections_per_address", set(&Config::max_connections_per_address)},
      {"http.read_timeout_seconds", set(&Config::read_timeout_seconds)},
      {"http.io_threads", set(&Config::io_threads)},
      {"log.level", set(&Config::log_level)},
      {"log.format", set(&Config::log_format)},
      {"password_hashing", set(&Config::password_hashing)},
      {"rate_limits.login_failures_per_email", set_limit(&RateLimits::login_failures_per_email)},
      {"rate_limits.login_failures_per_address", set_limit(&RateLimits::login_failures_per_address)},
      {"rate_limits.login_failures_per_email_and_address",
       set_limit(&RateLimits::login_failures_per_email_and_address)},
      {"rate_limits.login_slowdown_max_ms", set_limit(&RateLimits::login_slowdown_max_ms)},
      {"rate_limits.window_seconds", set_limit(&RateLimits::window_seconds)},
      {"rate_limits.password_resets_per_email", set_limit(&RateLimits::password_resets_per_email)},
      {"rate_limits.password_resets_per_address", set_limit(&RateLimits::password_resets_per_address)},
      {"trusted_proxies", set(&Config::trusted_proxies)},
      {"webui_dir", set(&Config::webui_dir)},
      {"links.privacy_policy_url", set(&Config::privacy_policy_url)},
      {"links.terms_url", set(&Config::terms_url)},
      {"public_url", set(&Config::public_url)},
      {"questionnaires.key_file", set(&Config::questionnaire_key_file_path)},
      {"two_factor.required_roles", set(&Config::two_factor_required_roles)},
      {"privacy.subsidy_retention_years", set(&Config::subsidy_retention_years)},
      {"notifications.retention_days", set(&Config::notification_retention_days)},
      {"notifications.scan.enabled", set_scan(&NotificationScanConfig::enabled)},
      {"notifications.scan.hour", set_scan(&NotificationScanConfig::hour)},
      {"notifications.scan.review_overdue_days", set_scan(&NotificationScanConfig::review_overdue_days)},
      {"notifications.scan.unanswered_days", set_scan(&NotificationScanConfig::unanswered_days)},
      {"shutdown_grace_seconds", set(&Config::shutdown_grace_seconds)},
      {"cable.max_connections", set_cable(&CableLimits::max_connections)},
      {"cable.max_message_bytes", set_cable(&CableLimits::max_message_bytes)},
      {"cable.send_queue_bytes", set_cable(&CableLimits::send_queue_bytes)},
      {"cable.allowed_origins", set_cable(&CableLimits::allowed_origins)},
      {"cable.presence_ttl_seconds", set_cable(&CableLimits::presence_ttl_seconds)},
      {"cable.max_connections_per_account", set_cable(&CableLimits::max_connections_per_account)},
      {"cable.max_subscriptions_per_connection", set_cable(&CableLimits::max_subscriptions_per_connection)},
      {"cable.commands_per_10_seconds", set_cable(&CableLimits::commands_per_10_seconds)},
      {"mail.from_address", set_mail(&MailConfig::from_address)},
      {"mail.from_name", set_mail(&MailConfig::from_name)},
      {"mail.smtp.url", set_mail(&MailConfig::smtp_url)},
      {"mail.smtp.starttls", set_mail(&MailConfig::smtp_starttls)},
      {"mail.smtp.username", set_mail(&MailConfig::smtp_username)},
      {"mail.smtp.password", set_mail(&MailConfig::smtp_password)},
      {"mail.smtp.connect_timeout_seconds", set_mail(&MailConfig::smtp_connect_timeout_seconds)},
      {"mail.smtp.timeout_seconds", set_mail(&MailConfig::smtp_timeout_seconds)},
      {"mail.max_attempts", set_mail(&MailConfig::max_attempts)},
      {"mail.retry_base_seconds", set_mail(&MailConfig::retry_base_seconds)},
      {"mail.retry_max_seconds", set_mail(&MailConfig::retry_max_seconds)},
      {"mail.delivery_threads", set_mail(&MailConfig::delivery_threads)},
      {"mail.poll_seconds", set_mail(&MailConfig::poll_seconds)},
      {"mail.digest.enabled", set_mail(&MailConfig::digest_enabled)},
      {"mail.digest.hour", set_mail(&MailConfig::digest_hour)},
      {"mail.digest.roles", set_mail(&MailConfig::digest_roles)},
      {"mail.digest.unanswered_days", set_mail(&MailConfig::digest_unanswered_days)},
      {"mail.reminders.unsolved_days", set_mail(&MailConfig::reminder_unsolved_days)},
      {"ai_chat.base_url", set_ai(&AiChatConfig::base_url)},
      {"ai_chat.model", set_ai(&AiChatConfig::model)},
      {"ai_chat.api_key", set_ai(&AiChatConfig::api_key)},
      {"ai_chat.connect_timeout_ms", set_ai(&AiChatConfig::connect_timeout_ms)},
      {"ai_chat.idle_timeout_ms", set_ai(&AiChatConfig::idle_timeout_ms)},
      {"ai_chat.max_input_chars", set_ai(&AiChatConfig::max_input_chars)},
      {"ai_chat.messages_per_hour", set_ai(&AiChatConfig::messages_per_hour)},
      {"ai_chat.daily_tokens_per_account", set_ai(&AiChatConfig::daily_tokens_per_account)},
      {"ai_chat.max_answer_tokens", set_ai(&AiChatConfig::max_answer_tokens)},
      {"ai_chat.sources", set_ai(&AiChatConfig::sources)},
      {"ai_chat.max_streams", set_ai(&AiChatConfig::max_streams)},
  };
  return all;
}

std::string env_name(const std::string& key) {
  std::string name = "CAMP_";
  for (char ch : key) name += ch == '.' ? '_' : static_cast<char>(std::toupper(ch));
  return name;
}

void apply(Config& c, const std::string& key, const YAML::Node& value, const std::string& origin) {
  try {
    setters().at(key)(c, value);
  } catch (const YAML::Exception&) {
    throw Error(errc::invalid, "config: bad value for '" + key + "' in " + origin);
  }
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The known key an unknown one was meant to be: the same key in another section
// ("smtp.url" -> "mail.smtp.url"), else the closest spelling within a third of its length.
std::string nearest_key(const std::string& key) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, key.size() / 3) + 1;
  for (const auto& [known, setter] : setters()) {
    if (known.size() > key.size() && known.ends_with("." + key)) return known;
    if (const auto d = edit_distance(key, known); d < best_distance) {
      best = known;
      best_distance = d;
    }
  }
  return best;
}

using UnknownKeys = std::vector<UnknownKey>;

void walk(Config& c, const YAML::Node& node, const std::string& prefix, const std::string& file, UnknownKeys* unknown) {
  for (const auto& kv : node) {
    const std::string key = prefix + kv.first.as<std::string>();
    if (setters().count(key)) {
      apply(c, key, kv.second, file);
    } else if (kv.second.IsMap()) {
      walk(c, kv.second, key + ".", file, unknown);
    } else if (unknown) {
      unknown->push_back({key, nearest_key(key), file});
    } else {
      const auto nearest = nearest_key(key);
      throw Error(errc::invalid, "config: unknown key '" + key + "' in " + file +
                                     (nearest.empty() ? "" : " (did you mean '" + nearest + "'?)"));
    }
  }
}

bool known_role(const std::string& role) {
  return role == "admin" || role == "basic_mentor" || role == "advanced_mentor" || role == "spot_advanced_mentor" ||
         role == "student" || role == "graduate" || role == "trial";
}

void validate_mail(const MailConfig& m) {
  const auto at = m.from_address.find('@');
  if (at == std::string::npos || at == 0 || at + 1 == m.from_address.size() ||
      m.from_address.find_first_of(" <>\r\n\"") != std::string::npos)
    throw Error(errc::invalid, "config: mail.from_address must be a plain address like noreply@example.com");
  if (!text::valid_utf8(m.from_name) || !text::one_line(m.from_name))
    throw Error(errc::invalid, "config: mail.from_name must be one line");
  if (!m.smtp_url.empty() && m.smtp_url.rfind("smtp://", 0) != 0 && m.smtp_url.rfind("smtps://", 0) != 0)
    throw Error(errc::invalid, "config: mail.smtp.url must start with smtp:// or smtps://");
  if (m.smtp_starttls != "required" && m.smtp_starttls != "try" && m.smtp_starttls != "off")
    throw Error(errc::invalid, "config: mail.smtp.starttls must be required, try or off");
  if (m.smtp_connect_timeout_seconds < 1 || m.smtp_timeout_seconds < 1 || m.max_attempts < 1 ||
      m.retry_base_seconds < 1 || m.retry_max_seconds < m.retry_base_seconds || m.poll_seconds < 1)
    throw Error(errc::invalid, "config: mail timeouts, max_attempts, retry and poll seconds must be >= 1 "
                               "(retry_max_seconds >= retry_base_seconds)");
  if (m.delivery_threads < 0 || m.delivery_threads > 16)
    throw Error(errc::invalid, "config: mail.delivery_threads must be 0..16 (0: this daemon delivers nothing)");
  if (m.digest_hour < 0 || m.digest_hour > 23) throw Error(errc::invalid, "config: mail.digest.hour must be 0..23");
  if (m.digest_unanswered_days < 1 || m.digest_unanswered_days > 365 || m.reminder_unsolved_days < 1 ||
      m.reminder_unsolved_days > 365)
    throw Error(errc::invalid, "config: mail.digest.unanswered_days and mail.reminders.unsolved_days must be 1..365");
  if (m.digest_roles.empty()) throw Error(errc::invalid, "config: mail.digest.roles must name at least one role");
  for (const auto& role : m.digest_roles)
    if (!known_role(role))
      throw Error(errc::invalid, "config: mail.digest.roles: unknown role '" + role + "'");
}

void validate(const Config& c) {
  if (c.listen.rfind(':') == std::string::npos)
    throw Error(errc::invalid, "config: listen must be HOST:PORT, got '" + c.listen + "'");
  if (c.log_format != "text" && c.log_format != "json")
    throw Error(errc::invalid, "config: log.format must be text or json");
  if (c.password_hashing != "interactive" && c.password_hashing != "minimum_for_tests")
    throw Error(errc::invalid, "config: password_hashing must be interactive or minimum_for_tests");
  if (c.session_ttl_days < 1) throw Error(errc::invalid, "config: session_ttl_days must be >= 1");
  if (c.upload_max_bytes < 1024) throw Error(errc::invalid, "config: uploads.max_bytes too small");
  if (c.workers < 0) throw Error(errc::invalid, "config: workers must be >= 0");
  if (c.cable.max_message_bytes < 1024 || c.cable.send_queue_bytes < c.cable.max_message_bytes)
    throw Error(errc::invalid, "config: cable.max_message_bytes >= 1024 and cable.send_queue_bytes >= it");
  if (c.io_threads < 1 || c.io_threads > 64) throw Error(errc::invalid, "config: http.io_threads must be 1 to 64");
  if (c.max_connections < 1 || c.max_connections_per_address < 1 || c.read_timeout_seconds < 1)
    throw Error(errc::invalid, "config: http.max_connections, max_connections_per_address, read_timeout_seconds must be >= 1");
  if (c.cable.max_connections_per_account < 1 || c.cable.max_subscriptions_per_connection < 1 ||
      c.cable.commands_per_10_seconds < 1)
    throw Error(errc::invalid, "config: cable per-account, per-connection and command limits must be >= 1");
  if (c.cable.presence_ttl_seconds < 3) throw Error(errc::invalid, "config: cable.presence_ttl_seconds must be >= 3");
  const auto& r = c.rate_limits;
  if (r.login_failures_per_email < 1 || r.login_failures_per_address < 1 ||
      r.login_failures_per_email_and_address < 1 || r.window_seconds < 1 || r.password_resets_per_email < 1 ||
      r.password_resets_per_address < 1)
    throw Error(errc::invalid, "config: rate_limits values must be >= 1");
  if (r.login_slowdown_max_ms < 0 || r.login_slowdown_max_ms > 10000)
    throw Error(errc::invalid, "config: rate_limits.login_slowdown_max_ms must be 0..10000");
  if (c.upload_quota_bytes < c.upload_max_bytes)
    throw Error(errc::invalid, "config: uploads.quota_bytes must be >= uploads.max_bytes");
  if (c.uploads_per_hour < 1) throw Error(errc::invalid, "config: uploads.per_hour must be >= 1");
  validate_mail(c.mail);
  for (const auto& role : c.two_factor_required_roles)
    if (!known_role(role)) throw Error(errc::invalid, "config: two_factor.required_roles: unknown role '" + role + "'");
  if (c.notification_retention_days < 1 || c.notification_retention_days > 3650)
    throw Error(errc::invalid, "config: notifications.retention_days must be 1..3650");
  if (c.subsidy_retention_years < 1 || c.subsidy_retention_years > 20)
    throw Error(errc::invalid, "config: privacy.subsidy_retention_years must be 1..20");
  const auto& scan = c.notification_scan;
  if (scan.hour < 0 || scan.hour > 23) throw Error(errc::invalid, "config: notifications.scan.hour must be 0..23");
  if (scan.review_overdue_days < 1 || scan.review_overdue_days > 365 || scan.unanswered_days < 1 ||
      scan.unanswered_days > 365)
    throw Error(errc::invalid, "config: notifications.scan.review_overdue_days and unanswered_days must be 1..365");
  // The scan looks back notifications.retention_days at most (its marks are pruned then).
  if (c.notification_retention_days <= std::max(scan.review_overdue_days, scan.unanswered_days))
    throw Error(errc::invalid, "config: notifications.retention_days must be more than notifications.scan.review_overdue_days "
                               "and unanswered_days");
  const auto& ai = c.ai_chat;
  if (!ai.base_url.empty() && ai.base_url.rfind("http://", 0) != 0 && ai.base_url.rfind("https://", 0) != 0)
    throw Error(errc::invalid, "config: ai_chat.base_url must be an http:// or https:// URL (or empty: offline)");
  if (ai.connect_timeout_ms < 100 || ai.idle_timeout_ms < 100 || ai.max_input_chars < 10 || ai.max_input_chars > 20000 ||
      ai.messages_per_hour < 1 || ai.daily_tokens_per_account < 1 || ai.max_answer_tokens < 16 || ai.sources < 1 ||
      ai.sources > 20 || ai.max_streams < 1)
    throw Error(errc::invalid, "config: ai_chat timeouts >= 100 ms, max_input_chars 10..20000, sources 1..20, the limits >= 1");
  if (!c.public_url.empty() && ((c.public_url.rfind("http://", 0) != 0 && c.public_url.rfind("https://", 0) != 0) ||
                                 c.public_url.find_first_of(" \r\n\"<>") != std::string::npos))
    throw Error(errc::invalid, "config: public_url must be an http:// or https:// URL, e.g. https://camp.example.com");
}

}  // namespace

std::string Config::listen_host() const { return listen.substr(0, listen.rfind(':')); }

unsigned short Config::listen_port() const {
  try {
    int port = std::stoi(listen.substr(listen.rfind(':') + 1));
    if (port < 0 || port > 65535) throw std::out_of_range("port");
    return static_cast<unsigned short>(port);
  } catch (const std::exception&) {
    throw Error(errc::invalid, "config: bad port in listen '" + listen + "'");
  }
}

std::string Config::listen_url() const {
  auto host = listen_host();
  if (host.empty() || host == "0.0.0.0") host = "127.0.0.1";
  else if (host == "::" || host == "[::]") host = "[::1]";
  else if (host.find(':') != std::string::npos && host.front() != '[') host = "[" + host + "]";
  return "http://" + host + ":" + std::to_string(listen_port());
}

std::string Config::uploads_dir() const { return (fs::path(data_dir) / "uploads").string(); }

std::string Config::mail_dir() const { return (fs::path(data_dir) / "mail").string(); }
std::string Config::questionnaire_key_file() const {
  return questionnaire_key_file_path.empty() ? (fs::path(data_dir) / "questionnaire_keys").string() : questionnaire_key_file_path;
}

namespace {

Config load(const std::optional<std::string>& path, UnknownKeys* unknown) {
  Config c;
  std::optional<std::string> file = path;
  if (!file)
    if (const char* env = std::getenv("CAMP_CONFIG"); env && *env) file = env;
  if (file) {
    YAML::Node root;
    try {
      root = YAML::LoadFile(*file);
    } catch (const YAML::BadFile&) {
      throw Error(errc::not_found, "config: cannot read " + *file);
    } catch (const YAML::Exception& e) {
      throw Error(errc::invalid, "config: " + *file + ": " + e.what());
    }
    if (root.IsMap()) walk(c, root, "", *file, unknown);
    else if (!root.IsNull()) throw Error(errc::invalid, "config: " + *file + " is not a mapping");
  }
  for (const auto& [key, setter] : setters()) {
    const auto name = env_name(key);
    if (const char* value = std::getenv(name.c_str())) {
      // Lists come from the environment as comma-separated values.
      YAML::Node node = key == "trusted_proxies" || key == "cable.allowed_origins" || key == "mail.digest.roles" || key == "two_factor.required_roles" ? YAML::Load("[" + std::string(value) + "]")
                                                 : YAML::Node(std::string(value));
      apply(c, key, node, name);
    }
  }
  validate(c);
  // The scan's marks are pruned with the notifications: it looks back no further.
  c.notification_scan.lookback_days = c.notification_retention_days;
  c.data_dir = fs::absolute(c.data_dir).lexically_normal().string();
  if (!c.data_dir.empty() && c.data_dir.back() == '/') c.data_dir.pop_back();
  c.public_url_from_listen = c.public_url.empty();
  if (c.public_url_from_listen) c.public_url = c.listen_url();
  while (c.public_url.size() > 8 && c.public_url.back() == '/') c.public_url.pop_back();
  if (!c.webui_dir.empty()) c.webui_dir = fs::absolute(c.webui_dir).lexically_normal().string();
  return c;
}

}  // namespace

Config load_config(const std::optional<std::string>& path) { return load(path, nullptr); }

Config load_config(const std::optional<std::string>& path, std::vector<UnknownKey>& unknown) {
  return load(path, &unknown);
}

}  // namespace camp
