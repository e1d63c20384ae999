// Seeding accounts: the `accounts` section, matched by e-mail (case-insensitive).
#include <algorithm>
#include <cctype>
#include <unordered_map>

#include "accounts/password.hpp"
#include "accounts/repo.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "seed/demo.hpp"
#include "seed/domains.hpp"

namespace camp::seed {
namespace {

struct DemoAccount {
  const char* email;
  const char* role;
  const char* course;  // nullptr: none
  const char* nickname;
};

constexpr DemoAccount kDemoAccounts[] = {
    {"admin@example.com", "admin", nullptr, "管理者 太郎"},
    {"basic-mentor@example.com", "basic_mentor", nullptr, "基本 メンター"},
    {"advanced-mentor@example.com", "advanced_mentor", nullptr, "上級 メンター"},
    {"spot-mentor@example.com", "spot_advanced_mentor", nullptr, "スポット メンター"},
    {"student@example.com", "student", "rails_4m", "受講生 花子"},
    {"student5@example.com", "student", "rails_5m", "受講生 次郎"},
    {"u29@example.com", "student", "u29", "若手 受講生"},
    {"graduate@example.com", "graduate", "rails_4m", "卒業生 三郎"},
    {"trial@example.com", "trial", nullptr, "体験 ユーザー"},
};

Where at(const AccountEntry& a, const char* field) {
  auto it = a.fields.find(field);
  return it == a.fields.end() ? a.at : it->second;
}

std::string path(std::size_t i) { return "accounts[" + std::to_string(i) + "]"; }

std::optional<accounts::Account> existing(Services& s, const std::string& email) {
  try {
    return s.accounts.find_by_email(email);
  } catch (const Error& e) {
    if (e.code() == errc::not_found) return std::nullopt;
    throw;
  }
}

bool same(const accounts::Account& current, const AccountEntry& wanted, const std::string& password_hash) {
  const auto course = current.course ? std::optional(current.course->code) : std::nullopt;
  return accounts::to_string(current.role) == wanted.role && course == wanted.course &&
         current.nickname == wanted.nickname && accounts::verify_password(password_hash, wanted.password);
}

}  // namespace

void read_accounts(const YAML::Node& section, Fixture& out, YamlReader& in) {
  if (!in.sequence(section, "accounts")) return;
  // Each e-mail's first line: a duplicate is one problem, however many came before it (a
  // scan of the earlier entries made a file of n copies n² problems).
  std::unordered_map<std::string, int> first_line;
  for (std::size_t i = 0; i < section.size(); ++i) {
    const auto node = section[i];
    if (!in.mapping(node, path(i), {"email", "role", "course", "nickname", "password"})) continue;
    AccountEntry a;
    a.at = where(node);
    for (const char* key : {"email", "role", "course", "nickname", "password"}) a.fields[key] = YamlReader::field(node, key);
    a.email = in.text(node, "email", path(i), true).value_or("");
    a.role = in.text(node, "role", path(i), true).value_or("");
    a.course = in.text(node, "course", path(i), false);
    a.nickname = in.text(node, "nickname", path(i), false).value_or("");
    a.password = in.text(node, "password", path(i), true).value_or("");

    auto& problems = in.problems();
    if (auto m = validate::email(a.email); m && !a.email.empty()) problems.add(at(a, "email"), path(i) + ".email", *m);
    if (auto m = validate::nickname(a.nickname)) problems.add(at(a, "nickname"), path(i) + ".nickname", *m);
    if (auto m = validate::password(a.password); m && !a.password.empty())
      problems.add(at(a, "password"), path(i) + ".password", *m);
    const auto role = accounts::parse_role(a.role);
    if (!role && !a.role.empty()) problems.add(at(a, "role"), path(i) + ".role", msg::fixture_unknown_role(a.role));
    const bool needs_course = role == accounts::Role::student || role == accounts::Role::graduate;
    if (role && needs_course && !a.course) problems.add(a.at, path(i) + ".course", std::string(msg::fixture_course_required));
    if (role && !needs_course && a.course)
      problems.add(at(a, "course"), path(i) + ".course", std::string(msg::fixture_course_not_allowed));
    if (!a.email.empty()) {
      const auto [earlier, first] = first_line.emplace(text::lower_ascii(a.email), a.at.line);
      if (!first) problems.add(at(a, "email"), path(i) + ".email", msg::fixture_duplicate_email(std::to_string(earlier->second)));
    }
    out.accounts.push_back(std::move(a));
  }
}

void check_accounts(Services& s, const Fixture& f, Problems& problems) {
  for (std::size_t i = 0; i < f.accounts.size(); ++i) {
    const auto& a = f.accounts[i];
    if (!a.course) continue;
    const bool known = s.pool.autocommit([&](db::Tx& tx) { return accounts::repo::course_exists(tx, *a.course); });
    if (!known) problems.add(at(a, "course"), path(i) + ".course", msg::fixture_unknown_course(*a.course));
  }
}

namespace {

void write_account(Services& s, const AccountEntry& a, Counts& counts) {
  auto current = existing(s, a.email);
  if (!current) {
    try {
      s.accounts.create({a.email, a.role, a.course, a.nickname, a.password});
      ++counts.created;
      return;
    } catch (const Error& e) {
      // Another load (a second daemon, `camp db seed` beside the API) created it between the
      // look and the insert: from here it is an existing account like any other.
      if (e.code() != errc::conflict) throw;
      current = existing(s, a.email);
      if (!current) throw;
    }
  }
  const auto login = s.pool.autocommit([&](db::Tx& tx) { return accounts::repo::find_login(tx, a.email); });
  if (login && same(*current, a, login->password_hash)) {
    ++counts.unchanged;
    return;
  }
  const auto hash = accounts::hash_password(a.password);
  s.pool.transaction([&](db::Tx& tx) {
    return accounts::repo::upsert(tx, {a.email, *accounts::parse_role(a.role), a.nickname, a.course, hash});
  });
  ++counts.updated;
}

}  // namespace

void write_accounts(Services& s, const Fixture& f, Counts& counts) {
  for (const auto& a : f.accounts) write_account(s, a, counts);
}

void add_demo_accounts(Fixture& f) {
  for (const auto& d : kDemoAccounts) {
    AccountEntry a;
    a.email = d.email;
    a.role = d.role;
    if (d.course) a.course = d.course;
    a.nickname = d.nickname;
    a.password = kDemoPassword;
    f.accounts.push_back(std::move(a));
  }
}

std::optional<accounts::Role> role_after_seed(Services& s, const Fixture& f, const std::string& email) {
  for (const auto& a : f.accounts)
    if (text::lower_ascii(a.email) == text::lower_ascii(email)) return accounts::parse_role(a.role);
  if (auto current = existing(s, email)) return current->role;
  return std::nullopt;
}

}  // namespace camp::seed
