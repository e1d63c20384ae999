// http.io_threads: two by default (the cached answers' ceiling), any count from 1 to 64.
#include <gtest/gtest.h>

#include "config_yaml.hpp"
#include "core/config.hpp"
#include "core/error.hpp"

namespace camp {
namespace {

using unit::load_yaml;

TEST(HttpConfig, TwoIoThreadsUnlessTold) {
  EXPECT_EQ(load_yaml("listen: 127.0.0.1:3000\n").io_threads, 2);
  EXPECT_EQ(load_yaml("http:\n  io_threads: 1\n").io_threads, 1);
  EXPECT_EQ(load_yaml("http:\n  io_threads: 4\n").io_threads, 4);
  EXPECT_THROW(load_yaml("http:\n  io_threads: 0\n"), Error);
  EXPECT_THROW(load_yaml("http:\n  io_threads: 65\n"), Error);
  EXPECT_THROW(load_yaml("http:\n  io_threads: many\n"), Error);
}

}  // namespace
}  // namespace camp
