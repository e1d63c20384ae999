// public_url: derived from `listen` when not configured, and the one-time warning when people
// reach the daemon under another host (docs/operations.md "public_url").
#include <gtest/gtest.h>

#include <cstdlib>

#include "config_yaml.hpp"
#include "core/config.hpp"
#include "core/error.hpp"
#include "http/host_watch.hpp"

namespace camp {
namespace {

// Without the environment's word on either (scripts/test sets CAMP_LISTEN).
Config load_yaml(const std::string& yaml) {
  for (const char* name : {"CAMP_PUBLIC_URL", "CAMP_LISTEN"}) unsetenv(name);
  return unit::load_yaml(yaml);
}

TEST(PublicUrl, FollowsListenWhenNotConfigured) {
  EXPECT_EQ(load_yaml("listen: 127.0.0.1:3000\n").public_url, "http://127.0.0.1:3000");
  EXPECT_EQ(load_yaml("listen: 0.0.0.0:8080\n").public_url, "http://127.0.0.1:8080");
  EXPECT_EQ(load_yaml("listen: localhost:9000\n").public_url, "http://localhost:9000");
  EXPECT_EQ(load_yaml("listen: '[::]:8080'\n").public_url, "http://[::1]:8080");
}

TEST(PublicUrl, ConfiguredValueWins) {
  EXPECT_EQ(load_yaml("listen: 127.0.0.1:3000\npublic_url: https://camp.example.com/\n").public_url,
            "https://camp.example.com");
  EXPECT_THROW(load_yaml("public_url: ftp://camp.example.com\n"), Error);
}

TEST(HostWatch, SameAuthorityInAnySpellingIsSilent) {
  http::HostWatch watch("https://camp.example.com");
  EXPECT_FALSE(watch.observe("camp.example.com"));
  EXPECT_FALSE(watch.observe("Camp.Example.COM"));
  EXPECT_FALSE(watch.observe("camp.example.com:443"));
  EXPECT_FALSE(watch.observe("camp.example.com."));
  EXPECT_FALSE(watch.observe(""));  // HTTP/1.0 without Host: nothing to compare
}

TEST(HostWatch, AnotherHostWarnsOnce) {
  http::HostWatch watch("http://127.0.0.1:8080");
  EXPECT_FALSE(watch.observe("127.0.0.1:8080"));
  EXPECT_TRUE(watch.observe("127.0.0.1:3000"));  // the port differs: links point elsewhere
  EXPECT_FALSE(watch.observe("203.0.113.7"));    // said once per daemon
}

TEST(HostWatch, DefaultPortsByScheme) {
  EXPECT_EQ(http::normalise_authority("Example.com:80", "80"), "example.com");
  EXPECT_EQ(http::normalise_authority("example.com:8080", "80"), "example.com:8080");
  EXPECT_EQ(http::normalise_authority("[::1]:443", "443"), "[::1]");
  EXPECT_EQ(http::normalise_authority("[::1]", "443"), "[::1]");
}

}  // namespace
}  // namespace camp
