// two_factor.required_roles: known roles only; the example production config requires it of
// admins and mentors, the test (and demo) config of nobody.
#include <gtest/gtest.h>

#include "config_yaml.hpp"
#include "core/config.hpp"
#include "core/error.hpp"

namespace camp {
namespace {

using unit::load_yaml;

TEST(TwoFactorConfig, RequiredRolesAreKnownRoles) {
  EXPECT_TRUE(load_yaml("listen: 127.0.0.1:3000\n").two_factor_required_roles.empty());
  EXPECT_EQ(load_yaml("two_factor:\n  required_roles: [admin, basic_mentor]\n").two_factor_required_roles,
            (std::vector<std::string>{"admin", "basic_mentor"}));
  EXPECT_THROW(load_yaml("two_factor:\n  required_roles: [admin, wizard]\n"), Error);
  EXPECT_THROW(load_yaml("two_factor:\n  required_roles: admin\n"), Error);  // a list, not a word
}

TEST(TwoFactorConfig, TheExampleRequiresItOfStaffAndTheTestConfigOfNobody) {
  const auto example = load_config(CAMP_SOURCE_DIR "/config/camp.example.yaml");
  EXPECT_EQ(example.two_factor_required_roles,
            (std::vector<std::string>{"admin", "basic_mentor", "advanced_mentor", "spot_advanced_mentor"}));
  EXPECT_TRUE(load_config(CAMP_SOURCE_DIR "/config/test.yaml").two_factor_required_roles.empty());
}

}  // namespace
}  // namespace camp
