#include "seed/demo.hpp"

#include "accounts/password.hpp"
#include "accounts/repo.hpp"

namespace camp::seed {
namespace {

struct DemoAccount {
  const char* email;
  accounts::Role role;
  const char* course;  // nullptr: none
  const char* nickname;
};

constexpr DemoAccount kAccounts[] = {
    {"admin@example.com", accounts::Role::admin, nullptr, "管理者 太郎"},
    {"basic-mentor@example.com", accounts::Role::basic_mentor, nullptr, "基本 メンター"},
    {"advanced-mentor@example.com", accounts::Role::advanced_mentor, nullptr, "上級 メンター"},
    {"spot-mentor@example.com", accounts::Role::spot_advanced_mentor, nullptr, "スポット メンター"},
    {"student@example.com", accounts::Role::student, "rails_4m", "受講生 花子"},
    {"student5@example.com", accounts::Role::student, "rails_5m", "受講生 次郎"},
    {"u29@example.com", accounts::Role::student, "u29", "若手 受講生"},
    {"graduate@example.com", accounts::Role::graduate, "rails_4m", "卒業生 三郎"},
    {"trial@example.com", accounts::Role::trial, nullptr, "体験 ユーザー"},
};

}  // namespace

std::vector<DemoLogin> seed_demo(db::Pool& pool) {
  const auto hash = accounts::hash_password(kDemoPassword);
  std::vector<DemoLogin> logins;
  pool.run([&](db::Connection& c) {
    for (const auto& a : kAccounts) {
      std::optional<std::string> course;
      if (a.course) course = a.course;
      accounts::repo::upsert(c, {a.email, a.role, a.nickname, course, hash});
      logins.push_back({a.email, std::string(accounts::to_string(a.role)), course, kDemoPassword});
    }
    return 0;
  });
  return logins;
}

}  // namespace camp::seed
