// Curriculum import, the submit rule, reviews under concurrency, milestones, the queue.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "curriculum/service.hpp"
#include "environment.hpp"
#include "milestones/service.hpp"
#include "reviews/service.hpp"

using namespace camp;
using camp::dbtest::code_of;
namespace fs = std::filesystem;

namespace {

const std::string kFixture = CAMP_SOURCE_DIR "/tests/fixtures/curriculum";

accounts::Account person(const std::string& role, std::optional<std::string> course = std::nullopt,
                         const std::string& nickname = "課題テスト") {
  static std::atomic<int> n{0};
  accounts::AccountService s(dbtest::pool());
  return s.create({"c-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role, course,
                   nickname, "pass-word-123"});
}

accounts::Account student() { return person("student", "rails_4m"); }

// A copy of the fixture to change.
fs::path fixture_copy() {
  static std::atomic<int> n{0};
  const auto dir = fs::temp_directory_path() / ("camp-curriculum-" + std::to_string(getpid()) + "-" + std::to_string(++n));
  fs::remove_all(dir);
  fs::copy(kFixture, dir, fs::copy_options::recursive);
  return dir;
}

void write(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
}

struct Services {
  curriculum::CurriculumService curriculums{dbtest::pool()};
  milestones::MilestoneService milestones{dbtest::pool()};
  reviews::ReviewService reviews{dbtest::pool(), milestones};
  Services() { curriculums.import_directory(kFixture); }
};

std::string error_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}


}  // namespace

TEST(CurriculumDb, ImportIsIdempotentAndUpdatesChangedFiles) {
  curriculum::CurriculumService s(dbtest::pool());
  s.import_directory(kFixture);
  const auto again = s.import_directory(kFixture);
  EXPECT_EQ(again.curriculums.unchanged, 2);
  EXPECT_EQ(again.tasks.unchanged, 4);
  EXPECT_EQ(again.tasks.created + again.tasks.updated + again.tasks.deleted, 0);

  const auto dir = fixture_copy();
  write(dir / "test-basics" / "02-styles.md",
        "---\nid: 902\ntitle: CSSで見た目を整える（改訂）\nposition: 2\nreview_level: basic\n---\n# 新しい本文\n");
  const auto changed = s.import_directory(dir.string());
  EXPECT_EQ(changed.tasks.updated, 1);
  EXPECT_EQ(changed.tasks.unchanged, 3);
  const auto all = s.list(accounts::Account::system());
  const auto basics = std::find_if(all.begin(), all.end(), [](const auto& c) { return c.name == "test-basics"; });
  ASSERT_NE(basics, all.end());
  EXPECT_EQ(basics->tasks.at(1).title, "CSSで見た目を整える（改訂）");
  EXPECT_EQ(basics->milestone, "test_basics_tasks_approved");
  s.import_directory(kFixture);
  fs::remove_all(dir);
}

TEST(CurriculumDb, ImportRefusesToRemoveATaskWithSubmissionsAndWritesNothing) {
  Services s;
  const auto alice = student();
  s.reviews.submit(alice, 903, "https://github.com/alice/app");

  const auto dir = fixture_copy();
  fs::remove(dir / "test-advanced" / "01-app.md");
  write(dir / "test-basics" / "02-styles.md", "---\nid: 902\ntitle: 変更されない\nposition: 2\nreview_level: basic\n---\n");
  EXPECT_EQ(code_of([&] { s.curriculums.import_directory(dir.string()); }), errc::conflict);
  EXPECT_EQ(error_message([&] { s.curriculums.import_directory(dir.string()); }),
            "課題 903「アプリケーションを作る」には提出があるため削除できません");
  const auto c = s.curriculums.get(alice, "test-basics");
  EXPECT_EQ(c.tasks.at(1).title, "CSSで見た目を整える");  // the same transaction: nothing written

  // A task without submissions goes.
  const auto dir2 = fixture_copy();
  fs::remove(dir2 / "test-advanced" / "02-deploy.md");
  EXPECT_EQ(s.curriculums.import_directory(dir2.string()).tasks.deleted, 1);
  s.curriculums.import_directory(kFixture);
  fs::remove_all(dir);
  fs::remove_all(dir2);
}

TEST(CurriculumDb, BadFilesAreNamedWithTheirLine) {
  const auto dir = fixture_copy();
  write(dir / "test-basics" / "01-first-page.md", "---\nid: 901\ntitle: はじめて\nposition: 1\nreview_level: expert\n---\n本文\n");
  write(dir / "test-basics" / "02-styles.md", "---\nid: 902\nposition: x\nreview_level: basic\n---\n");
  write(dir / "test-advanced" / "curriculum.yaml", "title: [unclosed\n");
  write(dir / "test-advanced" / "01-app.md", "id: 903\n");
  const auto content = curriculum::read_content(dir.string());
  const auto has = [&](const std::string& needle) {
    return std::any_of(content.problems.begin(), content.problems.end(),
                       [&](const std::string& p) { return p.find(needle) != std::string::npos; });
  };
  EXPECT_TRUE(has("test-basics/01-first-page.md:5: review_level must be basic or advanced"));
  EXPECT_TRUE(has("test-basics/02-styles.md:2: title is required"));
  EXPECT_TRUE(has("test-basics/02-styles.md:3: position must be a whole number"));
  EXPECT_TRUE(has("test-advanced/curriculum.yaml:"));
  EXPECT_TRUE(has("test-advanced/01-app.md:1: a task file starts with a '---' line"));
  curriculum::CurriculumService s(dbtest::pool());
  EXPECT_EQ(code_of([&] { s.import_content(content); }), errc::invalid);
  fs::remove_all(dir);
}

TEST(CurriculumDb, TheSubmitRule) {
  Services s;
  const auto alice = student();
  EXPECT_EQ(code_of([&] { s.reviews.submit(person("trial"), 901, "https://github.com/t/x"); }), errc::forbidden);
  EXPECT_EQ(error_message([&] { s.reviews.submit(person("trial"), 901, "https://github.com/t/x"); }),
            "体験アカウントでは課題を提出できません");
  EXPECT_EQ(code_of([&] { s.reviews.submit(person("basic_mentor"), 901, "https://github.com/t/x"); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.reviews.submit(person("graduate", "rails_4m"), 901, "https://github.com/t/x"); }), errc::forbidden);
  EXPECT_EQ(code_of([&] { s.reviews.submit(alice, 901, "http://github.com/camp-test/first-page-template.git"); }), errc::invalid);
  EXPECT_EQ(code_of([&] { s.reviews.submit(alice, 777777, "https://github.com/a/x"); }), errc::not_found);

  const auto first = s.reviews.submit(alice, 901, "https://github.com/alice/page");
  EXPECT_EQ(first.submission.status, "waiting");
  EXPECT_EQ(error_message([&] { s.reviews.submit(alice, 901, "https://github.com/alice/page"); }), "レビュー待ちの提出があります");
  const auto mentor = person("basic_mentor");
  s.reviews.review(mentor, first.submission.id, {"直してください", "changes_requested"});
  const auto second = s.reviews.submit(alice, 901, "https://github.com/alice/page");
  ASSERT_EQ(second.history.size(), 1u);
  EXPECT_EQ(second.history[0].id, first.submission.id);
  s.reviews.review(mentor, second.submission.id, {"合格です", "approved"});
  EXPECT_EQ(error_message([&] { s.reviews.submit(alice, 901, "https://github.com/alice/page"); }), "この課題はすでに合格しています");
  EXPECT_EQ(s.curriculums.get(alice, "test-basics").tasks[0].status, "approved");
  // Students see only their own.
  EXPECT_EQ(code_of([&] { s.reviews.get(student(), first.submission.id); }), errc::not_found);
  EXPECT_EQ(s.reviews.get(alice, first.submission.id).reviews.at(0).comment, "直してください");
}

TEST(CurriculumDb, TwoMentorsReviewingAtOnceOneLandsTheOtherConflicts) {
  Services s;
  const auto m1 = person("advanced_mentor"), m2 = person("admin");
  for (int round = 0; round < 10; ++round) {
    const auto sub = s.reviews.submit(student(), 903, "https://github.com/s/app");
    std::atomic<int> landed{0}, conflicts{0};
    std::atomic<bool> go{false};
    auto reviewer = [&](const accounts::Account& m, const char* status) {
      while (!go) std::this_thread::yield();
      try {
        s.reviews.review(m, sub.submission.id, {"同時レビュー", status});
        ++landed;
      } catch (const Error& e) {
        if (e.code() == errc::conflict) ++conflicts;
      }
    };
    std::thread a(reviewer, m1, "approved"), b(reviewer, m2, "changes_requested");
    go = true;
    a.join();
    b.join();
    EXPECT_EQ(landed, 1);
    EXPECT_EQ(conflicts, 1);
    EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM reviews WHERE submission_id = " + std::to_string(sub.submission.id)), 1);
  }
}

TEST(CurriculumDb, TheMilestoneIsCreatedOnceEvenUnderConcurrency) {
  Services s;
  const auto m1 = person("basic_mentor"), m2 = person("admin");
  for (int round = 0; round < 5; ++round) {
    const auto alice = student();
    const auto sub = s.reviews.submit(alice, 902, "https://github.com/alice/styles");  // the last task
    std::atomic<bool> go{false};
    auto approve = [&](const accounts::Account& m) {
      while (!go) std::this_thread::yield();
      try {
        s.reviews.review(m, sub.submission.id, {"合格", "approved"});
      } catch (const Error&) {
      }
    };
    // And the milestones service called directly at the same time (another domain's use case).
    auto direct = [&] {
      while (!go) std::this_thread::yield();
      dbtest::pool().transaction([&](db::Tx& tx) { s.milestones.achieve(tx, alice.id, "test_basics_tasks_approved"); });
    };
    std::thread a(approve, m1), b(approve, m2), c(direct);
    go = true;
    a.join();
    b.join();
    c.join();
    EXPECT_EQ(dbtest::scalar("SELECT count(*) FROM milestones WHERE milestone_type = 'test_basics_tasks_approved' AND account_id = " +
                    std::to_string(alice.id)),
              1);
  }
  // Approving a task that is not the last one gives nothing.
  const auto bob = student();
  const auto first = s.reviews.submit(bob, 901, "https://github.com/bob/page");
  s.reviews.review(m1, first.submission.id, {"合格", "approved"});
  EXPECT_EQ(s.milestones.next_to_show(bob), std::nullopt);
  // first_login: students only, once.
  s.milestones.record_login(bob);
  s.milestones.record_login(bob);
  EXPECT_EQ(s.milestones.next_to_show(bob), "first_login");
  s.milestones.mark_shown(bob, "first_login");
  EXPECT_EQ(s.milestones.next_to_show(bob), std::nullopt);
  const auto mentor = person("basic_mentor");
  s.milestones.record_login(mentor);
  EXPECT_EQ(s.milestones.next_to_show(mentor), std::nullopt);
}

TEST(CurriculumDb, TheQueueFiltersAndOrdersOldestFirst) {
  Services s;
  const auto admin = person("admin"), basic = person("basic_mentor");
  const auto a = s.reviews.submit(student(), 901, "https://github.com/q/a");
  const auto b = s.reviews.submit(student(), 903, "https://github.com/q/b");
  const auto c = s.reviews.submit(student(), 901, "https://github.com/q/c");
  s.reviews.claim(basic, c.submission.id);
  dbtest::pool().run([&](db::Connection& conn) {
    pqxx::work w(conn.pq());
    w.exec("UPDATE submissions SET created_at = now() - interval '10 days' WHERE id = " + std::to_string(a.submission.id));
    w.commit();
    return 0;
  });

  auto ids = [&](reviews::QueueParams p, const accounts::Account& who) {
    p.per = 100;
    std::vector<std::int64_t> out;
    for (const auto& x : s.reviews.queue(who, p).items) out.push_back(x.id);
    return out;
  };
  const auto waiting = ids({}, admin);
  const auto pos = [&](std::int64_t id) { return std::find(waiting.begin(), waiting.end(), id) - waiting.begin(); };
  EXPECT_LT(pos(a.submission.id), pos(b.submission.id));
  EXPECT_LT(pos(b.submission.id), pos(c.submission.id));

  reviews::QueueParams old;
  old.older_than_days = 7;
  const auto olds = ids(old, admin);
  EXPECT_NE(std::find(olds.begin(), olds.end(), a.submission.id), olds.end());
  EXPECT_EQ(std::find(olds.begin(), olds.end(), b.submission.id), olds.end());

  reviews::QueueParams mine;
  mine.claimed_by = "me";
  EXPECT_EQ(ids(mine, basic), std::vector<std::int64_t>{c.submission.id});
  reviews::QueueParams none;
  none.claimed_by = "none";
  none.task_id = 901;
  const auto unclaimed = ids(none, admin);
  EXPECT_EQ(std::find(unclaimed.begin(), unclaimed.end(), c.submission.id), unclaimed.end());

  reviews::QueueParams adv;
  adv.curriculum = "test-advanced";
  for (const auto& x : s.reviews.queue(basic, adv).items) {
    EXPECT_EQ(x.curriculum_name, "test-advanced");
    EXPECT_FALSE(x.can_review);
  }
  reviews::QueueParams bad;
  bad.status = "open";
  EXPECT_EQ(code_of([&] { s.reviews.queue(admin, bad); }), errc::invalid);
  EXPECT_EQ(code_of([&] { s.reviews.queue(student(), {}); }), errc::forbidden);
}
