// Signed unsubscribe ids: each works for its own account and topic only; anything altered,
// truncated or signed with another secret is refused (lib/mail/preferences.hpp).
#include <gtest/gtest.h>

#include "mail/preferences.hpp"

namespace camp::mail {
namespace {

const UnsubscribeLinks kLinks(std::string(40, 's'), "https://camp.example.com");

TEST(UnsubscribeLinks, IdVerifiesForItsAccountAndTopic) {
  const auto id = kLinks.id(42, Topic::magazine);
  EXPECT_EQ(id.rfind("42.", 0), 0u);
  EXPECT_EQ(kLinks.verify(id, Topic::magazine), 42);
  EXPECT_EQ(kLinks.verify(id, Topic::events), std::nullopt);
  EXPECT_EQ(kLinks.verify(id, Topic::school), std::nullopt);
}

TEST(UnsubscribeLinks, TamperedIdsAreRefused) {
  const auto id = kLinks.id(42, Topic::events);
  const auto tag = id.substr(3);
  for (const std::string& bad : std::initializer_list<std::string>{"43." + tag, "042." + tag, "+42." + tag, "-42." + tag, id.substr(0, id.size() - 1),
                                id + "A", "42", "42.", "." + tag, "", "42.." + tag, "9999999999999999999." + tag,
                                "42." + std::string(tag.size(), 'A'), "4 2." + tag})
    EXPECT_EQ(kLinks.verify(bad, Topic::events), std::nullopt) << bad;
  std::string flipped = id;
  flipped.back() = flipped.back() == 'A' ? 'B' : 'A';
  EXPECT_EQ(kLinks.verify(flipped, Topic::events), std::nullopt);
}

TEST(UnsubscribeLinks, AnotherSecretSignsOtherIds) {
  const UnsubscribeLinks other(std::string(40, 't'), "https://camp.example.com");
  EXPECT_NE(other.id(42, Topic::events), kLinks.id(42, Topic::events));
  EXPECT_EQ(other.verify(kLinks.id(42, Topic::events), Topic::events), std::nullopt);
}

TEST(UnsubscribeLinks, UrlsNameTheSpecPagesAndTheOneClickTarget) {
  const auto id = kLinks.id(7, Topic::school);
  EXPECT_EQ(kLinks.page_url(7, Topic::school), "https://camp.example.com/in_house_mng_system/unsubscription-to-email/" + id);
  EXPECT_EQ(kLinks.page_url(7, Topic::events),
            "https://camp.example.com/unsubscribe-event-notifications/" + kLinks.id(7, Topic::events));
  EXPECT_EQ(kLinks.page_url(7, Topic::magazine), "https://camp.example.com/unsubscribe-magazine/" + kLinks.id(7, Topic::magazine));
  EXPECT_EQ(kLinks.one_click_url(7, Topic::magazine),
            "https://camp.example.com/api/v1/mail_unsubscriptions/magazine/" + kLinks.id(7, Topic::magazine));
}

TEST(UnsubscribeLinks, TopicNamesRoundTrip) {
  for (auto t : {Topic::school, Topic::events, Topic::magazine}) EXPECT_EQ(topic_from(topic_name(t)), t);
  EXPECT_EQ(topic_from("all"), std::nullopt);
  EXPECT_EQ(topic_from(""), std::nullopt);
}

}  // namespace
}  // namespace camp::mail
