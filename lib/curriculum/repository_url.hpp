#pragma once
// Repository URLs as students submit them and as task files name their clone source, parsed by
// libcurl's URL API and compared in a canonical form.
#include <optional>
#include <string>
#include <vector>

namespace camp::curriculum {

// Where a repository URL leads, the same for every spelling of it: http and https alike; the
// host in lower case without "www.", a trailing dot or a default port (80, 443); the path
// percent-decoded, dot segments resolved, empty segments dropped, in lower case, each segment
// without ".git" (GitHub and GitLab ignore the case of owners and repositories).
struct RepositoryAddress {
  std::string host;                   // "github.com", "git.example.com:8443"
  std::vector<std::string> segments;  // {"potepan", "portfolio-template"}
};

// The canonical address, or nothing when the URL is not acceptable: not http(s), no host, a host
// that is not a DNS name or an IP address, user info (`user@`, also the `evil\@github.com` a
// browser reads differently), a backslash, spaces or control characters, an undecodable path.
std::optional<RepositoryAddress> parse_repository_url(const std::string& url);

// The message key's text when `url` is not acceptable as a submission's repository URL
// (blank, not parseable as above, longer than limits::repository_url_max_bytes), else nullopt.
std::optional<std::string> repository_url_problem(const std::string& url);

// The canonical address as one string: "github.com/potepan/portfolio-template" (the url as it is
// when it does not parse).
std::string repository_key(const std::string& url);

// The submission leads into the task's own clone source: the same host, and a path that starts
// with the source's segments (…/tree/main, …/blob/main/README.md are the same repository).
bool is_clone_source(const std::string& submitted, const std::optional<std::string>& source_repository);

}  // namespace camp::curriculum
