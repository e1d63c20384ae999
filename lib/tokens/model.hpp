#pragma once
// A personal access token as its owner sees it: never the secret, which exists only in the
// answer that created it (docs/tokens.md).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/model.hpp"
#include "core/school_time.hpp"

namespace camp::tokens {

// Every secret starts with it: recognisable in a leaked file (secret scanners) and told apart
// from a session's JWT on the way in.
inline constexpr std::string_view kSecretPrefix = "camp_pat_";

struct AccessToken {
  std::int64_t id = 0;
  std::int64_t account_id = 0;
  std::string name;
  std::vector<std::string> scopes;
  TimePoint created_at;
  TimePoint expires_at;
  std::optional<TimePoint> last_used_at;
  std::optional<TimePoint> revoked_at;

  bool allows(std::string_view scope) const;
};

// What a request presenting a token acts as: the owner, within the token's scopes.
struct TokenUse {
  accounts::Account owner;
  AccessToken token;
};

struct NewToken {
  std::string name;
  std::vector<std::string> scopes;
  int expires_in_days = 0;
};

// Times in school time (…+09:00); `expired` against `now`.
nlohmann::json to_json(const AccessToken& token, TimePoint now);

}  // namespace camp::tokens
