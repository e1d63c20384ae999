#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "core/error.hpp"
#include "environment.hpp"

using namespace camp;
using camp::dbtest::code_of;
using namespace camp::accounts;

namespace {

std::string unique_email(const std::string& tag) {
  static std::atomic<int> n{0};
  return tag + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
}

Account make(AccountService& s, const std::string& role, std::optional<std::string> course = std::nullopt) {
  return s.create({unique_email(role), role, course, "テスト", "pass-word-123"});
}


SessionService sessions(RateLimits limits = {}) {
  return SessionService(dbtest::pool(), TokenSigner(std::string(40, 's')), limits, 30);
}

// Limits for the throttling tests: no slow-down unless a test asks for one.
RateLimits limits(int per_email, int per_address, int per_pair) {
  return {.login_failures_per_email = per_email,
          .login_failures_per_address = per_address,
          .login_failures_per_email_and_address = per_pair,
          .login_slowdown_max_ms = 0,
          .window_seconds = 600};
}

const EmailChangeProof kNoProof{};

// What the daemon passes: the actor's password checked by the session service.
EmailChangeProof proof_by(SessionService& svc, const Account& actor, const std::string& keep_session = "") {
  return {[&svc, actor](const std::string& pw) { svc.confirm_password(actor, pw, "192.0.2.50"); }, keep_session};
}

std::vector<std::string> field(const std::function<void()>& f, const std::string& name) {
  try {
    f();
  } catch (const Error& e) {
    if (e.fields().count(name)) return e.fields().at(name);
  }
  return {};
}

void sql(const std::string& statement) {
  dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    tx.exec(statement);
    return 0;
  });
}

long long count(const std::string& query) {
  return dbtest::pool().run([&](db::Connection& c) {
    pqxx::nontransaction tx(c.pq());
    return tx.exec(query)[0][0].as<long long>();
  });
}

}  // namespace

TEST(AccountsDb, CreateReadsBackWithCourse) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "student", "u29");
  EXPECT_EQ(a.role, Role::student);
  ASSERT_TRUE(a.course);
  EXPECT_EQ(a.course->name, "Railsキャリアコース（U29）");
  EXPECT_EQ(s.get(a.id).email, a.email);
}

TEST(AccountsDb, EmailIsUniqueCaseInsensitively) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "admin");
  std::string upper = a.email;
  for (auto& c : upper) c = static_cast<char>(std::toupper(c));
  EXPECT_EQ(code_of([&] { s.create({upper, "admin", std::nullopt, "", "pass-word-123"}); }), errc::conflict);
}

TEST(AccountsDb, UnknownCourseAndMissingCourseAreInvalid) {
  AccountService s(dbtest::pool());
  EXPECT_EQ(code_of([&] { make(s, "student", "cobol_12m"); }), errc::invalid);
  EXPECT_EQ(code_of([&] { make(s, "student"); }), errc::invalid);
  EXPECT_EQ(code_of([&] { make(s, "admin", "rails_4m"); }), errc::invalid);
}

TEST(AccountsDb, ProfileUpdateRules) {
  AccountService s(dbtest::pool());
  const auto me = make(s, "student", "rails_4m");
  const auto other = make(s, "student", "rails_5m");
  const auto admin = make(s, "admin");

  ProfilePatch patch;
  patch.nickname = "新しい名前";
  EXPECT_EQ(s.update_profile(me, me.id, patch, kNoProof).nickname, "新しい名前");
  EXPECT_EQ(code_of([&] { s.update_profile(me, other.id, patch, kNoProof); }), errc::forbidden);
  EXPECT_EQ(s.update_profile(admin, other.id, patch, kNoProof).nickname, "新しい名前");
  EXPECT_EQ(code_of([&] { s.update_profile(admin, 987654321, patch, kNoProof); }), errc::not_found);

  auto svc = sessions();
  ProfilePatch taken;
  taken.email = other.email;
  taken.current_password = "pass-word-123";
  EXPECT_EQ(code_of([&] { s.update_profile(me, me.id, taken, proof_by(svc, me)); }), errc::conflict);

  ProfilePatch bad;
  bad.nickname = std::string(81, 'x');
  bad.email = "";
  try {
    s.update_profile(me, me.id, bad, kNoProof);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.fields().at("nickname").at(0), "ニックネームは80文字以内でご入力ください");
    EXPECT_EQ(e.fields().at("email").at(0), "メールアドレスは必須です");
    EXPECT_EQ(e.fields().at("current_password").at(0), "パスワードは必須です");
  }
  EXPECT_EQ(s.get(me.id).nickname, "新しい名前");  // nothing changed by the refused update
}

TEST(SessionsDb, LoginAuthenticateLogout) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "trial");
  auto svc = sessions();
  const auto token = svc.login({a.email, "pass-word-123", "192.0.2.1", "test"});
  const auto principal = svc.authenticate(token);
  EXPECT_EQ(principal.account.id, a.id);
  svc.logout(principal);
  EXPECT_EQ(code_of([&] { svc.authenticate(token); }), errc::unauthenticated);
}

TEST(SessionsDb, WrongPasswordAndUnknownEmailLookTheSame) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "trial");
  auto svc = sessions();
  std::string wrong, unknown;
  try {
    svc.login({a.email, "not-the-password", "192.0.2.2", ""});
  } catch (const Error& e) {
    wrong = std::string(to_string(e.code())) + e.what();
  }
  try {
    svc.login({unique_email("nobody"), "not-the-password", "192.0.2.2", ""});
  } catch (const Error& e) {
    unknown = std::string(to_string(e.code())) + e.what();
  }
  EXPECT_FALSE(wrong.empty());
  EXPECT_EQ(wrong, unknown);
}

TEST(SessionsDb, FailuresAreThrottledPerEmailAndAddressEvenWithTheRightPassword) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "trial");
  auto svc = sessions(limits(100, 100, 3));
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(code_of([&] { svc.login({a.email, "wrong-password", "192.0.2.3", ""}); }), errc::unauthenticated);
  try {
    svc.login({a.email, "pass-word-123", "192.0.2.3", ""});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::too_many_requests);
    ASSERT_TRUE(e.retry_after_seconds());
    EXPECT_GT(*e.retry_after_seconds(), 500);
    EXPECT_LE(*e.retry_after_seconds(), 600);
  }
  // The owner elsewhere is not locked out.
  EXPECT_FALSE(svc.login({a.email, "pass-word-123", "192.0.2.33", ""}).empty());
}

TEST(SessionsDb, FailuresForAnEmailFromEverywhereNeverRefuseTheRightPassword) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "student", "rails_4m");
  auto svc = sessions(limits(3, 100, 3));
  for (int i = 0; i < 40; ++i) {
    const auto address = "198.51.100." + std::to_string(i);
    EXPECT_EQ(code_of([&] { svc.login({a.email, "wrong-password", address, ""}); }), errc::unauthenticated);
  }
  EXPECT_FALSE(svc.login({a.email, "pass-word-123", "203.0.113.9", ""}).empty());
}

TEST(SessionsDb, IPv6AddressesCountPerSlash64) {
  auto svc = sessions(limits(100, 2, 100));
  EXPECT_EQ(code_of([&] { svc.login({unique_email("v6"), "wrong-password", "2001:db8:5:6::1", ""}); }),
            errc::unauthenticated);
  EXPECT_EQ(code_of([&] { svc.login({unique_email("v6"), "wrong-password", "2001:db8:5:6:aaaa::2", ""}); }),
            errc::unauthenticated);
  EXPECT_EQ(code_of([&] { svc.login({unique_email("v6"), "wrong-password", "2001:db8:5:6:ffff::3", ""}); }),
            errc::too_many_requests);
  EXPECT_EQ(code_of([&] { svc.login({unique_email("v6"), "wrong-password", "2001:db8:5:7::1", ""}); }),
            errc::unauthenticated);
}

TEST(SessionsDb, FailuresAreThrottledPerAddress) {
  auto svc = sessions(limits(100, 2, 100));
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(code_of([&] { svc.login({unique_email("x"), "wrong-password", "192.0.2.4", ""}); }), errc::unauthenticated);
  EXPECT_EQ(code_of([&] { svc.login({unique_email("x"), "wrong-password", "192.0.2.4", ""}); }), errc::too_many_requests);
  EXPECT_EQ(code_of([&] { svc.login({unique_email("x"), "wrong-password", "192.0.2.5", ""}); }), errc::unauthenticated);
}

TEST(SessionsDb, RevokeAllEndsEverySession) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "basic_mentor");
  auto svc = sessions();
  const auto t1 = svc.login({a.email, "pass-word-123", "192.0.2.6", ""});
  const auto t2 = svc.login({a.email, "pass-word-123", "192.0.2.6", ""});
  EXPECT_EQ(svc.revoke_all(a.id), 2);
  EXPECT_EQ(code_of([&] { svc.authenticate(t1); }), errc::unauthenticated);
  EXPECT_EQ(code_of([&] { svc.authenticate(t2); }), errc::unauthenticated);
}

TEST(AccountsDb, ChangingTheEmailNeedsTheCurrentPasswordAndEndsOtherSessions) {
  AccountService s(dbtest::pool());
  const auto me = make(s, "student", "rails_4m");
  auto svc = sessions();
  const auto mine_token = svc.login({me.email, "pass-word-123", "192.0.2.60", ""});
  const auto mine = svc.authenticate(mine_token);
  const auto other_token = svc.login({me.email, "pass-word-123", "192.0.2.61", ""});

  ProfilePatch change;
  change.email = unique_email("renamed");
  const auto proof = proof_by(svc, me, mine.session_id);
  EXPECT_EQ(field([&] { s.update_profile(me, me.id, change, proof); }, "current_password"),
            std::vector<std::string>{"パスワードは必須です"});
  change.current_password = "wrong-pass-word";
  EXPECT_EQ(field([&] { s.update_profile(me, me.id, change, proof); }, "current_password"),
            std::vector<std::string>{"現在のパスワードが正しくありません"});
  EXPECT_EQ(s.get(me.id).email, me.email);
  EXPECT_NO_THROW(svc.authenticate(other_token));  // refused changes end nothing

  change.current_password = "pass-word-123";
  EXPECT_EQ(s.update_profile(me, me.id, change, proof).email, *change.email);
  EXPECT_EQ(code_of([&] { svc.authenticate(other_token); }), errc::unauthenticated);
  EXPECT_EQ(svc.authenticate(mine_token).account.email, *change.email);  // the requester's session lives on

  // Only the e-mail needs proof: a nickname alone does not.
  ProfilePatch nickname;
  nickname.nickname = "変更";
  EXPECT_EQ(s.update_profile(s.get(me.id), me.id, nickname, kNoProof).nickname, "変更");
}

TEST(AccountsDb, AnAdminChangesAnEmailWithTheAdminsOwnPassword) {
  AccountService s(dbtest::pool());
  const auto admin = make(s, "admin");
  const auto student = make(s, "student", "rails_4m");
  auto svc = sessions();
  const auto student_token = svc.login({student.email, "pass-word-123", "192.0.2.70", ""});
  ProfilePatch change;
  change.email = unique_email("by-admin");
  change.current_password = "not-the-admins";
  EXPECT_EQ(code_of([&] { s.update_profile(admin, student.id, change, proof_by(svc, admin)); }), errc::invalid);
  change.current_password = "pass-word-123";
  EXPECT_EQ(s.update_profile(admin, student.id, change, proof_by(svc, admin)).email, *change.email);
  EXPECT_EQ(code_of([&] { svc.authenticate(student_token); }), errc::unauthenticated);
}

TEST(AccountsDb, WrongCurrentPasswordsAreThrottledLikeLogins) {
  AccountService s(dbtest::pool());
  const auto me = make(s, "student", "rails_4m");
  auto svc = sessions(limits(100, 100, 2));
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(code_of([&] { svc.confirm_password(me, "wrong-pass-word", "192.0.2.80"); }), errc::invalid);
  EXPECT_EQ(code_of([&] { svc.confirm_password(me, "pass-word-123", "192.0.2.80"); }), errc::too_many_requests);
  // The same counters as logins: that address cannot log in to the account either.
  EXPECT_EQ(code_of([&] { svc.login({me.email, "pass-word-123", "192.0.2.80", ""}); }), errc::too_many_requests);
}

TEST(SessionsDb, PruneDeletesEndedThrottleWindowsAndOldSessionsInBatches) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "trial");
  const auto tag = std::to_string(getpid());
  sql("INSERT INTO login_throttles (key, failures, window_started_at) SELECT 'prune-old-" + tag +
      "-' || g, 1, now() - interval '2 hours' FROM generate_series(1, 25) g");
  sql("INSERT INTO login_throttles (key, failures, window_started_at) VALUES ('prune-live-" + tag + "', 1, now())");
  const auto id = std::to_string(a.id);
  sql("INSERT INTO sessions (id, account_id, expires_at) SELECT 'prune-expired-" + tag + "-' || g, " + id +
      ", now() - interval '1 minute' FROM generate_series(1, 7) g");
  sql("INSERT INTO sessions (id, account_id, expires_at, revoked_at) VALUES ('prune-revoked-" + tag + "', " + id +
      ", now() + interval '1 day', now() - interval '2 days'), ('prune-just-revoked-" + tag + "', " + id +
      ", now() + interval '1 day', now()), ('prune-live-" + tag + "', " + id + ", now() + interval '1 day', NULL)");

  auto svc = sessions(limits(5, 5, 5));  // window 600 s
  // 10 rows per statement, at most 2 statements: bounded, the rest waits for the next call.
  const auto first = svc.prune_expired(std::chrono::system_clock::now(), 10, 2);
  EXPECT_EQ(first.throttles, 20);
  EXPECT_EQ(first.sessions, 8);
  const auto second = svc.prune_expired(std::chrono::system_clock::now(), 10, 2);
  EXPECT_GE(second.throttles, 5);
  EXPECT_EQ(count("SELECT count(*) FROM login_throttles WHERE key LIKE 'prune-old-" + tag + "-%'"), 0);
  EXPECT_EQ(count("SELECT count(*) FROM login_throttles WHERE key = 'prune-live-" + tag + "'"), 1);
  EXPECT_EQ(count("SELECT count(*) FROM sessions WHERE id LIKE 'prune-%-" + tag + "%'"), 2);
  EXPECT_EQ(count("SELECT count(*) FROM sessions WHERE id IN ('prune-just-revoked-" + tag + "', 'prune-live-" + tag +
                  "')"),
            2);
}

namespace {

// The camp::Error code f threw, or nothing when it returned (safe to call on a thread).
std::optional<errc> outcome(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  return std::nullopt;
}

}  // namespace

// A nickname change and an e-mail change (which holds the actor's password check between its
// read and its write) sent at once: each writes only its own field, so both land.
TEST(AccountsDb, NicknameAndEmailChangesRacingBothLand) {
  AccountService s(dbtest::pool());
  auto svc = sessions();
  const auto id = make(s, "student", "rails_4m").id;
  for (int round = 1; round <= 12; ++round) {
    const auto actor = s.get(id);
    ProfilePatch by_name;
    by_name.nickname = "同時 " + std::to_string(round);
    ProfilePatch by_mail;
    by_mail.email = unique_email("race");
    by_mail.current_password = "pass-word-123";
    std::optional<errc> name_error, mail_error;
    dbtest::race([&] { name_error = outcome([&] { s.update_profile(actor, id, by_name, kNoProof); }); },
                 [&] { mail_error = outcome([&] { s.update_profile(actor, id, by_mail, proof_by(svc, actor)); }); });
    ASSERT_FALSE(name_error) << "round " << round;
    ASSERT_FALSE(mail_error) << "round " << round;
    const auto now = s.get(id);
    ASSERT_EQ(now.nickname, *by_name.nickname) << "round " << round;
    ASSERT_EQ(now.email, *by_mail.email) << "round " << round;
  }
}

// The web form sends every field: a nickname change carrying the e-mail it was loaded with must
// not put that e-mail back over a newer one. It lands, or is refused (409, or 422 asking for
// the password a different e-mail needs); no acknowledged change is lost.
TEST(AccountsDb, AStaleFormNeverUndoesAConcurrentEmailChange) {
  AccountService s(dbtest::pool());
  auto svc = sessions();
  const auto id = make(s, "student", "rails_4m").id;
  int refused = 0;
  for (int round = 1; round <= 12; ++round) {
    const auto before = s.get(id);
    ProfilePatch form;
    form.nickname = "フォーム " + std::to_string(round);
    form.email = before.email;
    form.image_url = std::optional<std::string>();
    ProfilePatch by_mail;
    by_mail.email = unique_email("stale");
    by_mail.current_password = "pass-word-123";
    std::optional<errc> form_error, mail_error;
    dbtest::race([&] { form_error = outcome([&] { s.update_profile(before, id, form, kNoProof); }); },
                 [&] { mail_error = outcome([&] { s.update_profile(before, id, by_mail, proof_by(svc, before)); }); });
    ASSERT_FALSE(mail_error) << "round " << round;
    const auto now = s.get(id);
    ASSERT_EQ(now.email, *by_mail.email) << "round " << round;
    if (form_error) {
      ASSERT_TRUE(*form_error == errc::conflict || *form_error == errc::invalid) << "round " << round;
      ASSERT_EQ(now.nickname, before.nickname) << "round " << round;
      ++refused;
    } else {
      ASSERT_EQ(now.nickname, *form.nickname) << "round " << round;
    }
  }
  RecordProperty("stale_forms_refused", refused);
}

// set_role decides on the row it locked: while another transaction is giving the account a
// course, making it a student waits for that commit and then succeeds (a decision on an
// unlocked read would have refused it for having no course).
TEST(AccountsDb, SetRoleWaitsForAConcurrentChangeAndDecidesOnIt) {
  AccountService s(dbtest::pool());
  const auto trial = make(s, "trial");
  ASSERT_FALSE(trial.course);

  pqxx::connection other(dbtest::database_url());
  pqxx::work change(other);
  change.exec_params("UPDATE accounts SET course_id = (SELECT id FROM courses WHERE code = 'rails_4m') WHERE id = $1",
                     trial.id);
  std::atomic<bool> done{false};
  std::optional<errc> error;
  Account result;
  std::thread worker([&] {
    error = outcome([&] { result = s.set_role(trial.id, "student"); });
    done = true;
  });
  // Until set_role waits for the row lock `change` holds (or, wrongly, finished without waiting).
  pqxx::connection watcher(dbtest::database_url());
  for (bool waiting = false; !waiting && !done;) {
    pqxx::nontransaction q(watcher);
    waiting = q.exec_params("SELECT count(*) > 0 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
                            other.backendpid())[0][0].as<bool>();
    if (!waiting) std::this_thread::yield();
  }
  EXPECT_FALSE(done.load()) << "set_role did not wait for the row lock";
  change.commit();
  worker.join();
  ASSERT_FALSE(error) << to_string(*error);
  EXPECT_EQ(result.role, Role::student);
  ASSERT_TRUE(result.course);
  EXPECT_EQ(result.course->code, "rails_4m");
}

// set_role and a profile change at once: each writes only its own field, so both land.
TEST(AccountsDb, SetRoleAndANicknameChangeRacingBothLand) {
  AccountService s(dbtest::pool());
  const auto id = make(s, "student", "rails_4m").id;
  for (int round = 1; round <= 12; ++round) {
    const auto actor = s.get(id);
    const auto role = round % 2 ? "graduate" : "student";
    ProfilePatch by_name;
    by_name.nickname = "役割 " + std::to_string(round);
    std::optional<errc> role_error, name_error;
    dbtest::race([&] { role_error = outcome([&] { s.set_role(id, role); }); },
                 [&] { name_error = outcome([&] { s.update_profile(actor, id, by_name, kNoProof); }); });
    ASSERT_FALSE(role_error) << "round " << round;
    ASSERT_FALSE(name_error) << "round " << round;
    const auto now = s.get(id);
    ASSERT_EQ(to_string(now.role), role) << "round " << round;
    ASSERT_EQ(now.nickname, *by_name.nickname) << "round " << round;
  }
}

// Every daemon keeps signed-in accounts in memory and drops one when "sessions" names it. Each
// change that makes a kept account wrong is announced by a trigger, whoever writes it: here
// psql-style statements that no camp code runs. Notifications arrive in commit order, so a
// change that announces nothing is seen to be silent when the next one's arrives first.
TEST(SessionsDb, EveryChangeToWhatASessionCarriesIsAnnouncedWhoeverMakesIt) {
  AccountService s(dbtest::pool());
  const auto a = make(s, "student", "rails_4m");
  const auto b = make(s, "student", "rails_4m");
  dbtest::Listening listening;
  ASSERT_TRUE(listening.connected());
  pqxx::connection c(dbtest::database_url());
  const auto named = [](const Account& who) { return "{\"account_id\":" + std::to_string(who.id) + "}"; };
  // Runs `sql`, then announces b (a role change) and returns what "sessions" heard up to b's.
  const auto heard_after = [&](const std::string& sql) {
    listening.clear();
    pqxx::nontransaction(c).exec(sql);
    static int round = 0;
    pqxx::nontransaction(c).exec_params("UPDATE accounts SET role = $2 WHERE id = $1", b.id,
                                        ++round % 2 ? "trial" : "student");
    const dbtest::Notification b_named{"sessions", named(b)};
    listening.wait_until([&](const auto& heard) { return std::find(heard.begin(), heard.end(), b_named) != heard.end(); });
    std::vector<std::string> before_b;
    for (const auto& n : listening.heard()) {
      if (n == b_named) break;
      if (n.stream == "sessions") before_b.push_back(n.message);
    }
    return before_b;
  };
  const auto id = std::to_string(a.id);
  const std::vector<std::string> a_only{named(a)};
  EXPECT_EQ(heard_after("UPDATE accounts SET role = 'trial' WHERE id = " + id), a_only) << "role";
  EXPECT_EQ(heard_after("UPDATE accounts SET nickname = '新しい名前' WHERE id = " + id), a_only) << "nickname";
  EXPECT_EQ(heard_after("UPDATE accounts SET course_id = (SELECT id FROM courses WHERE code = 'u29') WHERE id = " + id),
            a_only)
      << "course";
  EXPECT_EQ(heard_after("UPDATE accounts SET updated_at = now() WHERE id = " + id), std::vector<std::string>{})
      << "nothing a session carries";

  const auto live = [&](const std::string& session, const char* expires) {
    pqxx::nontransaction(c).exec("INSERT INTO sessions (id, account_id, expires_at) VALUES ('" + session + "', " + id +
                                 ", " + expires + ")");
  };
  live("announce-" + id + "-1", "now() + interval '1 day'");
  EXPECT_EQ(heard_after("UPDATE sessions SET revoked_at = now() WHERE id = 'announce-" + id + "-1'"), a_only)
      << "revoked";
  live("announce-" + id + "-2", "now() + interval '1 day'");
  EXPECT_EQ(heard_after("DELETE FROM sessions WHERE id = 'announce-" + id + "-2'"), a_only) << "deleted while valid";
  live("announce-" + id + "-3", "now() - interval '1 day'");
  EXPECT_EQ(heard_after("DELETE FROM sessions WHERE id = 'announce-" + id + "-3'"), std::vector<std::string>{})
      << "an expired session pruned";
}
