// notifications.retention_days also bounds the daily scan: the scan's marks are pruned with the
// notifications, so it looks back no further, and the retention must outlast its thresholds.
#include <gtest/gtest.h>

#include "config_yaml.hpp"
#include "core/config.hpp"
#include "core/error.hpp"

namespace camp {
namespace {

using unit::load_yaml;

TEST(NotificationConfig, TheScanLooksBackAsFarAsNotificationsAreKept) {
  EXPECT_EQ(load_yaml("listen: 127.0.0.1:3000\n").notification_scan.lookback_days, 180);
  EXPECT_EQ(load_yaml("notifications:\n  retention_days: 30\n").notification_scan.lookback_days, 30);
}

TEST(NotificationConfig, RetentionMustOutlastTheScansThresholds) {
  EXPECT_THROW(load_yaml("notifications:\n  retention_days: 3\n"), Error);  // the default thresholds are 3 days
  EXPECT_THROW(load_yaml("notifications:\n  retention_days: 20\n  scan:\n    unanswered_days: 20\n"), Error);
  EXPECT_NO_THROW(load_yaml("notifications:\n  retention_days: 4\n"));
}

}  // namespace
}  // namespace camp
