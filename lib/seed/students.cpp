#include "seed/students.hpp"

#include <string>
#include <vector>

#include "seed/demo.hpp"

namespace camp::seed {
namespace {

constexpr db::Statement kSeeded{"seed.students.seeded",
                                "SELECT 1 FROM mentorings g JOIN students s ON s.id = g.student_id "
                                "WHERE s.email = 'student@example.com' LIMIT 1"};
// A demo account that can log in with the demo password (the hash of student@example.com's).
constexpr db::Statement kInsertAccount{
    "seed.students.insert_account",
    "INSERT INTO accounts (email, role, nickname, course_id, password_hash) "
    "SELECT $1, 'student', $2, c.id, a.password_hash FROM courses c, accounts a "
    "WHERE c.code = $3 AND a.email = 'student@example.com' ON CONFLICT DO NOTHING RETURNING id"};
// A mentor who never chose a nickname: the school knows them by their e-mail.
constexpr db::Statement kInsertMentor{
    "seed.students.insert_mentor",
    "INSERT INTO accounts (email, role, nickname, password_hash) "
    "SELECT $1, 'basic_mentor', '', a.password_hash FROM accounts a WHERE a.email = 'student@example.com' "
    "ON CONFLICT DO NOTHING"};
constexpr db::Statement kInvited{
    "seed.students.invited",
    "INSERT INTO students (email, name, course_id, start_date, status) "
    "SELECT $1, $2, c.id, (now() AT TIME ZONE 'Asia/Tokyo')::date - $4::int, 'active' FROM courses c WHERE c.code = $3 "
    "ON CONFLICT DO NOTHING"};
// $2 days ago started, $3 status, $4 mentor's e-mail, $5 the full name.
constexpr db::Statement kRecord{
    "seed.students.record",
    "UPDATE students SET start_date = (now() AT TIME ZONE 'Asia/Tokyo')::date - $2::int, status = $3, name = $5, "
    "mentor_id = (SELECT id FROM accounts WHERE email = $4) WHERE account_id = $1"};
constexpr db::Statement kHistory{
    "seed.students.history",
    "INSERT INTO student_mentor_changes (student_id, mentor_id, changed_by, changed_at) "
    "SELECT s.id, m.id, a.id, now() - make_interval(days => $3) FROM students s, accounts m, accounts a "
    "WHERE s.account_id = $1 AND m.email = $2 AND a.email = 'admin@example.com'"};
constexpr db::Statement kMentoring{
    "seed.students.mentoring",
    "INSERT INTO mentorings (student_id, author_id, held_at, body) "
    "SELECT s.id, m.id, date_trunc('hour', now()) - make_interval(days => $3) + interval '10 hours', $4 "
    "FROM students s, accounts m WHERE s.account_id = $1 AND m.email = $2"};
// Approved (with a review) or waiting work, $3 days ago; reviews came 2 to 48 hours later (the
// dashboard's median wait moves from week to week).
constexpr db::Statement kWork{
    "seed.students.work",
    "WITH s AS (INSERT INTO submissions (task_id, account_id, repository_url, status, created_at, reviewed_at) "
    "SELECT $1, $2, 'https://github.com/demo-students/task-' || ($1::int)::text, $4, now() - make_interval(days => $3), "
    "CASE WHEN $4 = 'approved' THEN now() - make_interval(days => $3) + make_interval(hours => 2 + ($1::int * 5 + $3::int * 3) % 47) END "
    "WHERE EXISTS (SELECT 1 FROM tasks WHERE id = $1) RETURNING id, status, reviewed_at) "
    "INSERT INTO reviews (submission_id, account_id, status, comment, created_at) "
    "SELECT s.id, m.id, 'approved', 'よくできています。合格です!', s.reviewed_at FROM s, accounts m "
    "WHERE s.status = 'approved' AND m.email = 'advanced-mentor@example.com'"};

const char* kSpot = "spot-mentor@example.com";
const char* kNoNickname = "kenta.kimura@example.com";

struct Work {
  int task, days_ago;
  const char* status;
};
struct DemoStudent {
  const char* email;
  const char* name;      // the student record's
  const char* nickname;  // of a new account; "" for none (the record's name is shown)
  const char* course;
  int started_days_ago;
  const char* status;
  const char* mentor;
  std::vector<Work> work;  // only for new accounts
};

const std::vector<DemoStudent>& demo_students() {
  static const std::vector<DemoStudent> all{
      // The demo logins: student@example.com on the 4-month plan, three weeks in, behind on task 13.
      {"student@example.com", "山本 花子", "", "rails_4m", 21, "active", kDemoAdvancedMentor, {}},
      {"student5@example.com", "鈴木 次郎", "", "rails_5m", 33, "active", kDemoBasicMentor, {}},
      {"u29@example.com", "高橋 若菜", "", "u29", 10, "active", kSpot, {}},
      {"graduate@example.com", "田中 三郎", "", "rails_4m", 200, "graduated", kDemoAdvancedMentor, {}},
      // More of the school: some on time, some behind, one on leave; half never chose a nickname.
      {"demo-ito@example.com", "伊藤 美咲", "みさき", "rails_5m", 60, "active", kDemoAdvancedMentor,
       {{3, 50, "approved"}, {9, 36, "approved"}, {10, 20, "approved"}, {13, 2, "waiting"}}},
      {"demo-watanabe@example.com", "渡辺 健太", "", "rails_5m", 75, "active", kDemoBasicMentor,
       {{3, 55, "approved"}, {9, 30, "waiting"}}},
      {"demo-kobayashi@example.com", "小林 さくら", "さくら", "rails_4m", 80, "active", kDemoAdvancedMentor,
       {{13, 70, "approved"}, {14, 50, "approved"}, {18, 35, "approved"}, {19, 18, "approved"}, {20, 10, "waiting"}}},
      {"demo-kato@example.com", "加藤 大輔", "", "rails_4m", 45, "on_leave", kNoNickname, {{13, 30, "approved"}}},
      {"demo-yoshida@example.com", "吉田 愛", "", "u29", 30, "active", kSpot, {{3, 20, "approved"}, {9, 3, "waiting"}}},
      {"demo-yamada@example.com", "山田 翔太", "しょうた", "u29", 5, "active", kSpot, {}},
      {"demo-sasaki@example.com", "佐々木 優子", "", "rails_5m", 120, "active", kDemoAdvancedMentor,
       {{3, 110, "approved"}, {9, 95, "approved"}, {10, 80, "approved"}, {13, 66, "approved"}, {14, 50, "approved"},
        {18, 30, "approved"}, {19, 12, "approved"}, {20, 4, "waiting"}}},
      {"demo-yamaguchi@example.com", "山口 拓也", "", "rails_4m", 15, "active", kNoNickname, {}},
  };
  return all;
}

}  // namespace

int seed_demo_students(db::Pool& pool) {
  return pool.transaction([](db::Tx& tx) {
    if (!tx.exec(kSeeded).empty()) return 0;
    tx.exec(kInsertMentor, std::string(kNoNickname));
    int n = 0;
    for (const auto& d : demo_students()) {
      auto found = tx.exec(kDemoAccount, std::string(d.email));
      bool fresh = false;
      if (found.empty()) {
        found = tx.exec(kInsertAccount, std::string(d.email), std::string(d.nickname), std::string(d.course));
        fresh = true;
      }
      if (found.empty()) continue;
      const auto id = found[0][0].as<std::int64_t>();
      tx.exec(kRecord, id, d.started_days_ago, std::string(d.status), std::string(d.mentor), std::string(d.name));
      tx.exec(kHistory, id, std::string(d.mentor), d.started_days_ago);
      if (fresh)
        for (const auto& w : d.work) tx.exec(kWork, w.task, id, w.days_ago, std::string(w.status));
      ++n;
    }
    // A change of mentor, and mentoring records.
    const auto hanako = tx.exec(kDemoAccount, std::string("student@example.com"));
    if (!hanako.empty()) {
      const auto id = hanako[0][0].as<std::int64_t>();
      tx.exec(kHistory, id, std::string(kDemoBasicMentor), 14);
      tx.exec(kHistory, id, std::string(kDemoAdvancedMentor), 7);
      tx.exec(kMentoring, id, std::string(kDemoBasicMentor), 14,
              std::string("学習の進め方を相談。平日は夜に2時間、週末に5時間を目安に進める計画を立てました。"));
      tx.exec(kMentoring, id, std::string(kDemoAdvancedMentor), 7,
              std::string("Ruby の課題で詰まっている箇所を確認。メソッドの責務を分けるよう助言し、次回までに課題13を提出する目標に。"));
      tx.exec(kMentoring, id, std::string(kDemoAdvancedMentor), 1,
              std::string("転職活動の準備について。ポートフォリオに載せる成果物と職務経歴書の書き方を確認しました。"));
    }
    // Imported, not yet registered (their invitations are what `camp students import` sends).
    tx.exec(kInvited, std::string("demo-nakamura@example.com"), std::string("中村 陽菜"), std::string("rails_5m"), 3);
    tx.exec(kInvited, std::string("demo-matsumoto@example.com"), std::string("松本 蓮"), std::string("u29"), 0);
    return n + 2;
  });
}

}  // namespace camp::seed
