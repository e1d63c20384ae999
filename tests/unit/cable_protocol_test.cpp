#include <gtest/gtest.h>

#include "cable/hub.hpp"
#include "cable/protocol.hpp"

using namespace camp::cable;

TEST(CableProtocol, ParsesTheCommandsTheOfficialClientSends) {
  auto sub = parse_command(R"({"command":"subscribe","identifier":"{\"channel\":\"QuestionChannel\",\"id\":3}"})");
  ASSERT_TRUE(sub);
  EXPECT_EQ(sub->command, "subscribe");
  EXPECT_EQ(sub->params["id"], 3);
  auto msg = parse_command(
      R"({"command":"message","identifier":"{\"channel\":\"QuestionChannel\",\"id\":3}","data":"{\"action\":\"answering\"}"})");
  ASSERT_TRUE(msg);
  EXPECT_EQ(msg->data["action"], "answering");
}

TEST(CableProtocol, RefusesMalformedCommands) {
  for (const char* bad : {"", "not json", "[]", R"({"command":"subscribe"})",
                          R"({"command":"subscribe","identifier":3})",
                          R"({"command":"unsubscribe","identifier":"not json"})",
                          R"({"command":"message","identifier":"{\"id\":1}","data":"{}"})",
                          R"({"command":"dance","identifier":"{\"channel\":\"QuestionChannel\"}"})",
                          R"({"command":"message","identifier":"{\"channel\":\"QuestionChannel\"}","data":"{broken"})"})
    EXPECT_FALSE(parse_command(bad)) << bad;
}

// A subscribe the client waits for, with an identifier that names no channel: kept, with null
// params, so that the server answers it with reject_subscription.
TEST(CableProtocol, UnusableSubscribeIdentifiersAreKeptToBeRejected) {
  for (const char* bad : {R"({"command":"subscribe","identifier":"not json"})",
                          R"({"command":"subscribe","identifier":"{\"id\":1}"})",
                          R"({"command":"subscribe","identifier":"{\"channel\":7}"})"}) {
    const auto c = parse_command(bad);
    ASSERT_TRUE(c) << bad;
    EXPECT_EQ(c->command, "subscribe");
    EXPECT_TRUE(c->params.is_null()) << bad;
  }
}

// An AI chat subscription carries the input in its identifier: 2,000 Japanese characters fit,
// and nothing past the cap is parsed (a subscribe past it is kept only to be rejected).
TEST(CableProtocol, IdentifiersUpToTheCap) {
  auto command = [](std::size_t input_bytes) {
    const nlohmann::json params = {{"channel", "AiChatChannel"}, {"input", std::string(input_bytes, 'x')}};
    return nlohmann::json({{"command", "subscribe"}, {"identifier", params.dump()}}).dump();
  };
  const auto overhead = nlohmann::json({{"channel", "AiChatChannel"}, {"input", ""}}).dump().size();
  EXPECT_TRUE(parse_command(command(2000 * 3))->params.is_object());
  EXPECT_TRUE(parse_command(command(kMaxIdentifierBytes - overhead))->params.is_object());
  const auto past = parse_command(command(kMaxIdentifierBytes - overhead + 1));
  ASSERT_TRUE(past);
  EXPECT_TRUE(past->params.is_null());
}

TEST(CableProtocol, FramesMatchActionCable) {
  EXPECT_EQ(welcome(), R"({"type":"welcome"})");
  EXPECT_EQ(ping(42), R"({"type":"ping","message":42})");
  EXPECT_EQ(confirm("{\"channel\":\"X\"}"), R"({"identifier":"{\"channel\":\"X\"}","type":"confirm_subscription"})");
  EXPECT_EQ(broadcast("id", R"({"is_answering":true})"), R"({"identifier":"id","message":{"is_answering":true}})");
  EXPECT_EQ(disconnect("unauthorized", false), R"({"reason":"unauthorized","reconnect":false,"type":"disconnect"})");
}

namespace {
struct Recorder : Client {
  std::vector<std::string> frames;
  void deliver(std::shared_ptr<const std::string> f) override { frames.push_back(*f); }
};
}  // namespace

TEST(CableHub, FansOutToSubscribersOfTheStreamOnly) {
  Hub hub;
  auto a = std::make_shared<Recorder>(), b = std::make_shared<Recorder>(), c = std::make_shared<Recorder>();
  hub.subscribe("question:1", a, "ia");
  hub.subscribe("question:1", b, "ib");
  hub.subscribe("question:2", c, "ic");
  hub.fanout("question:1", R"({"is_answering":true})");
  ASSERT_EQ(a->frames.size(), 1u);
  EXPECT_EQ(a->frames[0], R"({"identifier":"ia","message":{"is_answering":true}})");
  EXPECT_EQ(b->frames.size(), 1u);
  EXPECT_TRUE(c->frames.empty());
  hub.unsubscribe("question:1", a.get(), "ia");
  hub.fanout("question:1", "{}");
  EXPECT_EQ(a->frames.size(), 1u);
  EXPECT_EQ(b->frames.size(), 2u);
  b.reset();  // a vanished client is skipped
  hub.fanout("question:1", "{}");
  EXPECT_EQ(hub.subscriber_count("question:2"), 1u);
}
