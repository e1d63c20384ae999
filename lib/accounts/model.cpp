#include "accounts/model.hpp"

#include <array>
#include <utility>

#include "core/messages.hpp"

namespace camp::accounts {
namespace {
constexpr std::array<std::pair<Role, std::string_view>, 7> kRoles{{
    {Role::admin, "admin"},
    {Role::basic_mentor, "basic_mentor"},
    {Role::advanced_mentor, "advanced_mentor"},
    {Role::spot_advanced_mentor, "spot_advanced_mentor"},
    {Role::student, "student"},
    {Role::graduate, "graduate"},
    {Role::trial, "trial"},
}};
}  // namespace

Account Account::system() {
  Account a;
  a.role = Role::admin;
  a.nickname = "camp CLI";
  a.display_name = a.nickname;
  return a;
}

std::string_view to_string(Role role) {
  for (const auto& [r, name] : kRoles)
    if (r == role) return name;
  return "trial";
}

std::optional<Role> parse_role(std::string_view name) {
  for (const auto& [r, n] : kRoles)
    if (n == name) return r;
  return std::nullopt;
}

bool is_mentor(Role role) {
  return role == Role::basic_mentor || role == Role::advanced_mentor || role == Role::spot_advanced_mentor;
}

bool is_admin_or_mentor(Role role) { return role == Role::admin || is_mentor(role); }

nlohmann::json to_json(const Account& a) {
  nlohmann::json j = {
      {"id", a.id},
      {"role", to_string(a.role)},
      {"email", a.email},
      {"nickname", a.nickname},
      {"display_name", a.display_name},
      {"image_url", a.image_url ? nlohmann::json(*a.image_url) : nlohmann::json(nullptr)},
      {"course", nullptr},
  };
  if (a.course) j["course"] = {{"code", a.course->code}, {"name", a.course->name}, {"months", a.course->months}};
  return j;
}

Error email_taken() {
  return Error(errc::conflict, std::string(msg::email_taken), {{"email", {std::string(msg::email_taken)}}});
}

}  // namespace camp::accounts
