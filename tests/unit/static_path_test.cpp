// The static-path resolver: which request paths may name a file under a root at all.
#include <gtest/gtest.h>

#include "static_files.hpp"

using camp::static_relative_path;

TEST(StaticPath, PlainPathsPass) {
  EXPECT_EQ(static_relative_path("/"), "");
  EXPECT_EQ(static_relative_path("/index.html"), "index.html");
  EXPECT_EQ(static_relative_path("/assets/app.0123abcd.js"), "assets/app.0123abcd.js");
  EXPECT_EQ(static_relative_path("/questions/12/"), "questions/12/");  // a trailing slash: the app's route
  EXPECT_EQ(static_relative_path("/%E8%B3%AA%E5%95%8F"), "質問");       // percent-encoded UTF-8
  EXPECT_EQ(static_relative_path("/a%20b.png"), "a b.png");
}

TEST(StaticPath, EverythingThatCouldLeaveTheRootIsRefused) {
  for (const char* bad : {
           "", "etc/passwd", "//etc/passwd", "/a//b", "/%2Fetc/passwd", "/%2fetc", "/..", "/../etc/passwd",
           "/a/../../etc", "/.", "/./x", "/.hidden", "/uploads/.0123.part", "/%2e%2e/etc", "/%2E%2E", "/.%2e/x",
           "/%2ehidden", "/%252e%252e/x", "/%25", "/..\\..\\etc", "/a%5cb", "/a\\b", "/%00", "/x%00.png",
           "/%0d%0aSet-Cookie", "/%7f", "/%1b[31m", "/%c0%ae%c0%ae/x", "/%c0%af", "/%e0%80%ae", "/%ed%a0%80",
           "/%f4%90%80%80", "/%ff", "/%", "/%2", "/%zz", "/%u002e", std::string("/a\0b", 4).c_str()}) {
    EXPECT_FALSE(static_relative_path(bad)) << bad;
  }
  EXPECT_FALSE(static_relative_path(std::string_view("/a\0b", 4)));
  EXPECT_FALSE(static_relative_path("/a\x01" "b"));
}
