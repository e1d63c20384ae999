// Mail preferences against PostgreSQL: opting out is idempotent, `school` stops every topic,
// bulk recipients honour both (lib/mail/preferences.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "accounts/service.hpp"
#include "environment.hpp"
#include "mail/preferences.hpp"
#include "mail/repo.hpp"

namespace camp::mail {
namespace {

using dbtest::pool;
using repo::opted_out;
using repo::recipients;
using repo::resubscribe;
using repo::unsubscribe;
using repo::wants;

std::int64_t make_account(const std::string& role, std::optional<std::string> course = std::nullopt) {
  static std::atomic<int> n{0};
  const auto email = "prefs-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com";
  return accounts::AccountService(pool()).create({email, role, course, "購読テスト", "pass-word-123"}).id;
}

bool has(const std::vector<Recipient>& list, std::int64_t id) {
  return std::any_of(list.begin(), list.end(), [&](const Recipient& r) { return r.account_id == id; });
}

TEST(MailPreferences, EveryTopicWantedUntilOptedOut) {
  const auto id = make_account("student", "rails_4m");
  pool().transaction([&](db::Tx& tx) {
    for (auto t : {Topic::school, Topic::events, Topic::magazine}) EXPECT_TRUE(wants(tx, id, t));
    EXPECT_TRUE(opted_out(tx, id).empty());
  });
}

TEST(MailPreferences, UnsubscribeIsIdempotentAndStopsOnlyItsTopic) {
  const auto id = make_account("student", "rails_4m");
  pool().transaction([&](db::Tx& tx) {
    EXPECT_TRUE(unsubscribe(tx, id, Topic::magazine));
    EXPECT_FALSE(unsubscribe(tx, id, Topic::magazine));
    EXPECT_FALSE(wants(tx, id, Topic::magazine));
    EXPECT_TRUE(wants(tx, id, Topic::events));
    EXPECT_TRUE(wants(tx, id, Topic::school));
    EXPECT_EQ(opted_out(tx, id), std::vector<Topic>{Topic::magazine});
    resubscribe(tx, id, Topic::magazine);
    resubscribe(tx, id, Topic::magazine);
    EXPECT_TRUE(wants(tx, id, Topic::magazine));
  });
}

TEST(MailPreferences, SchoolStopsEveryTopic) {
  const auto id = make_account("graduate", "rails_4m");
  pool().transaction([&](db::Tx& tx) {
    unsubscribe(tx, id, Topic::school);
    for (auto t : {Topic::school, Topic::events, Topic::magazine}) EXPECT_FALSE(wants(tx, id, t));
  });
}

TEST(MailPreferences, UnknownAccountChangesNothing) {
  pool().transaction([&](db::Tx& tx) { EXPECT_FALSE(unsubscribe(tx, 999999999999, Topic::events)); });
}

TEST(MailPreferences, RecipientsHonourTopicSchoolAndRoles) {
  const auto keeps = make_account("student", "rails_4m");
  const auto no_events = make_account("student", "rails_5m");
  const auto no_school = make_account("graduate", "rails_4m");
  const auto mentor = make_account("basic_mentor");
  pool().transaction([&](db::Tx& tx) {
    unsubscribe(tx, no_events, Topic::events);
    unsubscribe(tx, no_school, Topic::school);
    const auto events = recipients(tx, Topic::events, {"student", "graduate"});
    EXPECT_TRUE(has(events, keeps));
    EXPECT_FALSE(has(events, no_events));
    EXPECT_FALSE(has(events, no_school));
    EXPECT_FALSE(has(events, mentor));
    EXPECT_TRUE(std::is_sorted(events.begin(), events.end(),
                               [](const Recipient& a, const Recipient& b) { return a.account_id < b.account_id; }));
    const auto magazine = recipients(tx, Topic::magazine, {});
    EXPECT_TRUE(has(magazine, no_events));
    EXPECT_TRUE(has(magazine, mentor));
    EXPECT_FALSE(has(magazine, no_school));
  });
}

}  // namespace
}  // namespace camp::mail
