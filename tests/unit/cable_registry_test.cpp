// /cable admission and the connection registry (daemon/cable/registry.hpp).
#include <gtest/gtest.h>

#include "cable/registry.hpp"

using namespace camp;
using namespace camp::cable;

namespace {

class FakeMember final : public Member {
 public:
  explicit FakeMember(std::string id) : id_(std::move(id)) {}
  const std::string& id() const override { return id_; }
  void account_changed() override { ++changes; }
  void stop() override { ++stops; }
  int changes = 0;
  int stops = 0;

 private:
  std::string id_;
};

http::Request upgrade(std::optional<std::string> origin = {}, std::string upgrade_header = "websocket") {
  http::Request r{.method = "GET", .path = "/cable"};
  r.headers = {{"host", "camp.example:8080"}, {"upgrade", std::move(upgrade_header)}};
  if (origin) r.headers.emplace_back("origin", *origin);
  return r;
}

int status_of(const std::optional<http::Response>& refusal) { return refusal ? refusal->status : 101; }

}  // namespace

TEST(CableRegistry, AdmitsWebsocketUpgradesFromItsOwnOriginListedOnesAndNonBrowsers) {
  CableLimits limits;
  limits.allowed_origins = {"https://school.example"};
  Registry registry(limits);
  EXPECT_EQ(status_of(registry.admit(upgrade())), 101) << "no Origin: not a browser, the token still decides";
  EXPECT_EQ(status_of(registry.admit(upgrade("http://camp.example:8080"))), 101);
  EXPECT_EQ(status_of(registry.admit(upgrade("https://camp.example:8080"))), 101);
  EXPECT_EQ(status_of(registry.admit(upgrade("https://school.example"))), 101);
  EXPECT_EQ(status_of(registry.admit(upgrade({}, "WebSocket"))), 101) << "the header is case-insensitive";
}

TEST(CableRegistry, RefusesWhatIsNotAWebsocketForeignOriginsAndAFullHouse) {
  CableLimits limits;
  limits.max_connections = 2;
  Registry registry(limits);
  EXPECT_EQ(status_of(registry.admit(upgrade({}, "h2c"))), 400);
  EXPECT_EQ(status_of(registry.admit(upgrade({}, ""))), 400);
  EXPECT_EQ(status_of(registry.admit(upgrade("https://evil.example"))), 403);
  EXPECT_EQ(status_of(registry.admit(upgrade("http://camp.example:8080.evil.example"))), 403);
  EXPECT_EQ(status_of(registry.admit(upgrade("null"))), 403);

  auto a = std::make_shared<FakeMember>("a");
  auto b = std::make_shared<FakeMember>("b");
  registry.add(a);
  EXPECT_EQ(status_of(registry.admit(upgrade())), 101);
  registry.add(b);
  EXPECT_EQ(registry.count(), 2u);
  const auto full = registry.admit(upgrade());
  EXPECT_EQ(status_of(full), 503);
  EXPECT_EQ(nlohmann::json::parse(full->body)["error"]["code"], "unavailable");
  registry.remove(a.get());
  EXPECT_EQ(status_of(registry.admit(upgrade())), 101);
}

TEST(CableRegistry, CountsConnectionsPerAccountUpToTheLimit) {
  CableLimits limits;
  limits.max_connections_per_account = 2;
  Registry registry(limits);
  std::vector<std::shared_ptr<FakeMember>> members;
  for (int n = 0; n < 4; ++n) {
    members.push_back(std::make_shared<FakeMember>(std::to_string(n)));
    registry.add(members.back());
  }
  EXPECT_TRUE(registry.claim_account_slot(1, members[0]));
  EXPECT_TRUE(registry.claim_account_slot(1, members[1]));
  EXPECT_FALSE(registry.claim_account_slot(1, members[2]));
  EXPECT_TRUE(registry.claim_account_slot(2, members[2])) << "another account is not affected";
  registry.release_account_slot(1, members[0].get());
  EXPECT_TRUE(registry.claim_account_slot(1, members[3]));
  registry.release_account_slot(9, members[0].get());  // an account with no slot: nothing to do

  for (auto& m : registry.of_account(1)) m->account_changed();
  EXPECT_EQ(members[0]->changes, 0);
  EXPECT_EQ(members[1]->changes, 1);
  EXPECT_EQ(members[2]->changes, 0);
  EXPECT_EQ(members[3]->changes, 1);
  EXPECT_TRUE(registry.of_account(3).empty());
}

TEST(CableRegistry, ListsOnlyLiveMembers) {
  CableLimits limits;
  Registry registry(limits);
  auto kept = std::make_shared<FakeMember>("kept");
  registry.add(kept);
  {
    auto gone = std::make_shared<FakeMember>("gone");
    registry.add(gone);
    EXPECT_TRUE(registry.claim_account_slot(1, gone));
  }
  const auto all = registry.all();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0]->id(), "kept");
  EXPECT_TRUE(registry.of_account(1).empty());
  for (auto& m : all) m->stop();
  EXPECT_EQ(kept->stops, 1);
}
