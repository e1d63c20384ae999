// libFuzzer target: the /cable session state machine (daemon/cable/session.cpp) driven by a
// script of events (frames from the client, database work finishing in any order, timers,
// broadcasts, re-checks, shutdown, the socket closing). Whatever the order, every frame sent is
// JSON, nothing is sent after the goodbye, and once the socket is gone and the database is done
// the session listens to nothing and holds no account slot.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <set>
#include <string>

#include "cable/session.hpp"
#include "core/error.hpp"

namespace {

using namespace camp;
using namespace camp::cable;

class ScriptClock final : public Clock {
 public:
  time_point now() const override { return now_; }
  long long unix_now() const override { return 1'700'000'000 + std::chrono::duration_cast<std::chrono::seconds>(now_.time_since_epoch()).count(); }
  time_point now_{};
};

class ScriptPort final : public Port {
 public:
  using Work = std::function<std::function<void()>()>;
  void send(Frame frame) override {
    if (closes > 0 || closed) __builtin_trap();  // nothing after the goodbye or the end
    if (nlohmann::json::parse(*frame, nullptr, false).is_discarded()) __builtin_trap();
  }
  void close() override { ++closes; }
  void receive() override {}
  void wake_at(Clock::time_point when) override { wake = when; }
  void database(Work work) override { works.push_back(std::move(work)); }
  bool claim_account_slot(std::int64_t) override {
    if (refuse_slot) return false;
    if (++slots > 1) __builtin_trap();  // one connection, one slot
    return true;
  }
  void release_account_slot(std::int64_t) override { --slots; }
  void listen(const std::string& s, const std::string& i) override {
    if (closed) __builtin_trap();
    listening.insert({s, i});
  }
  void unlisten(const std::string& s, const std::string& i) override { listening.erase({s, i}); }
  std::function<void(Frame)> inbox() override {
    return [this](Frame f) { session->on_broadcast(std::move(f)); };
  }
  std::function<void()> run_work() {
    auto work = std::move(works.front());
    works.pop_front();
    try {
      return work();
    } catch (const std::exception&) {
      return {};
    }
  }

  Session* session = nullptr;
  int closes = 0;
  bool closed = false;
  int slots = 0;
  bool refuse_slot = false;  // the account is at its connection limit
  std::optional<Clock::time_point> wake;
  std::deque<Work> works;
  std::deque<std::function<void()>> held;
  std::set<std::pair<std::string, std::string>> listening;
};

class RoomSubscription final : public Subscription {
 public:
  explicit RoomSubscription(std::string room) : room_(std::move(room)) {}
  std::vector<std::string> streams() const override { return {"room:" + room_}; }
  void confirmed(const Subscriber& s) override { s.transmit(R"({"hello":1})"); }
  void perform(const Subscriber&, const std::string&, const nlohmann::json&) override {}

 private:
  std::string room_;
};

class RoomChannel final : public Channel {
 public:
  std::shared_ptr<Subscription> subscribe(const Subscriber&, const nlohmann::json& params) override {
    if (params.contains("deny")) throw Error(errc::forbidden, "no");
    return std::make_shared<RoomSubscription>(params.dump());
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ChannelRegistry channels;
  channels.add("RoomChannel", std::make_unique<RoomChannel>());
  CableLimits limits;
  limits.max_subscriptions_per_connection = 3;
  limits.commands_per_10_seconds = 20;
  int verdicts = 0;  // the token checks answer in turn: valid, valid, revoked, database down
  const Authenticator authenticate = [&verdicts](const std::string&) -> Authenticated {
    switch (verdicts++ % 4) {
      case 2: throw Error(errc::unauthenticated, "revoked");
      case 3: throw Error(errc::unavailable, "down");
      default: return {accounts::Account{.id = 1, .role = accounts::Role::student}, 1'700'000'030};
    }
  };
  ScriptClock clock;
  ScriptPort port;
  Session session("fuzz-1", port, channels, authenticate, limits, clock);
  port.session = &session;
  port.refuse_slot = size % 7 == 0;
  session.open("token");

  std::size_t at = 0;
  while (at < size) {
    const std::uint8_t op = data[at++];
    switch (op % 10) {
      case 0: case 1: case 2: {  // a frame: the next byte says how long
        const std::size_t length = at < size ? data[at++] : 0;
        const std::size_t n = std::min(length, size - at);
        session.on_frame(std::string(reinterpret_cast<const char*>(data + at), n));
        at += n;
        break;
      }
      case 3:  // the database finishes the oldest work and the strand runs its answer
        if (!port.works.empty())
          if (auto then = port.run_work()) then();
        break;
      case 4:  // ... or the answer waits behind later events
        if (!port.works.empty())
          if (auto then = port.run_work()) port.held.push_back(std::move(then));
        break;
      case 5:
        if (!port.held.empty()) {
          auto then = std::move(port.held.front());
          port.held.pop_front();
          then();
        }
        break;
      case 6:  // time passes; the timer fires if due
        clock.now_ += std::chrono::milliseconds(250 * (1 + (at < size ? data[at++] % 16 : 0)));
        if (port.wake && *port.wake <= clock.now_) {
          port.wake.reset();
          session.on_timer();
        }
        break;
      case 7:
        session.on_broadcast(std::make_shared<const std::string>(R"({"identifier":"x","message":{}})"));
        break;
      case 8:
        session.account_changed();
        break;
      case 9:
        if (op & 0x10) {
          session.stop();
        } else {
          port.closed = true;
          session.closed();
        }
        break;
    }
  }
  // The socket goes; every answer the database still owes arrives.
  port.closed = true;
  session.closed();
  while (!port.held.empty()) {
    port.held.front()();
    port.held.pop_front();
  }
  while (!port.works.empty())
    if (auto then = port.run_work()) then();
  if (!port.listening.empty() || port.slots > 0) __builtin_trap();
  return 0;
}
