#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "environment.hpp"
#include "files/image.hpp"
#include "files/upload_repo.hpp"
#include "files/uploads.hpp"

using namespace camp;
namespace fs = std::filesystem;

namespace {

std::string unhex(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
  return out;
}

// A real 1×1 RGBA PNG; the stored file is that picture encoded again (files/image.hpp).
const std::string kPng = unhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154"
    "78da6364f8cf500f00038601805a347d6b0000000049454e44ae426082");
std::size_t stored_size() {
  static const auto size = files::reencode_image(kPng, files::ImageFormat::png).size();
  return size;
}
const files::UploadQuota kRoomy{1024 * 1024 * 1024, 1000};

accounts::Account make(const std::string& tag, const std::string& role = "student") {
  static int n = 0;
  accounts::AccountService s(dbtest::pool());
  const auto email = "uploader-" + tag + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
  return s.create({email, role, role == "student" ? std::optional<std::string>("rails_4m") : std::nullopt, "", "pass-word-123"});
}

// A directory of its own per call, so a repeated test counts only its own files.
std::string dir_for(const std::string& tag) {
  static int n = 0;
  return dbtest::data_dir() + "/uploads-" + tag + "-" + std::to_string(++n);
}

std::size_t files_in(const std::string& dir) {
  std::size_t n = 0;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec))
    if (e.is_regular_file()) ++n;
  return n;
}

}  // namespace

TEST(UploadsDb, StoresCompleteFilesUnderRandomNames) {
  const auto owner = make("plain");
  const std::string dir = dbtest::data_dir() + "/uploads";
  files::UploadService uploads(dbtest::pool(), dir, 1024 * 1024);
  const auto a = uploads.store(owner, "profile", kPng, kRoomy);
  const auto b = uploads.store(owner, "profile", kPng, kRoomy);
  EXPECT_NE(a.url, b.url);
  EXPECT_EQ(a.url.rfind("/uploads/profile/", 0), 0u);
  EXPECT_TRUE(a.url.ends_with(".png"));
  const auto path = dir + a.url.substr(std::string("/uploads").size());
  EXPECT_EQ(a.bytes, stored_size());
  EXPECT_EQ(fs::file_size(path), stored_size());

  // A PNG signature and header followed by filler: sniffed as PNG, but no picture.
  const auto fake = std::string("\x89PNG\r\n\x1A\n\0\0\0\x0DIHDR", 16) + std::string(100, 'p');
  for (const auto& refused : {std::string("GIF89a...."), fake}) {
    try {
      uploads.store(owner, "profile", refused, kRoomy);
      FAIL();
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), errc::invalid);
      EXPECT_STREQ(e.what(), "jpg/png/webp いずれかの形式のファイルをアップロードしてください。");
    }
  }

  EXPECT_THROW(uploads.store(owner, "profile", std::string(1024 * 1024 + 1, 'x'), kRoomy), Error);
  EXPECT_THROW(uploads.store(owner, "../../etc", kPng, kRoomy), Error);
}

// What the profile and event forms accept as an image: a recorded upload of the right kind,
// by one of the given accounts, or by an admin.
TEST(UploadsDb, UploadsAreKnownByOwnerKindAndAdminRole) {
  const auto student = make("owner");
  const auto other = make("other");
  const auto admin = make("admin", "admin");
  files::UploadService uploads(dbtest::pool(), dir_for("owners"), 1024 * 1024);
  const auto mine = uploads.store(student, "profile", kPng, kRoomy).url;
  const auto admins = uploads.store(admin, "event", kPng, kRoomy).url;
  dbtest::pool().transaction([&](db::Tx& tx) {
    using namespace files::upload_repo;
    EXPECT_TRUE(is_upload_by(tx, mine, "profile", {student.id}));
    EXPECT_TRUE(is_upload_by(tx, mine, "profile", {other.id, student.id}));
    EXPECT_FALSE(is_upload_by(tx, mine, "profile", {other.id}));
    EXPECT_FALSE(is_upload_by(tx, mine, "event", {student.id}));
    EXPECT_FALSE(is_upload_by(tx, "/uploads/profile/none.png", "profile", {student.id}));
    EXPECT_TRUE(is_admin_upload(tx, admins, "event"));
    EXPECT_FALSE(is_admin_upload(tx, admins, "profile"));
    EXPECT_FALSE(is_admin_upload(tx, mine, "profile"));
  });
}

TEST(UploadsDb, TrialAccountsCannotUpload) {
  const auto trial = make("trial", "trial");
  const auto dir = dir_for("trial");
  files::UploadService uploads(dbtest::pool(), dir, 1024 * 1024);
  try {
    uploads.store(trial, "profile", kPng, kRoomy);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::forbidden);
    EXPECT_STREQ(e.what(), "体験アカウントではファイルをアップロードできません");
  }
  EXPECT_EQ(files_in(dir), 0u);
}

TEST(UploadsDb, TotalBytesPerAccountAreCapped) {
  const auto owner = make("quota");
  const auto dir = dir_for("quota");
  files::UploadService uploads(dbtest::pool(), dir, 1024 * 1024);
  const files::UploadQuota quota{3 * stored_size(), 1000};
  for (int i = 0; i < 3; ++i) uploads.store(owner, "profile", kPng, quota);
  try {
    uploads.store(owner, "profile", kPng, quota);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::too_many_requests);
    EXPECT_STREQ(e.what(), "アップロードできる容量の上限に達しました");
    EXPECT_FALSE(e.retry_after_seconds());  // it does not free itself
  }
  EXPECT_EQ(files_in(dir), 3u);  // the refused upload wrote nothing
  // Another account has its own quota.
  EXPECT_NO_THROW(uploads.store(make("quota-other"), "profile", kPng, quota));
}

TEST(UploadsDb, UploadsPerHourAreCappedWithRetryAfter) {
  const auto owner = make("rate");
  files::UploadService uploads(dbtest::pool(), dir_for("rate"), 1024 * 1024);
  const files::UploadQuota quota{1024 * 1024 * 1024, 4};
  for (int i = 0; i < 4; ++i) uploads.store(owner, "question", kPng, quota);
  try {
    uploads.store(owner, "question", kPng, quota);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::too_many_requests);
    EXPECT_STREQ(e.what(), "アップロードの回数が多すぎます。しばらくしてから再度お試しください");
    ASSERT_TRUE(e.retry_after_seconds());
    EXPECT_GT(*e.retry_after_seconds(), 3000);
    EXPECT_LE(*e.retry_after_seconds(), 3600);
  }
}

TEST(UploadsDb, ParallelUploadsNeverShareTheLastSlot) {
  const auto owner = make("race");
  const auto dir = dir_for("race");
  files::UploadService uploads(dbtest::pool(), dir, 1024 * 1024);
  const files::UploadQuota quota{1024 * 1024 * 1024, 3};
  std::atomic<int> stored{0}, refused{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      try {
        uploads.store(owner, "profile", kPng, quota);
        ++stored;
      } catch (const Error& e) {
        if (e.code() == errc::too_many_requests) ++refused;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(stored.load(), 3);
  EXPECT_EQ(refused.load(), 5);
  EXPECT_EQ(files_in(dir), 3u);
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
