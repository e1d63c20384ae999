#include "seed/privacy.hpp"

#include "accounts/model.hpp"
#include "app/services.hpp"
#include "seed/demo.hpp"
#include "seed/fixture.hpp"

namespace camp::seed {
namespace {

constexpr const char* kLeaverEmail = "kobayashi.ren@example.jp";
constexpr const char* kGraduateEmail = "graduate@example.com";
constexpr const char* kDeletionReason = "退会に伴う削除依頼（本人よりメールで受付）";

constexpr db::Statement kAnyAnonymised{"seed.privacy.any_anonymised",
                                       "SELECT 1 FROM accounts WHERE anonymised_at IS NOT NULL LIMIT 1"};
constexpr db::Statement kHasExport{"seed.privacy.has_export", "SELECT 1 FROM data_exports WHERE account_id = $1 LIMIT 1"};

// A student of the 4-month course who asked one question, answered and solved, before leaving.
Fixture leaver_fixture() {
  Fixture f;
  f.source = "demo";
  AccountEntry a;
  a.email = kLeaverEmail;
  a.role = "student";
  a.course = "rails_4m";
  a.nickname = "小林 蓮";
  a.password = kDemoPassword;
  f.accounts.push_back(a);
  QuestionEntry q;
  q.author = kLeaverEmail;
  q.parent_category = "Ruby on Rails";
  q.category = "ActiveRecord・マイグレーション";
  q.title = "has_many through で中間テーブルの属性を取得したい";
  q.body =
      "## 実現したいこと\nメンバーがチームに参加した日（memberships.joined_on）を一覧に出したい\n\n"
      "## 試したこと\n`team.users.each { |u| u.joined_on }` で NoMethodError になりました。";
  q.answers.push_back({{}, {}, kDemoAdvancedMentor,
                       "`team.memberships.includes(:user)` をたどると、中間テーブルの属性と user の両方を "
                       "N+1 なしで取得できます。",
                       true});
  f.questions.push_back(q);
  return f;
}

template <class... Args>
bool exists(db::Pool& pool, const db::Statement& s, const Args&... args) {
  return pool.transaction([&](db::Tx& tx) { return !tx.exec(s, args...).empty(); });
}

}  // namespace

int seed_demo_privacy(app::Services& services, db::Pool& pool) {
  int done = 0;
  if (!exists(pool, kAnyAnonymised)) {
    load(pool, leaver_fixture());
    const auto leaver = services.accounts.find_by_email(kLeaverEmail);
    services.anonymisations.anonymise(accounts::Account::system(), leaver.id, kDeletionReason);
    ++done;
  }
  const auto graduate = services.accounts.find_by_email(kGraduateEmail);
  if (!exists(pool, kHasExport, graduate.id)) {
    services.data_exports.request(graduate);
    services.data_exports.build_next(pool);  // ready now, as the daemon's worker would make it
    ++done;
  }
  return done;
}

}  // namespace camp::seed
