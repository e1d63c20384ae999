#pragma once
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::seed {

struct DemoLogin {
  std::string email;
  std::string role;
  std::optional<std::string> course;
  std::string password;
};

inline constexpr const char* kDemoPassword = "demo-pass-1234";

// One account per role, a U29 student and students on both Rails courses, the default
// question categories and a few questions with answers: demo_fixture() loaded with load().
// Idempotent: running it again resets these accounts to their demo state and adds nothing twice.
std::vector<DemoLogin> seed_demo(db::Pool& pool);

}  // namespace camp::seed
