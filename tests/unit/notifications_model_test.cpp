// Notifications' pure parts (lib/notifications/model.hpp): categories and preferences by their
// stable keys, and the one-line texts a notification (and a mail subject) carries.
#include <gtest/gtest.h>

#include "db/arrays.hpp"
#include "notifications/model.hpp"

using namespace camp::notifications;

TEST(NotificationsModel, CategoriesAndPreferencesByKey) {
  for (auto c : kCategories) EXPECT_EQ(category_from(to_string(c)), c);
  EXPECT_FALSE(category_from("Review"));
  EXPECT_FALSE(category_from(""));
  for (auto p : {MailPreference::immediately, MailPreference::daily, MailPreference::never})
    EXPECT_EQ(mail_preference_from(to_string(p)), p);
  EXPECT_FALSE(mail_preference_from("weekly"));
  EXPECT_EQ(default_mail(Category::review), MailPreference::immediately);
  EXPECT_EQ(default_mail(Category::student), MailPreference::daily);
}

TEST(NotificationsModel, TheFirstLineOfAText) {
  EXPECT_EQ(first_line("　まずログを確認しましょう。 \n二行目"), "まずログを確認しましょう。");
  EXPECT_EQ(first_line("一行目\r\n二行目"), "一行目");
  EXPECT_EQ(first_line("一行目\u2028二行目"), "一行目");
  EXPECT_EQ(first_line("\n\n"), "");
  EXPECT_EQ(first_line("タブ\tと\x1b[31m制御"), "タブ と [31m制御");
  EXPECT_EQ(first_line(std::string(150, 'a')), std::string(100, 'a') + "…");
  EXPECT_EQ(first_line("あいうえお", 3), "あいう…");  // characters, never half of one
}

TEST(NotificationsModel, OneLineKeepsEverythingButBreaks) {
  EXPECT_EQ(one_line("二行の\nタイトル", 200), "二行の タイトル");
  EXPECT_EQ(one_line("C1\xc2\x85です", 200), "C1 です");
  EXPECT_EQ(one_line("段落\u2029区切り", 200), "段落 区切り");
  EXPECT_EQ(one_line("そのまま", 200), "そのまま");
}

TEST(NotificationsModel, UnreadCountsNameEveryCategory) {
  UnreadCounts c;
  c.total = 3;
  c.by_category[0] = 3;
  const auto j = to_json(c);
  EXPECT_EQ(j["total"], 3);
  EXPECT_EQ(j["by_category"]["review"], 3);
  EXPECT_EQ(j["by_category"]["announcement"], 0);
  EXPECT_EQ(j["by_category"].size(), kCategories.size());
}

TEST(DbArrays, AnInt8ArrayReadBack) {
  EXPECT_EQ(camp::db::parse_int_array("{}"), std::vector<std::int64_t>{});
  EXPECT_EQ(camp::db::parse_int_array("{7}"), std::vector<std::int64_t>{7});
  EXPECT_EQ(camp::db::parse_int_array("{1,22,9223372036854775807}"),
            (std::vector<std::int64_t>{1, 22, 9223372036854775807}));
}
