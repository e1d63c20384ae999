// notifications.retention_days also bounds the daily scan: the scan's marks are pruned with the
// notifications, so it looks back no further, and the retention must outlast its thresholds.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/config.hpp"
#include "core/error.hpp"

namespace camp {
namespace {

Config load_yaml(const std::string& yaml) {
  const auto path = std::filesystem::temp_directory_path() / ("camp-notification-config-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(path) << yaml;
  struct Remove {
    std::filesystem::path p;
    ~Remove() { std::filesystem::remove(p); }
  } remove{path};
  return load_config(path.string());
}

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
