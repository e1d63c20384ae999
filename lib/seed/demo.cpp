#include "seed/demo.hpp"

#include "seed/fixture.hpp"

namespace camp::seed {

std::vector<DemoLogin> seed_demo(db::Pool& pool) {
  const auto fixture = demo_fixture();
  load(pool, fixture);
  std::vector<DemoLogin> logins;
  for (const auto& a : fixture.accounts) logins.push_back({a.email, a.role, a.course, a.password});
  return logins;
}

}  // namespace camp::seed
