#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "environment.hpp"
#include "files/uploads.hpp"

using namespace camp;
namespace fs = std::filesystem;

TEST(UploadsDb, StoresCompleteFilesUnderRandomNames) {
  accounts::AccountService s(dbtest::pool());
  const auto owner = s.create({"uploader-" + std::to_string(getpid()) + "@example.com", "trial", std::nullopt, "", "pass-word-123"});
  const std::string dir = dbtest::data_dir() + "/uploads";
  files::UploadService uploads(dbtest::pool(), dir, 1024 * 1024);
  const std::string png = std::string("\x89PNG\r\n\x1A\n\0\0\0\x0DIHDR", 16) + std::string(100, 'p');
  const auto a = uploads.store(owner, "profile", png);
  const auto b = uploads.store(owner, "profile", png);
  EXPECT_NE(a.url, b.url);
  EXPECT_EQ(a.url.rfind("/uploads/profile/", 0), 0u);
  EXPECT_TRUE(a.url.ends_with(".png"));
  const auto path = dir + a.url.substr(std::string("/uploads").size());
  EXPECT_EQ(fs::file_size(path), png.size());

  try {
    uploads.store(owner, "profile", "GIF89a....");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::invalid);
    EXPECT_STREQ(e.what(), "jpg/png/webp いずれかの形式のファイルをアップロードしてください。");
  }
  EXPECT_THROW(uploads.store(owner, "profile", std::string(1024 * 1024 + 1, 'x')), Error);
  EXPECT_THROW(uploads.store(owner, "../../etc", png), Error);
}

TEST(UploadsDb, PartialFilesFromACrashAreRemoved) {
  const std::string dir = dbtest::data_dir() + "/uploads-crash";
  fs::create_directories(dir + "/profile");
  std::ofstream(dir + "/profile/.abc.png.part") << "half";
  std::ofstream(dir + "/profile/kept.png") << "whole";
  files::UploadService(dbtest::pool(), dir, 1024).remove_partial_files();
  EXPECT_FALSE(fs::exists(dir + "/profile/.abc.png.part"));
  EXPECT_TRUE(fs::exists(dir + "/profile/kept.png"));
}
