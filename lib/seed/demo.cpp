#include "seed/demo.hpp"

#include "accounts/password.hpp"
#include "accounts/repo.hpp"
#include "accounts/service.hpp"
#include "questions/categories.hpp"
#include "questions/service.hpp"

namespace camp::seed {
namespace {

struct DemoAccount {
  const char* email;
  accounts::Role role;
  const char* course;  // nullptr: none
  const char* nickname;
};

constexpr DemoAccount kAccounts[] = {
    {"admin@example.com", accounts::Role::admin, nullptr, "管理者 太郎"},
    {"basic-mentor@example.com", accounts::Role::basic_mentor, nullptr, "基本 メンター"},
    {"advanced-mentor@example.com", accounts::Role::advanced_mentor, nullptr, "上級 メンター"},
    {"spot-mentor@example.com", accounts::Role::spot_advanced_mentor, nullptr, "スポット メンター"},
    {"student@example.com", accounts::Role::student, "rails_4m", "受講生 花子"},
    {"student5@example.com", accounts::Role::student, "rails_5m", "受講生 次郎"},
    {"u29@example.com", accounts::Role::student, "u29", "若手 受講生"},
    {"graduate@example.com", accounts::Role::graduate, "rails_4m", "卒業生 三郎"},
    {"trial@example.com", accounts::Role::trial, nullptr, "体験 ユーザー"},
};

struct DemoQuestion {
  const char* asker;
  const char* parent_category;
  const char* category;
  const char* title;
  const char* body;
  const char* answerer;  // nullptr: unanswered
  const char* answer;
  bool solved;
  bool pick_up;
};

constexpr DemoQuestion kQuestions[] = {
    {"student@example.com", "Ruby on Rails", "ActiveRecord・マイグレーション",
     "rails db:migrate で PG::UndefinedTable エラーが解決できない",
     "## 実現したいこと\nusers テーブルに外部キーを追加したい\n\n## エラーメッセージ\n```\nPG::UndefinedTable: ERROR:  relation \"teams\" does not exist\n```\n\n## 調べたこと・試したこと\nマイグレーションファイルの順番を入れ替えました。",
     "basic-mentor@example.com",
     "teams テーブルを作るマイグレーションのタイムスタンプが、外部キーを追加するものより後になっていませんか？ `rails db:migrate:status` で順番を確認してみてください。",
     true, true},
    {"student5@example.com", "HTML/CSS", "レイアウト (Flexbox / Grid)", "Flexbox で要素が縦に並んでしまう",
     "## 実現したいこと\nカードを横並びにしたい\n\n## わからないこと\n`display: flex` を指定しても縦に並びます。",
     "student@example.com", "親要素に `flex-direction: column` が指定されていないか確認してみてください。", false, false},
    {"u29@example.com", "Git・GitHub", "コンフリクト", "git pull でコンフリクトが発生した時の解消方法",
     "## 実現したいこと\nmain の変更を取り込みたい\n\n## エラーメッセージ\n```\nCONFLICT (content): Merge conflict in app/views/layouts/application.html.erb\n```",
     nullptr, nullptr, false, false},
    {"trial@example.com", "環境構築", "Mac", "rbenv install で Ruby 3.3 のビルドに失敗する",
     "## エラーメッセージ\n```\nBUILD FAILED (macOS 14 using ruby-build)\n```\n\n## 試したこと\nopenssl を brew で入れ直しました。",
     "advanced-mentor@example.com", "`RUBY_CONFIGURE_OPTS=\"--with-openssl-dir=$(brew --prefix openssl@3)\"` を付けて再実行してみてください。",
     false, false},
};

}  // namespace

std::vector<DemoLogin> seed_demo(db::Pool& pool) {
  const auto hash = accounts::hash_password(kDemoPassword);
  std::vector<DemoLogin> logins;
  pool.run([&](db::Connection& c) {
    for (const auto& a : kAccounts) {
      std::optional<std::string> course;
      if (a.course) course = a.course;
      accounts::repo::upsert(c, {a.email, a.role, a.nickname, course, hash});
      logins.push_back({a.email, std::string(accounts::to_string(a.role)), course, kDemoPassword});
    }
    return 0;
  });

  questions::CategoryService categories(pool);
  categories.import(questions::parse_category_yaml(questions::default_categories_yaml()));
  const auto tree = categories.tree();

  accounts::AccountService people(pool);
  questions::QuestionService box(pool);
  const auto existing = box.list_for_ops(false, std::nullopt, 100);
  for (const auto& q : kQuestions) {
    if (std::any_of(existing.begin(), existing.end(), [&](const questions::Question& e) { return e.title == q.title; }))
      continue;  // seeded before
    int category_id = 0;
    for (const auto& parent : tree)
      if (parent.name == q.parent_category)
        for (const auto& child : parent.lists)
          if (child.name == q.category) category_id = child.id;
    const auto asker = people.find_by_email(q.asker);
    const auto admin = people.find_by_email("admin@example.com");
    auto asked = box.ask(asker, {category_id, q.title, q.body, std::nullopt});
    if (q.pick_up) box.update(admin, asked.id, {std::nullopt, std::nullopt, std::nullopt, true});
    if (q.answerer) {
      auto answer = box.answer(people.find_by_email(q.answerer), asked.id, q.answer);
      if (q.solved) box.choose_solution(asker, asked.id, answer.id);
    }
  }
  return logins;
}

}  // namespace camp::seed
