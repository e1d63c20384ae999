#pragma once
// Repository URLs as students submit them and as task files name their clone source.
#include <optional>
#include <string>

namespace camp::curriculum {

// The message key's text when `url` is not acceptable as a submission's repository URL
// (blank, not http(s) with a host, longer than limits::repository_url_max_bytes), else nullopt.
std::optional<std::string> repository_url_problem(const std::string& url);

// What two URLs of the same repository have in common: http and https alike, the host in
// lower case, no trailing "/" or ".git", no query or fragment ("www." is not special).
// "https://GitHub.com/potepan/x.git/" and "http://github.com/potepan/x" give the same key.
std::string repository_key(const std::string& url);

// The submission would push to the task's own clone source.
bool is_clone_source(const std::string& submitted, const std::optional<std::string>& source_repository);

}  // namespace camp::curriculum
