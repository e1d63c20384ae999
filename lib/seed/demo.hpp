#pragma once
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::app {
class Services;
}  // namespace camp::app

namespace camp::seed {

struct DemoLogin {
  std::string email;
  std::string role;
  std::optional<std::string> course;
  std::string password;
};

inline constexpr const char* kDemoPassword = "demo-pass-1234";
// The demo mentors (seed/accounts.cpp makes them), named by the reviews and students' records.
inline constexpr const char* kDemoBasicMentor = "basic-mentor@example.com";
inline constexpr const char* kDemoAdvancedMentor = "advanced-mentor@example.com";
// A demo account by e-mail (any case): one row with its id, or none.
inline constexpr db::Statement kDemoAccount{"seed.demo.account", "SELECT id FROM accounts WHERE lower(email) = lower($1)"};

// One account per role, a U29 student and students on both Rails courses, the default
// question categories and a few questions with answers: demo_fixture() loaded with load().
// Idempotent: running it again resets these accounts to their demo state and adds nothing twice.
std::vector<DemoLogin> seed_demo(db::Pool& pool);

struct DemoReport {
  std::vector<DemoLogin> logins;
  int submissions = 0;  // added with the curriculum
  int questionnaire_answers = 0;
};
// Everything `camp db seed --demo` writes, in order: seed_demo; with `curriculum_dir`, the
// curriculum, demo submissions and the students' records; the AI chats (after the curriculum:
// they quote its passages); the questionnaire answers. Idempotent like each part.
DemoReport seed_demo_all(app::Services& services, db::Pool& pool, const std::optional<std::string>& curriculum_dir);

}  // namespace camp::seed
