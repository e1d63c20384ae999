#include "tokens/scope.hpp"

#include <algorithm>

namespace camp::tokens {

const std::vector<std::string_view>& all_scopes() {
  static const std::vector<std::string_view> scopes{kRead,          kStudentsWrite,         kEventsWrite,
                                                    kAccountsWrite, kQuestionnairesWrite,   kQuestionnairesExport,
                                                    kNotificationsWrite, kSeedWrite};
  return scopes;
}

bool known_scope(std::string_view scope) {
  const auto& all = all_scopes();
  return std::find(all.begin(), all.end(), scope) != all.end();
}

bool personal_data(std::string_view scope) { return scope == kQuestionnairesExport; }

}  // namespace camp::tokens
