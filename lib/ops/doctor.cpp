#include "ops/doctor.hpp"

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <pqxx/pqxx>

#include "core/config.hpp"
#include "core/school_time.hpp"
#include "db/cluster.hpp"
#include "db/health.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "mail/transport.hpp"

namespace camp::ops {
namespace {

namespace fs = std::filesystem;

// Below this much free space PostgreSQL and uploads are close to failing writes.
constexpr std::uintmax_t kMinFreeBytes = 1024ull * 1024 * 1024;
// camp is built and tested against Debian 12's PostgreSQL.
constexpr int kMinPostgresMajor = 15;

const char* const kExampleConfig = "config/camp.example.yaml lists every key";

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string mebibytes(std::uintmax_t bytes) { return std::to_string(bytes / (1024 * 1024)) + " MiB"; }

std::vector<Check> check_config(const std::optional<std::string>& path, std::optional<Config>& config) {
  std::vector<UnknownKey> unknown;
  try {
    config = load_config(path, unknown);
  } catch (const std::exception& e) {
    return {{"config", false, e.what(), "correct the file or the CAMP_* variable it names (" + std::string(kExampleConfig) + ")"}};
  }
  std::vector<Check> out;
  for (const auto& u : unknown)
    out.push_back({"config", false, "unknown key '" + u.key + "' in " + u.file + " (ignored)",
                   u.nearest.empty() ? "remove it (" + std::string(kExampleConfig) + ")"
                                     : "did you mean '" + u.nearest + "'? rename it"});
  if (out.empty()) {
    const char* env = std::getenv("CAMP_CONFIG");
    const auto file = path ? *path : env && *env ? std::string(env) : std::string();
    out.push_back({"config", true, file.empty() ? "no config file: built-in defaults and CAMP_* variables" : file + ": every key known", ""});
  }
  return out;
}

struct UrlParts {
  std::string scheme, host;
  int port = 0;
};

// scheme://host[:port][/path] (config validation has made sure of the scheme).
UrlParts split_url(const std::string& url) {
  UrlParts p;
  const auto scheme_end = url.find("://");
  p.scheme = url.substr(0, scheme_end);
  auto authority = url.substr(scheme_end + 3);
  authority = authority.substr(0, authority.find_first_of("/?#"));
  authority = authority.substr(authority.find('@') + 1);  // npos + 1 == 0: no user part
  const auto colon = authority.rfind(':');
  if (colon != std::string::npos && authority.find(']', colon) == std::string::npos) {
    p.host = authority.substr(0, colon);
    try {
      p.port = std::stoi(authority.substr(colon + 1));
    } catch (const std::exception&) {
    }
  } else {
    p.host = authority;
  }
  if (!p.port) p.port = p.scheme == "https" ? 443 : 80;
  return p;
}

bool loopback(const std::string& host) {
  return host == "localhost" || host.starts_with("127.") || host == "[::1]" || host == "::1";
}
bool wildcard(const std::string& host) { return host.empty() || host == "0.0.0.0" || host == "::" || host == "[::]"; }

Check check_public_url(const Config& c) {
  const std::string fix = "set public_url (CAMP_PUBLIC_URL) to the address people use, e.g. https://camp.example.com";
  if (c.public_url_from_listen) {
    if (wildcard(c.listen_host()))
      return {"public_url", false,
              "not set, and campd listens on every address (" + c.listen + "): links in mails point to " + c.public_url +
                  ", which only this machine reaches",
              fix};
    return {"public_url", true, "not set: links in mails point to " + c.public_url + " (it follows listen)",
            loopback(c.listen_host()) ? "before people on other machines use camp, " + fix : ""};
  }
  // A public_url naming the machine campd listens on must be campd itself (same port, plain
  // HTTP); any other host is a proxy in front of it, which camp cannot see from here.
  const auto url = split_url(c.public_url);
  const auto listen = split_url(c.listen_url());
  const bool same_machine = url.host == listen.host || (loopback(url.host) && (loopback(listen.host) || wildcard(c.listen_host())));
  if (same_machine && url.scheme == "http" && url.port != listen.port)
    return {"public_url", false,
            c.public_url + " is this machine at port " + std::to_string(url.port) + ", but campd listens on " + c.listen +
                ": links in mails lead nowhere",
            "set public_url to " + c.listen_url() + " (or the proxy's address), or listen to port " + std::to_string(url.port)};
  return {"public_url", true, "links in mails point to " + c.public_url, ""};
}

// A key file: present (or created on first start) and private to its owner.
Check check_key_file(const std::string& name, const std::string& path, const std::string& guards) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return {name, true, path + " does not exist yet: campd creates it (mode 0600) on first start", ""};
    return {name, false, "cannot look at " + path + ": " + std::strerror(errno), "run camp as the user campd runs as"};
  }
  if (!S_ISREG(st.st_mode)) return {name, false, path + " is not a file", "move it away; campd creates a new one on first start"};
  if (st.st_mode & (S_IRWXG | S_IRWXO))
    return {name, false, path + " can be read or written by group or others (anyone who can read it " + guards + "); campd refuses to start",
            "chmod 600 " + path};
  if (::access(path.c_str(), R_OK) != 0)
    return {name, false, path + " cannot be read by this user", "run camp as the user campd runs as (the file's owner)"};
  return {name, true, path + " (mode 0600)", ""};
}

Check check_jwt_secret(const Config& c) {
  if (c.jwt_secret.empty() && !c.jwt_secret_file.empty()) {
    if (::access(c.jwt_secret_file.c_str(), F_OK) != 0)
      return {"jwt_secret", false, "jwt_secret_file " + c.jwt_secret_file + " does not exist; campd refuses to start",
              "copy the key file every daemon shares there (mode 0600)"};
    return check_key_file("jwt_secret", c.jwt_secret_file, "can forge sessions");
  }
  if (c.jwt_secret.empty())
    return check_key_file("jwt_secret", (fs::path(c.data_dir) / "jwt_secret").string(), "can forge sessions");
  if (c.jwt_secret.size() < 32)
    return {"jwt_secret", false, "jwt_secret in the config is shorter than 32 characters; campd refuses to start",
            "use a random value: head -c 48 /dev/urandom | base64"};
  return {"jwt_secret", true, "set in the config (" + std::to_string(c.jwt_secret.size()) + " characters)", ""};
}

// Free space on the file system holding `path` (or its nearest existing parent).
Check check_disk(const std::string& name, fs::path path, const std::string& what) {
  std::error_code ec;
  while (!fs::exists(path, ec) && path.has_parent_path() && path != path.parent_path()) path = path.parent_path();
  struct statvfs vfs {};
  if (::statvfs(path.c_str(), &vfs) != 0)
    return {name, false, "cannot look at " + path.string() + ": " + std::strerror(errno), "check that the directory exists"};
  const std::uintmax_t free = static_cast<std::uintmax_t>(vfs.f_bavail) * vfs.f_frsize;
  const std::uintmax_t total = static_cast<std::uintmax_t>(vfs.f_blocks) * vfs.f_frsize;
  const auto where = mebibytes(free) + " free of " + mebibytes(total) + " under " + path.string() + " (" + what + ")";
  if (free < kMinFreeBytes)
    return {name, false, "only " + where, "free some space (at least " + mebibytes(kMinFreeBytes) + ") or move it to a larger disk"};
  return {name, true, where, ""};
}

std::vector<Check> check_database(const Config& c) {
  const std::string where_fix = c.database_url.empty()
                                    ? "`camp db start` shows why the private cluster does not start (PostgreSQL installed? data_dir writable?)"
                                    : "check database_url (CAMP_DATABASE_URL): the server runs, and host, port, user and password are right";
  std::vector<Check> out;
  try {
    db::Server server(c.database_url, c.data_dir);
    pqxx::connection conn(db::with_client_defaults(server.url()));
    const int version = conn.server_version();  // 150018: 15.18
    const auto dotted = std::to_string(version / 10000) + "." + std::to_string(version % 10000);
    const std::string host = conn.hostname() ? conn.hostname() : "";
    const auto where = server.embedded() ? "the private cluster under " + c.data_dir + "/postgres"
                                         : "database " + std::string(conn.dbname()) + " on " + (host.empty() ? "the local socket" : host);
    if (version / 10000 < kMinPostgresMajor)
      out.push_back({"postgresql", false, "PostgreSQL " + dotted + " (" + where + ") is older than " + std::to_string(kMinPostgresMajor),
                     "upgrade to PostgreSQL " + std::to_string(kMinPostgresMajor) + " or newer (Debian 12's postgresql)"});
    else
      out.push_back({"postgresql", true, "PostgreSQL " + dotted + " (" + where + ")", ""});

    int pending = 0;
    std::string first;
    for (const auto& m : db::migration_status(conn))
      if (!m.applied && pending++ == 0) first = m.name;
    if (pending)
      out.push_back({"migrations", false, std::to_string(pending) + " migration(s) pending, from " + first + "; campd refuses to start",
                     "camp db migrate"});
    else
      out.push_back({"migrations", true, "the schema is up to date", ""});

    std::optional<std::string> pg_dir;
    if (server.embedded()) pg_dir = db::Cluster(c.data_dir).pg_dir();
    else if (host.empty() || host.starts_with("/") || loopback(host)) pg_dir = db::data_directory(conn);
    if (pg_dir) out.push_back(check_disk("disk_postgresql", *pg_dir, "PostgreSQL's data"));
    else
      out.push_back({"disk_postgresql", true, "PostgreSQL's data directory is not on this machine (or this role may not see it): not checked",
                     "watch the database server's disk there"});
  } catch (const std::exception& e) {
    out.push_back({"postgresql", false, "cannot reach PostgreSQL: " + first_line(e.what()), where_fix});
  }
  return out;
}

// The SMTP server without its user part (a URL may carry a password).
std::string smtp_server(const std::string& url) {
  const auto p = split_url(url);
  return p.scheme + "://" + p.host + ":" + std::to_string(p.port);
}

Check check_smtp(const Config& c) {
  if (c.mail.smtp_url.empty())
    return {"smtp", true, "not configured: mails are written as .eml files under " + c.mail_dir(),
            "set mail.smtp.url before the school relies on mail (docs/mail.md)"};
  try {
    mail::probe_smtp(c.mail);
  } catch (const std::exception& e) {
    return {"smtp", false, smtp_server(c.mail.smtp_url) + ": " + first_line(e.what()),
            "check mail.smtp.url, starttls, username and password (docs/mail.md)"};
  }
  return {"smtp", true, smtp_server(c.mail.smtp_url) + " answered" + (c.mail.smtp_username.empty() ? "" : " and accepted the login"), ""};
}

Check check_timezone() {
  try {
    const auto offset = format_school(std::chrono::system_clock::now(), "%z");
    if (offset != "+0900")
      return {"timezone", false, "Asia/Tokyo is " + offset + " in the system's time zone data, not +0900", "reinstall tzdata"};
    return {"timezone", true, "Asia/Tokyo (+0900) from the system's time zone data", ""};
  } catch (const std::exception& e) {
    return {"timezone", false, "no time zone data for Asia/Tokyo: " + first_line(e.what()), "apt-get install tzdata"};
  }
}

Check check_webui(const Config& c) {
  const auto index = fs::path(c.webui_dir) / "index.html";
  std::error_code ec;
  if (!fs::is_regular_file(index, ec))
    return {"webui", false, "the web app is not built: no " + index.string(),
            "npm --prefix webui run build (scripts/build does it), or set webui_dir to the built app"};
  return {"webui", true, index.string(), ""};
}

}  // namespace

// The test suites' cheap hashing must never reach a school.
Check check_password_hashing(const Config& c) {
  if (c.password_hashing == "interactive") return {"password_hashing", true, "argon2id at its interactive limits (64 MiB)", ""};
  return {"password_hashing", false,
          "password_hashing is " + c.password_hashing + ": new passwords are hashed at argon2id's smallest limits",
          "remove the key (interactive is the default); passwords set meanwhile stay weak until their owners change them"};
}

std::vector<Check> run_doctor(const std::optional<std::string>& config_path) {
  std::optional<Config> config;
  auto checks = check_config(config_path, config);
  if (config) {
    const auto& c = *config;
    checks.push_back(check_public_url(c));
    checks.push_back(check_password_hashing(c));
    checks.push_back(check_jwt_secret(c));
    checks.push_back(check_key_file("questionnaire_keys", c.questionnaire_key_file(), "can read the sealed questionnaire answers"));
    for (auto& check : check_database(c)) checks.push_back(std::move(check));
    checks.push_back(check_smtp(c));
    checks.push_back(check_disk("disk_data_dir", c.data_dir, "data_dir: keys, mails"));
    checks.push_back(check_webui(c));
  }
  checks.push_back(check_timezone());
  return checks;
}

}  // namespace camp::ops
