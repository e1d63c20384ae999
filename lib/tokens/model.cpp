#include "tokens/model.hpp"

#include <algorithm>

namespace camp::tokens {

bool AccessToken::allows(std::string_view scope) const {
  return std::find(scopes.begin(), scopes.end(), scope) != scopes.end();
}

nlohmann::json to_json(const AccessToken& t, TimePoint now) {
  auto when = [](const std::optional<TimePoint>& at) { return at ? nlohmann::json(iso_school(*at)) : nlohmann::json(); };
  return {{"id", t.id},
          {"name", t.name},
          {"scopes", t.scopes},
          {"created_at", iso_school(t.created_at)},
          {"expires_at", iso_school(t.expires_at)},
          {"last_used_at", when(t.last_used_at)},
          {"expired", t.expires_at <= now}};
}

}  // namespace camp::tokens
