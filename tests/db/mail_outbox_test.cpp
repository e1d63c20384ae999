// The outbox against PostgreSQL: enqueue inside the caller's transaction, delivery exactly
// once across competing workers, retries with backoff and giving up (lib/mail).
#include <gtest/gtest.h>

#include <sodium.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include "core/messages.hpp"
#include "environment.hpp"
#include "mail/delivery.hpp"
#include "mail/mime.hpp"
#include "mail/outbox.hpp"

namespace camp::mail {
namespace {

using dbtest::pool;

Outgoing test_mail(const std::string& to) { return {to, "test", {{"to", to}, {"host", "h"}, {"queued_at", "t"}}}; }

// Records what it was asked to send; fails while `failing` is set, and for `refused_to`.
class RecordingTransport final : public Transport {
 public:
  void send(const Mail& mail, const std::string&, const std::string& message) override {
    if (failing || mail.to == refused_to) throw SendFailure("connection refused", permanent);
    if (stopping && sent.size() == stop_after) {  // a shutdown arrives during this transfer
      stopping->store(true);
      throw SendFailure("aborted", false);
    }
    std::lock_guard lock(mutex);
    sent.push_back(mail.id);
    last_message = message;
  }
  std::string describe() const override { return "recording"; }
  std::atomic<bool> failing{false};
  bool permanent = false;
  std::string refused_to;
  std::atomic<bool>* stopping = nullptr;  // set, with a failed send, after `stop_after` mails
  std::size_t stop_after = 0;
  std::mutex mutex;
  std::vector<std::int64_t> sent;
  std::string last_message;
};

const Sender kFrom{"noreply@camp.example.com", ""};

enum class Step { idle, sent, retry_later, failed };
// A round of one mail, as most tests below read it.
Step deliver_one(db::Connection& conn, Transport& transport, const Sender& from, const RetryPolicy& policy,
                 const std::atomic<bool>* stopping = nullptr) {
  const auto r = deliver_due(conn, transport, from, policy, 1, stopping);
  return r.sent ? Step::sent : r.failed ? Step::failed : r.retry_later ? Step::retry_later : Step::idle;
}

// The decoded text of every part of a message (base64 or quoted-printable: mime.hpp).
std::string decoded_parts(const std::string& message) {
  std::string out;
  const std::string marker = "Content-Transfer-Encoding: ";
  for (auto at = message.find(marker); at != std::string::npos; at = message.find(marker, at)) {
    at += marker.size();
    const bool base64 = message.compare(at, 6, "base64") == 0;
    at = message.find("\r\n\r\n", at) + 4;
    std::string block;  // the lines up to the next boundary (or the end)
    for (auto eol = message.find("\r\n", at); eol != std::string::npos && eol > at && message[at] != '-';
         at = eol + 2, eol = message.find("\r\n", at))
      block += base64 ? message.substr(at, eol - at) : message.substr(at, eol - at) + "\r\n";
    if (base64) {
      std::string bytes(block.size(), '\0');
      std::size_t length = 0;
      sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), block.data(), block.size(), nullptr,
                        &length, nullptr, sodium_base64_VARIANT_ORIGINAL);
      out += bytes.substr(0, length) + "\n";
      continue;
    }
    for (std::size_t i = 0; i < block.size(); ++i) {  // quoted-printable: "=\r\n" joins, "=XX" is a byte
      if (block[i] != '=') out += block[i];
      else if (block.compare(i + 1, 2, "\r\n") == 0) i += 2;
      else out += static_cast<char>(std::stoi(block.substr(i + 1, 2), nullptr, 16)), i += 2;
    }
  }
  return out;
}

constexpr db::Statement kRow{"test.mail_row",
                             "SELECT text_body || coalesce(html_body, ''), links::text, unsubscribe_url "
                             "FROM mail_outbox WHERE id = $1"};

void clear_outbox() {
  pool().transaction([](db::Tx& tx) { tx.exec(db::Statement{"test.mail_clear", "DELETE FROM mail_outbox"}); });
}

TEST(MailOutbox, AMailExistsOnlyIfItsTransactionCommits) {
  clear_outbox();
  EXPECT_THROW(pool().transaction([](db::Tx& tx) {
    enqueue(tx, test_mail("rolled-back@example.com"));
    throw Error(errc::invalid, "the change failed");
  }),
               Error);
  const auto id = pool().transaction([](db::Tx& tx) { return enqueue(tx, test_mail("kept@example.com")); });
  const auto all = pool().autocommit([](db::Tx& tx) { return list(tx, std::nullopt, 100); });
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].id, id);
  EXPECT_EQ(all[0].to, "kept@example.com");
  EXPECT_EQ(all[0].status, Status::queued);
  EXPECT_NE(all[0].subject.find("テストメール"), std::string::npos);
}

TEST(MailOutbox, BadMailsAreRefusedAtEnqueue) {
  EXPECT_EQ(dbtest::code_of([] { pool().transaction([](db::Tx& tx) { enqueue(tx, test_mail("not an address")); }); }),
            errc::invalid);
  EXPECT_EQ(dbtest::code_of([] {
              pool().transaction([](db::Tx& tx) { enqueue(tx, {"a@example.com", "test", {{"to", "a"}}}); });
            }),
            errc::internal);  // a missing placeholder value
  auto bulk = test_mail("a@example.com");
  bulk.bulk = true;
  EXPECT_EQ(dbtest::code_of([&] { pool().transaction([&](db::Tx& tx) { enqueue(tx, bulk); }); }), errc::invalid);
  bulk.unsubscribe_url = "https://camp.example.com/unsubscribe?t=1";
  EXPECT_NO_THROW(pool().transaction([&](db::Tx& tx) { enqueue(tx, bulk); }));
}

TEST(MailOutbox, EnqueueManyIsOneStatementAllOrNothing) {
  clear_outbox();
  std::vector<Outgoing> mails(500, test_mail("many@example.com"));
  EXPECT_EQ(pool().transaction([&](db::Tx& tx) { return enqueue_many(tx, mails); }), 500u);
  mails.push_back(test_mail("bad address"));
  EXPECT_THROW(pool().transaction([&](db::Tx& tx) { return enqueue_many(tx, mails); }), Error);
  EXPECT_EQ(pool().autocommit([](db::Tx& tx) { return counts(tx); }).queued, 500);
}

TEST(MailOutbox, AnUnrenderableMailFailsAloneAndVisibly) {
  clear_outbox();
  std::vector<Outgoing> mails(3, test_mail("good@example.com"));
  auto bad = test_mail("bad@example.com");
  bad.values["host"] = "h\r\nBcc: attacker@example.com";  // would put a line break into the subject
  mails.insert(mails.begin() + 1, bad);
  EXPECT_EQ(pool().transaction([&](db::Tx& tx) { return enqueue_many(tx, mails); }), 4u);
  const auto single = pool().transaction([&](db::Tx& tx) { return enqueue(tx, bad); });
  auto c = pool().autocommit([](db::Tx& tx) { return counts(tx); });
  EXPECT_EQ(c.queued, 3);
  EXPECT_EQ(c.failed, 2);
  const auto failed = pool().autocommit([](db::Tx& tx) { return list(tx, Status::failed, 10); });
  ASSERT_EQ(failed.size(), 2u);
  EXPECT_EQ(failed[0].id, single);
  for (const auto& m : failed) {
    EXPECT_EQ(m.to, "bad@example.com");
    EXPECT_EQ(m.attempts, 0);
    EXPECT_EQ(m.last_error, msg::mail_subject_not_one_line("test", "{{host}}"));
  }
  // Delivery sends the good ones and never the failed ones; sent again by hand, the failed one
  // fails again (its subject cannot be a header) instead of going out.
  RecordingTransport transport;
  db::Connection conn(dbtest::database_url());
  while (deliver_one(conn, transport, kFrom, {}) != Step::idle) {
  }
  EXPECT_EQ(transport.sent.size(), 3u);
  pool().transaction([&](db::Tx& tx) { retry(tx, single); });
  EXPECT_EQ(deliver_one(conn, transport, kFrom, {}), Step::failed);
  EXPECT_EQ(transport.sent.size(), 3u);
  c = pool().autocommit([](db::Tx& tx) { return counts(tx); });
  EXPECT_EQ(c.sent, 3);
  EXPECT_EQ(c.failed, 2);
}

TEST(MailDelivery, CompetingWorkersSendEachMailExactlyOnce) {
  clear_outbox();
  pool().transaction([](db::Tx& tx) { enqueue_many(tx, std::vector<Outgoing>(200, test_mail("once@example.com"))); });
  RecordingTransport transport;
  std::vector<std::thread> workers;
  for (int i = 0; i < 4; ++i)
    workers.emplace_back([&] {
      db::Connection conn(dbtest::database_url());
      while (deliver_due(conn, transport, kFrom, {}, kDeliveryBatch).claimed > 0) {
      }
    });
  for (auto& w : workers) w.join();
  EXPECT_EQ(transport.sent.size(), 200u);
  EXPECT_EQ(std::set<std::int64_t>(transport.sent.begin(), transport.sent.end()).size(), 200u);
  const auto c = pool().autocommit([](db::Tx& tx) { return counts(tx); });
  EXPECT_EQ(c.sent, 200);
  EXPECT_EQ(c.queued, 0);
}

TEST(MailDelivery, FailuresBackOffThenGiveUp) {
  clear_outbox();
  const auto id = pool().transaction([](db::Tx& tx) { return enqueue(tx, test_mail("retry@example.com")); });
  RecordingTransport transport;
  transport.failing = true;
  db::Connection conn(dbtest::database_url());
  const RetryPolicy policy{3, 60, 3600};
  EXPECT_EQ(deliver_one(conn, transport, kFrom, policy), Step::retry_later);
  auto m = *pool().autocommit([&](db::Tx& tx) { return find(tx, id); });
  EXPECT_EQ(m.attempts, 1);
  EXPECT_EQ(m.status, Status::queued);
  EXPECT_NEAR(static_cast<double>(m.next_attempt_at - std::time(nullptr)), 60, 3);
  EXPECT_EQ(m.last_error.value_or(""), "connection refused");
  // Not due yet: nothing to do; the worker would sleep about a minute.
  EXPECT_EQ(deliver_one(conn, transport, kFrom, policy), Step::idle);
  EXPECT_NEAR(*pool().autocommit([](db::Tx& tx) { return seconds_until_due(tx); }), 60, 3);

  const db::Statement due_now{"test.mail_due_now", "UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1"};
  pool().transaction([&](db::Tx& tx) { tx.exec(due_now, id); });
  EXPECT_EQ(deliver_one(conn, transport, kFrom, policy), Step::retry_later);
  m = *pool().autocommit([&](db::Tx& tx) { return find(tx, id); });
  EXPECT_NEAR(static_cast<double>(m.next_attempt_at - std::time(nullptr)), 120, 3);  // doubled
  pool().transaction([&](db::Tx& tx) { tx.exec(due_now, id); });
  EXPECT_EQ(deliver_one(conn, transport, kFrom, policy), Step::failed);
  EXPECT_EQ(pool().autocommit([](db::Tx& tx) { return list(tx, Status::failed, 10); }).size(), 1u);

  // An operator's retry: due at once, attempts from zero, and this time it goes.
  pool().transaction([&](db::Tx& tx) { retry(tx, id); });
  transport.failing = false;
  EXPECT_EQ(deliver_one(conn, transport, kFrom, policy), Step::sent);
  m = *pool().autocommit([&](db::Tx& tx) { return find(tx, id); });
  EXPECT_EQ(m.status, Status::sent);
  EXPECT_EQ(m.attempts, 1);
  EXPECT_TRUE(m.sent_at.has_value());
  EXPECT_EQ(dbtest::code_of([&] { pool().transaction([&](db::Tx& tx) { retry(tx, id); }); }), errc::invalid);
  EXPECT_EQ(dbtest::code_of([&] { pool().transaction([&](db::Tx& tx) { retry(tx, 999999); }); }), errc::not_found);
}

// docs/mail.md "Links": a link never sits in the stored bodies; it waits apart while the mail
// is queued (a failed attempt keeps it, so a retry still delivers it), goes out in the message,
// and is erased with the List-Unsubscribe URL once the mail is sent.
TEST(MailDelivery, LinksGoOutButAreNotKept) {
  clear_outbox();
  const std::string url = "https://camp.example.com/account/new/" + std::string(43, 'L');
  const std::string page = "https://camp.example.com/unsubscribe-magazine/7.pagepagepagepagepagepa";
  const auto invitation = pool().transaction([&](db::Tx& tx) {
    // A name posing as markers: kept as text (U+FFFD), neither filled nor failing the mail.
    return enqueue(tx, {.to = "link@example.com", .template_name = "invitation",
                        .values = {{"name", "招待 " + link_marker("url") + link_marker("none")}, {"days", "7"}},
                        .links = {{"url", url}}});
  });
  const auto magazine = pool().transaction([&](db::Tx& tx) {
    return enqueue(tx, {.to = "link@example.com", .template_name = "magazine",
                        .values = {{"name", "n"}, {"subject", "s"}, {"body", "b"}},
                        .links = {{"unsubscribe_url", page}}, .bulk = true,
                        .unsubscribe_url = "https://camp.example.com/api/v1/mail_unsubscriptions/magazine/7.x"});
  });
  const auto row = [](std::int64_t id) { return pool().autocommit([&](db::Tx& tx) { return tx.exec(kRow, id); })[0]; };
  for (const auto id : {invitation, magazine}) {
    EXPECT_EQ(row(id)[0].as<std::string>().find("https://camp.example.com/"), std::string::npos) << "no link in the bodies";
    EXPECT_NE(row(id)[0].as<std::string>().find("{{link:"), std::string::npos);
  }
  EXPECT_NE(row(invitation)[1].as<std::string>().find(url), std::string::npos);

  RecordingTransport transport;
  transport.failing = true;
  db::Connection conn(dbtest::database_url());
  EXPECT_EQ(deliver_one(conn, transport, kFrom, {1, 60, 3600}), Step::failed);
  const auto failed = *pool().autocommit([&](db::Tx& tx) { return find(tx, invitation); });
  EXPECT_EQ(failed.links.at("url"), url) << "a failed mail keeps its link for a retry";
  const auto shown = without_links(failed);
  EXPECT_EQ(shown.text_body.find(url), std::string::npos);
  EXPECT_NE(shown.text_body.find(msg::mail_link_withheld), std::string::npos);
  EXPECT_EQ(decoded_parts(compose(shown, kFrom)).find(url), std::string::npos);

  pool().transaction([&](db::Tx& tx) { retry(tx, invitation); });
  transport.failing = false;
  std::string raw, message;
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(deliver_one(conn, transport, kFrom, {}), Step::sent);
    raw += transport.last_message;
    message += decoded_parts(transport.last_message);
  }
  EXPECT_NE(message.find(url + "\r\n"), std::string::npos) << "the text part: " << message;
  EXPECT_NE(message.find("招待 \xEF\xBF\xBD{{link:url}}\xEF\xBF\xBD{{link:none}}"), std::string::npos) << message;
  std::size_t times = 0;
  for (auto at = message.find(url); at != std::string::npos; at = message.find(url, at + 1)) ++times;
  EXPECT_EQ(times, 2u) << "the link where the template puts it (text and HTML), not where the name posed";
  EXPECT_NE(message.find("<a href=\"" + url + "\">"), std::string::npos) << "the HTML part: " << message;
  EXPECT_NE(message.find(page), std::string::npos);
  EXPECT_NE(raw.find("List-Unsubscribe: <https://camp.example.com/api/v1/mail_unsubscriptions/"), std::string::npos);

  for (const auto id : {invitation, magazine}) {
    EXPECT_TRUE(row(id)[1].is_null()) << "sent: the links are gone";
    EXPECT_TRUE(row(id)[2].is_null()) << "sent: the List-Unsubscribe URL is gone";
    const auto sent = *pool().autocommit([&](db::Tx& tx) { return find(tx, id); });
    EXPECT_TRUE(sent.links.empty());
    const auto after = without_links(sent);
    EXPECT_NE(after.text_body.find(msg::mail_link_removed), std::string::npos) << after.text_body;
    EXPECT_NO_THROW(compose(after, kFrom));  // `camp mail show --raw` of a sent mail
    EXPECT_THROW(compose(sent, kFrom), Error) << "a marker without its link is never sent as is";
  }
}

TEST(MailDelivery, APermanentRefusalFailsAtOnce) {
  clear_outbox();
  pool().transaction([](db::Tx& tx) { enqueue(tx, test_mail("unknown-user@example.com")); });
  RecordingTransport transport;
  transport.failing = true;
  transport.permanent = true;
  db::Connection conn(dbtest::database_url());
  EXPECT_EQ(deliver_one(conn, transport, kFrom, {8, 60, 3600}), Step::failed);
}

TEST(MailDelivery, AShutdownDuringASendLeavesTheMailUntouched) {
  clear_outbox();
  const auto id = pool().transaction([](db::Tx& tx) { return enqueue(tx, test_mail("stop@example.com")); });
  RecordingTransport transport;
  transport.failing = true;
  std::atomic<bool> stopping{true};
  db::Connection conn(dbtest::database_url());
  EXPECT_THROW(deliver_one(conn, transport, kFrom, {}, &stopping), SendFailure);
  const auto m = *pool().autocommit([&](db::Tx& tx) { return find(tx, id); });
  EXPECT_EQ(m.status, Status::queued);
  EXPECT_EQ(m.attempts, 0);
}

// A batch: one refused mail counts its own failed attempt, the others are sent; a shutdown in
// the middle keeps what went (marked sent) and leaves the rest untouched.
TEST(MailDelivery, ABatchMarksEachMailOnItsOwn) {
  clear_outbox();
  std::vector<Outgoing> mails(7, test_mail("batch@example.com"));
  mails[2] = test_mail("refused@example.com");
  pool().transaction([&](db::Tx& tx) { enqueue_many(tx, mails); });
  RecordingTransport transport;
  transport.refused_to = "refused@example.com";
  db::Connection conn(dbtest::database_url());
  auto round = deliver_due(conn, transport, kFrom, {}, 5);
  EXPECT_EQ(round.claimed, 5);
  EXPECT_EQ(round.sent, 4);
  EXPECT_EQ(round.retry_later, 1);
  auto c = pool().autocommit([](db::Tx& tx) { return counts(tx); });
  EXPECT_EQ(c.sent, 4);
  EXPECT_EQ(c.queued, 3);
  const auto refused = pool().autocommit([](db::Tx& tx) { return list(tx, Status::queued, 10); });
  ASSERT_EQ(refused.size(), 3u);
  EXPECT_EQ(refused.back().to, "refused@example.com");
  EXPECT_EQ(refused.back().attempts, 1);

  std::atomic<bool> stopping{false};
  transport.stopping = &stopping;
  transport.stop_after = 5;  // the round takes the last two: one goes, the other's transfer is aborted
  EXPECT_THROW(deliver_due(conn, transport, kFrom, {}, kDeliveryBatch, &stopping), SendFailure);
  EXPECT_EQ(transport.sent.size(), 5u);
  c = pool().autocommit([](db::Tx& tx) { return counts(tx); });
  EXPECT_EQ(c.sent, 5);
  EXPECT_EQ(c.queued, 2);
  const auto left = pool().autocommit([](db::Tx& tx) { return list(tx, Status::queued, 10); });
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0].to, "batch@example.com");
  EXPECT_EQ(left[0].attempts, 0) << "a shutdown counts no attempt";
  EXPECT_EQ(left[1].to, "refused@example.com");
}

}  // namespace
}  // namespace camp::mail
