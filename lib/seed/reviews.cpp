#include "seed/reviews.hpp"

#include <string>
#include <vector>

#include "milestones/service.hpp"
#include "seed/demo.hpp"

namespace camp::seed {
namespace {

constexpr db::Statement kHasSubmissions{"seed.reviews.has", "SELECT 1 FROM submissions WHERE account_id = $1 LIMIT 1"};
constexpr db::Statement kTaskExists{"seed.reviews.task", "SELECT 1 FROM tasks WHERE id = $1"};
// $4: days ago the work was submitted; the review (if any) came $7 hours later.
constexpr db::Statement kSubmission{
    "seed.reviews.submission",
    "INSERT INTO submissions (task_id, account_id, repository_url, status, created_at, reviewed_at) "
    "VALUES ($1, $2, $3, $5, now() - make_interval(days => $4), "
    "CASE WHEN $5 = 'waiting' THEN NULL ELSE now() - make_interval(days => $4) + make_interval(hours => $6) END) "
    "RETURNING id"};
constexpr db::Statement kReview{
    "seed.reviews.review",
    "INSERT INTO reviews (submission_id, account_id, status, comment, created_at) "
    "SELECT $1, $2, s.status, $3, s.reviewed_at FROM submissions s WHERE s.id = $1"};
constexpr db::Statement kMilestoneOf{
    "seed.reviews.milestone",
    "SELECT c.milestone, c.name, c.title FROM tasks t JOIN curriculums c ON c.name = t.curriculum_name WHERE t.id = $1 "
    "AND t.position = (SELECT max(position) FROM tasks x WHERE x.curriculum_name = t.curriculum_name) "
    "AND c.milestone IS NOT NULL"};

struct Step {
  int task;
  const char* repo;
  int days_ago;
  const char* status;  // waiting | changes_requested | approved
  int hours_to_review;
  const char* reviewer;  // e-mail
  const char* comment;
};

struct StudentPlan {
  const char* email;
  std::vector<Step> steps;  // oldest first
};


std::vector<StudentPlan> plans() {
  return {
      {"student@example.com",
       {{1, "https://github.com/hanako-dev/profile-page", 30, "changes_requested", 5, kDemoBasicMentor,
         "よく書けています。`<img>` に `alt` 属性がないので、画像の内容を説明する文章を追加してください。"},
        {1, "https://github.com/hanako-dev/profile-page", 28, "approved", 3, kDemoBasicMentor,
         "修正ありがとうございます。見出しの階層も整理されていて読みやすいです。合格です!"},
        {2, "https://github.com/hanako-dev/cafe-menu", 24, "approved", 20, kDemoBasicMentor,
         "Flexbox の使い方が的確です。クラス名も BEM で統一されていて素晴らしいです。合格です。"},
        {3, "https://github.com/hanako-dev/portfolio", 18, "approved", 8, kDemoAdvancedMentor,
         "レスポンシブ対応まで丁寧にできています。HTML/CSS 課題はこれで完了です。おめでとうございます!"},
        {4, "https://github.com/hanako-dev/js-basics", 3, "waiting", 0, nullptr, nullptr}}},
      {"student5@example.com",
       {{1, "https://github.com/jiro-codes/self-intro", 12, "approved", 30, kDemoBasicMentor,
         "シンプルで見やすいページです。インデントも揃っています。合格です。"},
        {2, "https://github.com/jiro-codes/cafe-page", 6, "changes_requested", 26, kDemoAdvancedMentor,
         "スマートフォン幅でメニューが横にはみ出しています。メディアクエリで折り返すように修正してください。"
         "\n\n- `flex-wrap: wrap` を試してみましょう\n- 画像に `max-width: 100%` を指定しましょう"}}},
      {"u29@example.com", {{1, "https://github.com/u29-taro/first-page", 1, "waiting", 0, nullptr, nullptr}}},
  };
}

}  // namespace

int seed_demo_reviews(db::Pool& pool) {
  milestones::MilestoneService milestones(pool);
  return pool.transaction([&](db::Tx& tx) {
    int written = 0;
    for (const auto& plan : plans()) {
      const auto student = tx.exec(kDemoAccount, plan.email);
      if (student.empty()) continue;
      const auto student_id = student[0][0].as<std::int64_t>();
      if (!tx.exec(kHasSubmissions, student_id).empty()) continue;
      for (const auto& step : plan.steps) {
        if (tx.exec(kTaskExists, step.task).empty()) break;  // no real curriculum imported
        const auto id = tx.exec(kSubmission, step.task, student_id, step.repo, step.days_ago, std::string(step.status),
                                step.hours_to_review)[0][0].as<std::int64_t>();
        ++written;
        if (!step.reviewer) continue;
        const auto reviewer = tx.exec(kDemoAccount, step.reviewer);
        if (reviewer.empty()) continue;
        tx.exec(kReview, id, reviewer[0][0].as<std::int64_t>(), std::string(step.comment));
        if (std::string(step.status) == "approved")
          for (const auto& m : tx.exec(kMilestoneOf, step.task))  // as the review use case records it
            milestones.achieve(tx, student_id, m[0].as<std::string>(), std::nullopt,
                               {{"curriculum_name", m[1].as<std::string>()}, {"curriculum_title", m[2].as<std::string>()}});
      }
    }
    return written;
  });
}

}  // namespace camp::seed
