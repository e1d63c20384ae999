// The /cable session state machine (daemon/cable/session.hpp) with a fake Port and a fake
// Clock: every answer a client can get, and the races between its commands and the database.
#include <gtest/gtest.h>

#include <deque>
#include <set>

#include "cable/session.hpp"
#include "core/error.hpp"

using namespace camp;
using namespace camp::cable;
using namespace std::chrono_literals;
using nlohmann::json;

namespace {

class FakeClock final : public Clock {
 public:
  static constexpr long long kUnixStart = 1'700'000'000;
  time_point now() const override { return now_; }
  long long unix_now() const override { return kUnixStart + std::chrono::duration_cast<std::chrono::seconds>(now_ - start_).count(); }
  void set(time_point t) { now_ = t; }

 private:
  time_point start_ = time_point{} + 1000h;
  time_point now_ = start_;
};

// Records what the session does; database work waits until the test runs it.
class FakePort final : public Port {
 public:
  using Work = std::function<std::function<void()>()>;

  void send(Frame frame) override { sent.push_back(json::parse(*frame)); }
  void close() override { ++closes; }
  void receive() override { receiving = true; }
  void wake_at(Clock::time_point when) override { wake = when; }
  void database(Work work) override { works.push_back(std::move(work)); }
  bool claim_account_slot(std::int64_t account_id) override {
    if (slots[account_id] >= slot_limit) return false;
    ++slots[account_id];
    return true;
  }
  void release_account_slot(std::int64_t account_id) override { --slots[account_id]; }
  void listen(const std::string& stream, const std::string& identifier) override { listening.insert({stream, identifier}); }
  void unlisten(const std::string& stream, const std::string& identifier) override { listening.erase({stream, identifier}); }
  std::function<void(Frame)> inbox() override {
    return [this](Frame frame) { session->on_broadcast(std::move(frame)); };
  }

  // Runs the oldest database work; its continuation is returned, not run (the strand's turn).
  std::function<void()> run_work() {
    auto work = std::move(works.front());
    works.pop_front();
    try {
      return work();
    } catch (const std::exception&) {
      return {};  // the real port logs it
    }
  }
  // Runs every database work and its continuation, in order, until none is left.
  void run_database() {
    while (!works.empty())
      if (auto then = run_work()) then();
  }
  std::vector<json> take_sent() { return std::exchange(sent, {}); }

  Session* session = nullptr;
  std::vector<json> sent;
  int closes = 0;
  bool receiving = false;
  std::optional<Clock::time_point> wake;
  std::deque<Work> works;
  std::size_t slot_limit = 20;
  std::map<std::int64_t, std::size_t> slots;
  std::set<std::pair<std::string, std::string>> listening;
};

// A channel of rooms: {"channel":"FakeChannel","room":"a"} hears the stream "room:a".
// {"deny":true} is refused, as a channel refuses what the account may not see.
class FakeSubscription final : public Subscription {
 public:
  FakeSubscription(std::vector<std::string>& log, std::string room) : log_(log), room_(std::move(room)) {}
  std::vector<std::string> streams() const override { return {"room:" + room_}; }
  void confirmed(const Subscriber& s) override {
    log_.push_back("confirmed " + room_);
    s.transmit(json({{"hello", room_}}).dump());
  }
  void perform(const Subscriber&, const std::string& action, const json&) override { log_.push_back(action + " " + room_); }
  void ended(const Subscriber&) override { log_.push_back("ended " + room_); }

 private:
  std::vector<std::string>& log_;
  std::string room_;
};

class FakeChannel final : public Channel {
 public:
  explicit FakeChannel(std::vector<std::string>& log) : log_(log) {}
  std::shared_ptr<Subscription> subscribe(const Subscriber&, const json& params) override {
    if (params.contains("deny")) throw Error(errc::forbidden, "not for you");
    return std::make_shared<FakeSubscription>(log_, params.value("room", ""));
  }

 private:
  std::vector<std::string>& log_;
};

constexpr std::int64_t kAccount = 7;

json first(const std::vector<json>& sent) { return sent.empty() ? json() : sent.front(); }

class CableSession : public ::testing::Test {
 protected:
  CableSession() {
    channels.add("FakeChannel", std::make_unique<FakeChannel>(log));
    tokens["good"] = {accounts::Account{.id = kAccount, .role = accounts::Role::student}, 0};
    limits.max_subscriptions_per_connection = 5;
    limits.commands_per_10_seconds = 100;
  }

  Session& session() {
    if (!session_) {
      session_ = std::make_unique<Session>("test-1", port, channels, authenticate, limits, clock);
      port.session = session_.get();
    }
    return *session_;
  }

  // Opens with `token` and lets the database judge it.
  void connect(const std::string& token = "good") {
    session().open(token);
    port.run_database();
  }

  // Lets `duration` pass: the session's timer fires whenever it asked to be woken.
  void elapse(std::chrono::milliseconds duration) {
    const auto until = clock.now() + duration;
    while (port.wake && *port.wake <= until) {
      clock.set(std::max(clock.now(), *port.wake));
      port.wake.reset();
      session().on_timer();
    }
    clock.set(until);
  }

  static std::string identifier(const std::string& room) { return json({{"channel", "FakeChannel"}, {"room", room}}).dump(); }
  void command(const std::string& verb, const std::string& identifier, const std::optional<json>& data = {}) {
    json c{{"command", verb}, {"identifier", identifier}};
    if (data) c["data"] = data->dump();
    session().on_frame(c.dump());
  }
  void subscribe(const std::string& room) { command("subscribe", identifier(room)); }
  void unsubscribe(const std::string& room) { command("unsubscribe", identifier(room)); }

  static json answer(const std::string& type, const std::string& identifier) { return {{"identifier", identifier}, {"type", type}}; }
  static json confirmed(const std::string& room) { return answer("confirm_subscription", identifier(room)); }
  static json rejected(const std::string& identifier) { return answer("reject_subscription", identifier); }
  static json hello(const std::string& room) { return {{"identifier", identifier(room)}, {"message", {{"hello", room}}}}; }
  static json goodbye(const std::string& reason, bool reconnect) {
    return {{"type", "disconnect"}, {"reason", reason}, {"reconnect", reconnect}};
  }
  static json welcome() { return {{"type", "welcome"}}; }

  FakeClock clock;
  FakePort port;
  ChannelRegistry channels;
  std::vector<std::string> log;  // what the channel's subscriptions were asked to do
  CableLimits limits;
  std::map<std::string, Authenticated> tokens;
  bool database_down = false;
  Authenticator authenticate = [this](const std::string& token) {
    if (database_down) throw Error(errc::unavailable, "database down");
    auto it = tokens.find(token);
    if (it == tokens.end()) throw Error(errc::unauthenticated, "no such session");
    return it->second;
  };

 private:
  std::unique_ptr<Session> session_;
};

TEST_F(CableSession, WelcomesAValidTokenThenPingsEveryThreeSeconds) {
  session().open("good");
  EXPECT_TRUE(port.sent.empty()) << "nothing before the database has judged the token";
  EXPECT_FALSE(port.receiving) << "commands wait in the socket until welcome";
  port.run_database();
  EXPECT_EQ(port.take_sent(), std::vector<json>{welcome()});
  EXPECT_TRUE(port.receiving);
  EXPECT_EQ(port.slots[kAccount], 1u);

  elapse(2999ms);
  EXPECT_TRUE(port.sent.empty());
  elapse(1ms);
  EXPECT_EQ(port.take_sent(), std::vector<json>{json({{"type", "ping"}, {"message", FakeClock::kUnixStart + 3}})});
  elapse(6s);
  EXPECT_EQ(port.take_sent(), (std::vector<json>{json({{"type", "ping"}, {"message", FakeClock::kUnixStart + 6}}),
                                                 json({{"type", "ping"}, {"message", FakeClock::kUnixStart + 9}})}));
  EXPECT_EQ(port.closes, 0);
}

TEST_F(CableSession, PingsFallOnAQuarterSecondGridThatEveryConnectionShares) {
  elapse(100ms);  // opened off the grid
  session().open("good");
  port.run_database();
  port.take_sent();
  ASSERT_TRUE(port.wake);
  EXPECT_EQ(port.wake->time_since_epoch() % 250ms, 0ms) << "due on the grid";
  elapse(3000ms);
  EXPECT_TRUE(port.sent.empty()) << "3 s after the welcome is off the grid: the ping waits for it";
  elapse(150ms);
  EXPECT_EQ(port.take_sent(), std::vector<json>{json({{"type", "ping"}, {"message", FakeClock::kUnixStart + 3}})});
  const auto due = *port.wake;
  clock.set(due + 40ms);  // the timer fires late
  session().on_timer();
  EXPECT_EQ(port.take_sent().size(), 1u);
  EXPECT_EQ(*port.wake, due + 3s) << "every 3 s from the grid point, not from when the timer fired";
}

TEST_F(CableSession, ABadTokenIsToldUnauthorizedWithoutReconnect) {
  connect("forged");
  EXPECT_EQ(port.take_sent(), std::vector<json>{goodbye("unauthorized", false)});
  EXPECT_EQ(port.closes, 1);
  EXPECT_FALSE(port.receiving);
  EXPECT_FALSE(port.wake) << "no pings";
  EXPECT_EQ(port.slots[kAccount], 0u);
}

TEST_F(CableSession, ADatabaseThatIsDownAsksTheClientToComeBack) {
  database_down = true;
  connect();
  EXPECT_EQ(port.take_sent(), std::vector<json>{goodbye("server_restart", true)});
  EXPECT_EQ(port.closes, 1);
}

TEST_F(CableSession, AnAccountAtItsConnectionLimitIsRefused) {
  port.slot_limit = 0;
  connect();
  EXPECT_EQ(port.take_sent(), std::vector<json>{goodbye("too_many_connections", false)});
  EXPECT_EQ(port.closes, 1);
  session().closed();
  EXPECT_EQ(port.slots[kAccount], 0u) << "a slot it never got is not given back";
}

TEST_F(CableSession, SubscribeConfirmsListensAndServesActionsUntilUnsubscribed) {
  connect();
  port.take_sent();
  subscribe("a");
  EXPECT_TRUE(port.sent.empty()) << "the channel decides on a database worker";
  port.run_database();
  EXPECT_EQ(port.take_sent(), (std::vector<json>{confirmed("a"), hello("a")})) << "confirmed first, then what it hears first";
  EXPECT_EQ(port.listening, (std::set<std::pair<std::string, std::string>>{{"room:a", identifier("a")}}));

  command("message", identifier("a"), json{{"action", "answering"}});
  command("message", identifier("a"), json{{"no_action", true}});
  command("message", identifier("b"), json{{"action", "answering"}});  // not subscribed
  port.run_database();
  unsubscribe("a");
  EXPECT_TRUE(port.listening.empty());
  command("message", identifier("a"), json{{"action", "answering"}});
  port.run_database();
  EXPECT_EQ(log, (std::vector<std::string>{"confirmed a", "answering a", "ended a"}));
  EXPECT_TRUE(port.sent.empty());
}

TEST_F(CableSession, UnsubscribingWhileTheDatabaseDecidesEndsTheSubscriptionAtOnce) {
  connect();
  port.take_sent();
  subscribe("a");
  unsubscribe("a");
  port.run_database();
  // The client hears the answer it waited for; nothing keeps listening.
  EXPECT_EQ(first(port.take_sent()), confirmed("a"));
  EXPECT_TRUE(port.listening.empty());
  EXPECT_EQ(log, (std::vector<std::string>{"confirmed a", "ended a"}));
  command("message", identifier("a"), json{{"action", "answering"}});
  port.run_database();
  EXPECT_EQ(log.size(), 2u);
  subscribe("a");  // and it can subscribe again
  port.run_database();
  EXPECT_EQ(first(port.take_sent()), confirmed("a"));
}

TEST_F(CableSession, ARepeatedSubscribeIsAnsweredOnce) {
  connect();
  port.take_sent();
  subscribe("a");
  subscribe("a");  // while the first is pending
  EXPECT_EQ(port.works.size(), 1u);
  port.run_database();
  subscribe("a");  // once confirmed
  port.run_database();
  EXPECT_EQ(port.take_sent(), (std::vector<json>{confirmed("a"), hello("a")}));
  EXPECT_EQ(log, std::vector<std::string>{"confirmed a"});
}

TEST_F(CableSession, ResubscribingAfterUnsubscribeStartsAFreshSubscription) {
  connect();
  subscribe("a");
  port.run_database();
  unsubscribe("a");
  subscribe("a");
  port.run_database();
  EXPECT_EQ(log, (std::vector<std::string>{"confirmed a", "ended a", "confirmed a"}));
  EXPECT_EQ(port.listening.size(), 1u);
}

TEST_F(CableSession, RefusedAndUnusableSubscriptionsAreRejectedWithTheirIdentifier) {
  connect();
  port.take_sent();
  const auto unknown = json({{"channel", "NoSuchChannel"}}).dump();
  const auto denied = json({{"channel", "FakeChannel"}, {"deny", true}}).dump();
  const auto too_long = json({{"channel", "FakeChannel"}, {"room", std::string(kMaxIdentifierBytes, 'x')}}).dump();
  for (const auto& id : {unknown, denied, std::string("not json"), json({{"id", 1}}).dump(), std::string("[1]"), too_long})
    command("subscribe", id);
  port.run_database();
  EXPECT_EQ(port.take_sent(), (std::vector<json>{rejected(unknown), rejected("not json"), rejected(R"({"id":1})"),
                                                 rejected("[1]"), rejected(too_long), rejected(denied)}))
      << "the refused one waits for the database, the others are answered at once";
  EXPECT_TRUE(port.listening.empty());
  EXPECT_TRUE(log.empty());

  // Malformed frames and other commands naming nothing are ignored; the session lives on.
  for (const auto& text : {std::string("{{{"), std::string("[]"), std::string(R"({"command":"subscribe"})"),
                           json({{"command", "dance"}, {"identifier", identifier("a")}}).dump(),
                           json({{"command", "unsubscribe"}, {"identifier", "not json"}}).dump(),
                           json({{"command", "message"}, {"identifier", identifier("a")}, {"data", "{{"}}).dump()})
    session().on_frame(text);
  port.run_database();
  EXPECT_TRUE(port.sent.empty());
  EXPECT_EQ(port.closes, 0);
  subscribe("a");
  port.run_database();
  EXPECT_EQ(first(port.take_sent()), confirmed("a"));
}

TEST_F(CableSession, TheSubscriptionLimitCountsPendingOnesAndUnsubscribeFreesASlot) {
  limits.max_subscriptions_per_connection = 2;
  connect();
  port.take_sent();
  subscribe("a");
  subscribe("b");
  subscribe("c");  // a and b are still pending: over the limit
  EXPECT_EQ(port.take_sent(), std::vector<json>{rejected(identifier("c"))});
  port.run_database();
  port.take_sent();
  unsubscribe("a");
  subscribe("c");
  port.run_database();
  EXPECT_EQ(first(port.take_sent()), confirmed("c"));
  subscribe("d");
  EXPECT_EQ(port.take_sent(), std::vector<json>{rejected(identifier("d"))});
}

TEST_F(CableSession, CommandsPastTheBudgetAreIgnoredUntilItRefills) {
  limits.commands_per_10_seconds = 3;  // a token every 3.33 s
  connect();
  port.take_sent();
  const auto unknown = [](int n) { return json({{"channel", "NoSuchChannel"}, {"n", n}}).dump(); };
  for (int n = 0; n < 5; ++n) command("subscribe", unknown(n));
  EXPECT_EQ(port.take_sent(), (std::vector<json>{rejected(unknown(0)), rejected(unknown(1)), rejected(unknown(2))}));
  elapse(3300ms);
  command("subscribe", unknown(5));
  EXPECT_EQ(port.take_sent().size(), 1u) << "only the ping: no token yet";
  elapse(100ms);
  command("subscribe", unknown(6));
  command("subscribe", unknown(7));
  EXPECT_EQ(port.take_sent(), std::vector<json>{rejected(unknown(6))});
  EXPECT_EQ(port.closes, 0) << "the connection stays";
}

TEST_F(CableSession, TheSessionEndsAtTheTokensExp) {
  tokens["good"].expires_at = FakeClock::kUnixStart + 5;
  connect();
  port.take_sent();
  elapse(4999ms);
  EXPECT_EQ(port.take_sent().size(), 1u) << "one ping";
  EXPECT_EQ(port.closes, 0);
  elapse(1ms);
  EXPECT_EQ(port.take_sent(), std::vector<json>{goodbye("unauthorized", false)});
  EXPECT_EQ(port.closes, 1);
  elapse(10s);
  EXPECT_TRUE(port.sent.empty()) << "no pings after the goodbye";
}

TEST_F(CableSession, ATokenThatExpiredWhileItWasJudgedEndsAtOnce) {
  tokens["good"].expires_at = FakeClock::kUnixStart - 1;
  connect();
  EXPECT_EQ(port.wake, clock.now());
  elapse(0ms);
  EXPECT_EQ(port.take_sent(), (std::vector<json>{welcome(), goodbye("unauthorized", false)}));
}

TEST_F(CableSession, AnAccountChangeEndsTheSessionOnlyWhenItsTokenIsGoneOrItsRoleChanged) {
  connect();
  port.take_sent();
  session().account_changed();  // another session of the account ended
  port.run_database();
  database_down = true;  // cannot tell: keep it
  session().account_changed();
  port.run_database();
  database_down = false;
  EXPECT_TRUE(port.sent.empty());
  EXPECT_EQ(port.closes, 0);

  tokens["good"].account.role = accounts::Role::graduate;
  session().account_changed();
  port.run_database();
  EXPECT_EQ(port.take_sent(), std::vector<json>{goodbye("unauthorized", false)});
  EXPECT_EQ(port.closes, 1);
}

TEST_F(CableSession, ARevokedSessionIsToldUnauthorized) {
  connect();
  subscribe("a");
  port.run_database();
  port.take_sent();
  tokens.erase("good");  // logout, `camp sessions revoke`
  session().account_changed();
  port.run_database();
  EXPECT_EQ(port.take_sent(), std::vector<json>{goodbye("unauthorized", false)});
  EXPECT_EQ(port.closes, 1);
  // Commands after the goodbye are not served; the subscription ends with the socket.
  command("message", identifier("a"), json{{"action", "answering"}});
  session().on_broadcast(std::make_shared<const std::string>(hello("a").dump()));
  session().closed();
  port.run_database();
  EXPECT_TRUE(port.sent.empty());
  EXPECT_EQ(log, (std::vector<std::string>{"confirmed a", "ended a"}));
  EXPECT_EQ(port.slots[kAccount], 0u);
}

TEST_F(CableSession, ARecheckThatReturnsAfterTheSocketClosedDoesNothing) {
  connect();
  port.take_sent();
  tokens.erase("good");
  session().account_changed();
  session().closed();
  port.run_database();
  EXPECT_TRUE(port.sent.empty());
  EXPECT_EQ(port.closes, 0);
}

TEST_F(CableSession, StoppingTheServerAsksClientsToReconnectOnce) {
  connect();
  port.take_sent();
  session().stop();
  session().stop();
  EXPECT_EQ(port.take_sent(), std::vector<json>{goodbye("server_restart", true)});
  EXPECT_EQ(port.closes, 1);
  subscribe("a");
  elapse(10s);
  port.run_database();
  EXPECT_TRUE(port.sent.empty()) << "no commands served, no pings";
}

TEST_F(CableSession, StoppingWhileTheTokenIsJudgedNeverWelcomes) {
  session().open("good");
  session().stop();
  port.run_database();
  EXPECT_EQ(port.take_sent(), std::vector<json>{goodbye("server_restart", true)});
  EXPECT_FALSE(port.receiving);
  EXPECT_EQ(port.slots[kAccount], 0u);
}

TEST_F(CableSession, ClosingEndsEverySubscriptionReleasesTheSlotAndDropsLateAnswers) {
  connect();
  subscribe("a");
  subscribe("b");
  port.run_database();
  subscribe("c");
  auto decided = port.run_work();  // the database decided on c; the socket closes before the answer
  session().closed();
  decided();
  port.run_database();
  EXPECT_TRUE(port.listening.empty());
  EXPECT_EQ(port.slots[kAccount], 0u);
  EXPECT_EQ(log, (std::vector<std::string>{"confirmed a", "confirmed b", "ended a", "ended b"}));
  port.take_sent();
  session().on_broadcast(std::make_shared<const std::string>(hello("a").dump()));
  elapse(10s);
  EXPECT_TRUE(port.sent.empty());
}

TEST_F(CableSession, BroadcastsReachOnlyAWelcomedClient) {
  const auto frame = std::make_shared<const std::string>(hello("a").dump());
  session().open("good");
  session().on_broadcast(frame);
  EXPECT_TRUE(port.sent.empty());
  port.run_database();
  session().on_broadcast(frame);
  EXPECT_EQ(port.take_sent(), (std::vector<json>{welcome(), hello("a")}));
}

}  // namespace
