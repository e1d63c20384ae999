#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "core/digest.hpp"
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

// Rows and blobs in the database: the uploads of one account, the references to one blob.
std::int64_t uploads_of(const accounts::Account& a) {
  return dbtest::scalar("SELECT count(*) FROM uploads WHERE account_id = " + std::to_string(a.id));
}
std::int64_t blobs_named(const std::string& sha256) {
  return dbtest::scalar("SELECT count(*) FROM blobs WHERE sha256 = '" + sha256 + "'");
}

// A blob of bytes no other test stores, named by `n` uploads of `owner` (straight in SQL: the
// reference counting is the schema's, migration 0039).
std::string blob_with_uploads(const accounts::Account& owner, const std::string& tag, int n, std::vector<std::string>& paths) {
  const auto bytes = "blob-" + tag + "-" + std::to_string(getpid()) + "-" + random_hex(8);
  const auto sha = sha256_hex(bytes);
  dbtest::run_sql("INSERT INTO blobs (sha256, content_type, size_bytes, data) VALUES ('" + sha + "', 'image/png', " +
                  std::to_string(bytes.size()) + ", convert_to('" + bytes + "', 'UTF8'))");
  for (int i = 0; i < n; ++i) {
    paths.push_back("/uploads/profile/" + sha256_hex(bytes + std::to_string(i)).substr(0, 32) + ".png");
    dbtest::run_sql("INSERT INTO uploads (account_id, kind, path, content_type, bytes, blob_sha256) VALUES (" +
                    std::to_string(owner.id) + ", 'profile', '" + paths.back() + "', 'image/png', " +
                    std::to_string(bytes.size()) + ", '" + sha + "')");
  }
  return sha;
}

}  // namespace

TEST(UploadsDb, StoresPicturesUnderRandomNames) {
  const auto owner = make("plain");
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
  const auto a = uploads.store(owner, "profile", kPng, kRoomy);
  const auto b = uploads.store(owner, "profile", kPng, kRoomy);
  EXPECT_NE(a.url, b.url);
  EXPECT_EQ(a.url.rfind("/uploads/profile/", 0), 0u);
  EXPECT_TRUE(a.url.ends_with(".png"));
  EXPECT_TRUE(files::is_upload_path(a.url));
  EXPECT_EQ(a.bytes, stored_size());
  const auto served = uploads.find(a.url, {});
  ASSERT_TRUE(served);
  EXPECT_EQ(served->content_type, "image/png");
  EXPECT_EQ(*served->data, files::reencode_image(kPng, files::ImageFormat::png));
  EXPECT_EQ(served->sha256, sha256_hex(*served->data));

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
  EXPECT_EQ(uploads_of(owner), 2);
}

// Content-addressed: the same bytes are one blob however many uploads (of whichever accounts)
// name them; each upload still counts against its owner's quota.
TEST(UploadsDb, TheSameBytesAreStoredOnce) {
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
  const auto a = uploads.store(make("once-a"), "profile", kPng, kRoomy);
  const auto b = uploads.store(make("once-b"), "question", kPng, kRoomy);
  EXPECT_NE(a.url, b.url);
  EXPECT_EQ(a.sha256, b.sha256);
  EXPECT_EQ(blobs_named(a.sha256), 1);
  EXPECT_GE(dbtest::scalar("SELECT count(*) FROM uploads WHERE blob_sha256 = '" + a.sha256 + "'"), 2);
}

TEST(UploadsDb, ABlobGoesWithItsLastReference) {
  const auto owner = make("refs");
  std::vector<std::string> paths;
  const auto sha = blob_with_uploads(owner, "refs", 2, paths);
  dbtest::run_sql("DELETE FROM uploads WHERE path = '" + paths[0] + "'");
  EXPECT_EQ(blobs_named(sha), 1) << "another upload still names it";
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
  EXPECT_FALSE(uploads.find(paths[0], {}));
  EXPECT_TRUE(uploads.find(paths[1], {}));
  dbtest::run_sql("DELETE FROM uploads WHERE path = '" + paths[1] + "'");
  EXPECT_EQ(blobs_named(sha), 0) << "the last reference took it along";
}

// The last reference deleted while an upload of the same bytes comes in: whichever wins, the
// blob exists exactly when an upload names it, and neither transaction fails.
TEST(UploadsDb, ADeleteRacingAnUploadOfTheSameBytesLeavesNoOrphanAndNoDanglingRow) {
  const auto owner = make("race-delete");
  for (int round = 0; round < 20; ++round) {
    std::vector<std::string> paths;
    const auto sha = blob_with_uploads(owner, "race" + std::to_string(round), 1, paths);
    const auto bytes = dbtest::pool().autocommit([&](db::Tx& tx) {
      return *files::upload_repo::find_blob(tx, paths[0], {})->data;
    });
    const auto again = "/uploads/profile/" + random_hex(16) + ".png";
    dbtest::race([&] { dbtest::run_sql("DELETE FROM uploads WHERE path = '" + paths[0] + "'"); },
                 [&] {
                   try {
                     dbtest::pool().transaction([&](db::Tx& tx) {
                       files::upload_repo::put_blob(tx, sha, "image/png", bytes);
                       EXPECT_TRUE(files::upload_repo::insert_within_quota(
                           tx, {owner.id, "profile", again, "image/png", static_cast<std::int64_t>(bytes.size()), sha},
                           1LL << 40, 1 << 30));
                     });
                   } catch (const std::exception& e) {
                     ADD_FAILURE() << "round " << round << ": " << e.what();
                   }
                 });
    EXPECT_EQ(blobs_named(sha), 1) << "round " << round;
    dbtest::run_sql("DELETE FROM uploads WHERE path = '" + again + "'");
    EXPECT_EQ(blobs_named(sha), 0) << "round " << round;
  }
}

// Serving: the bytes once, then from the cache; a known ETag costs no bytes; anything that is
// not one of our names is nothing, without a query.
TEST(UploadsDb, FindServesFromTheCacheAndHonoursKnownHashes) {
  files::UploadCache cache(1024 * 1024);
  cache.set_enabled(true);
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, &cache);
  const auto stored = uploads.store(make("serve"), "profile", kPng, kRoomy);
  const auto first = uploads.find(stored.url, {});
  ASSERT_TRUE(first && first->data);
  EXPECT_EQ(cache.misses(), 1u);
  const auto second = uploads.find(stored.url, {});
  ASSERT_TRUE(second && second->data);
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.bytes(), stored.bytes);
  EXPECT_FALSE(uploads.find(stored.url, {stored.sha256})->data) << "the client has them";
  cache.forget_all();
  const auto revalidated = uploads.find(stored.url, {stored.sha256});
  ASSERT_TRUE(revalidated);
  EXPECT_FALSE(revalidated->data) << "not read from the database either";
  EXPECT_EQ(revalidated->sha256, stored.sha256);
  for (const std::string& bad : {std::string("/uploads/profile/none.png"), "/uploads/profile/" + std::string(32, 'g') + ".png",
                                "/uploads/nope/" + std::string(32, 'a') + ".png", "/uploads/profile/" + std::string(32, 'a') + ".gif",
                                std::string("/uploads/profile/../../etc/passwd"), "/uploads/profile/" + std::string(5000, 'a') + ".png"})
    EXPECT_FALSE(uploads.find(bad, {})) << bad;
  EXPECT_FALSE(uploads.find("/uploads/profile/" + random_hex(16) + ".png", {})) << "a name of no upload";
}

TEST(UploadsDb, TheCacheIsBoundedByBytesAndDropsTheLeastRecentlyUsed) {
  files::UploadCache cache(40);
  const auto entry = [](std::size_t n) { return files::CachedUpload{"h", "image/png", std::make_shared<const std::string>(n, 'x')}; };
  cache.put("/a", entry(10), cache.epoch());
  EXPECT_EQ(cache.bytes(), 0u) << "nothing kept while the listener is not connected";
  cache.set_enabled(true);
  cache.put("/a", entry(10), cache.epoch());
  cache.put("/b", entry(10), cache.epoch());
  cache.put("/c", entry(10), cache.epoch());
  EXPECT_TRUE(cache.find("/a"));  // now the most recent
  cache.put("/d", entry(10), cache.epoch());
  cache.put("/e", entry(10), cache.epoch());
  EXPECT_EQ(cache.bytes(), 40u);
  EXPECT_FALSE(cache.find("/b")) << "the least recently used went first";
  EXPECT_TRUE(cache.find("/a"));
  cache.put("/big", entry(11), cache.epoch());
  EXPECT_FALSE(cache.find("/big")) << "over a quarter of the capacity: never kept";
  const auto before = cache.epoch();
  cache.forget_all();
  cache.put("/late", entry(10), before);
  EXPECT_FALSE(cache.find("/late")) << "read before a delete was announced";
  EXPECT_EQ(cache.bytes(), 0u);
}

// `camp uploads migrate`: files of uploads recorded before migration 0039 become blobs; a
// second run finds nothing more to do; a symlink out of the directory is not followed.
TEST(UploadsDb, ImportReadsOldFilesOnceAndStaysUnderItsRoot) {
  const auto owner = make("import");
  const auto root = dbtest::data_dir() + "/old-uploads-" + random_hex(4);
  fs::create_directories(root + "/profile");
  const auto picture = files::reencode_image(kPng, files::ImageFormat::png) + random_hex(8);  // bytes of its own
  const auto name = [] { return random_hex(16) + ".png"; };
  const auto kept = name(), linked = name(), absent = name();
  std::ofstream(root + "/profile/" + kept, std::ios::binary) << picture;
  std::ofstream(dbtest::data_dir() + "/outside.png") << "secret";
  fs::create_symlink(dbtest::data_dir() + "/outside.png", root + "/profile/" + linked);
  for (const auto& n : {kept, linked, absent})
    dbtest::run_sql("INSERT INTO uploads (account_id, kind, path, content_type, bytes) VALUES (" + std::to_string(owner.id) +
                    ", 'profile', '/uploads/profile/" + n + "', 'image/png', 10)");
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
  const auto first = uploads.import_files(root);
  EXPECT_EQ(first.migrated, 1);
  EXPECT_GE(first.missing, 2);
  const auto served = uploads.find("/uploads/profile/" + kept, {});
  ASSERT_TRUE(served);
  EXPECT_EQ(*served->data, picture);
  EXPECT_FALSE(uploads.find("/uploads/profile/" + linked, {}));
  const auto second = uploads.import_files(root);
  EXPECT_EQ(second.migrated, 0);
  EXPECT_EQ(second.missing, first.missing);
  dbtest::run_sql("DELETE FROM uploads WHERE account_id = " + std::to_string(owner.id));  // no row without bytes left behind
}

// What the profile and event forms accept as an image: a recorded upload of the right kind,
// by one of the given accounts, or by an admin.
TEST(UploadsDb, UploadsAreKnownByOwnerKindAndAdminRole) {
  const auto student = make("owner");
  const auto other = make("other");
  const auto admin = make("admin", "admin");
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
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
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
  try {
    uploads.store(trial, "profile", kPng, kRoomy);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::forbidden);
    EXPECT_STREQ(e.what(), "体験アカウントではファイルをアップロードできません");
  }
  EXPECT_EQ(uploads_of(trial), 0);
}

TEST(UploadsDb, TotalBytesPerAccountAreCapped) {
  const auto owner = make("quota");
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
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
  EXPECT_EQ(uploads_of(owner), 3);  // the refused upload wrote nothing
  // Another account has its own quota.
  EXPECT_NO_THROW(uploads.store(make("quota-other"), "profile", kPng, quota));
}

TEST(UploadsDb, UploadsPerHourAreCappedWithRetryAfter) {
  const auto owner = make("rate");
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
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
  files::UploadService uploads(dbtest::pool(), 1024 * 1024, nullptr);
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
  EXPECT_EQ(uploads_of(owner), 3);
}
