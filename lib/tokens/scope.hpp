#pragma once
// What a personal access token may be used for (docs/tokens.md). `read` is every GET its owner
// may make; each write scope is the writes of one domain; `questionnaires:export` is the
// personal data (questionnaire answers, exports, status, the audit log), and each of its uses
// writes an audit row. A scope never widens the owner's role: the services still decide.
#include <string>
#include <string_view>
#include <vector>

namespace camp::tokens {

inline constexpr std::string_view kRead = "read";
inline constexpr std::string_view kStudentsWrite = "students:write";
inline constexpr std::string_view kEventsWrite = "events:write";
inline constexpr std::string_view kAccountsWrite = "accounts:write";
inline constexpr std::string_view kQuestionnairesWrite = "questionnaires:write";
inline constexpr std::string_view kQuestionnairesExport = "questionnaires:export";
inline constexpr std::string_view kNotificationsWrite = "notifications:write";
inline constexpr std::string_view kSeedWrite = "seed:write";

// Every scope, in the order the settings show them.
const std::vector<std::string_view>& all_scopes();
bool known_scope(std::string_view scope);
// Uses of these are audited one by one.
bool personal_data(std::string_view scope);

}  // namespace camp::tokens
