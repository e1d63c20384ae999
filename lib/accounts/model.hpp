#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace camp::accounts {

enum class Role { admin, basic_mentor, advanced_mentor, spot_advanced_mentor, student, graduate, trial };

std::string_view to_string(Role role);
std::optional<Role> parse_role(std::string_view name);
// spot_advanced_mentor counts as an advanced mentor.
bool is_mentor(Role role);
bool is_admin_or_mentor(Role role);

// 409 with fields.email: another account has the e-mail (an invitation, an e-mail change).
Error email_taken();

struct Course {
  std::string code;
  std::string name;
  int months = 0;
};

struct Account {
  std::int64_t id = 0;
  Role role = Role::trial;
  std::string email;
  std::string nickname;
  std::string display_name;  // the one rule (docs/design.md "Display names"), read from the database
  std::optional<std::string> image_url;
  std::optional<Course> course;
  bool two_factor_enabled = false;  // TOTP login turned on (accounts/two_factor.hpp)

  // The system actor: the operator at the terminal (`camp`) and scheduled work. No account
  // row stands behind it (id 0: nothing is recorded as written by it); the policies allow it
  // what they allow an admin.
  static Account system();
  bool is_system() const { return id == 0 && role == Role::admin; }
  // The id to record as who did something (invited, assigned): none for the system actor.
  std::optional<std::int64_t> recorded_id() const { return is_system() ? std::nullopt : std::optional(id); }
};

// The JSON the API and `camp accounts list --json` print.
nlohmann::json to_json(const Account& account);

}  // namespace camp::accounts
