#include "notifications/dispatcher.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_set>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "mail/outbox.hpp"
#include "notifications/repo.hpp"
#include "notifications/rules.hpp"

namespace camp::notifications {
namespace {

std::string settings_url(const DispatchContext& ctx) { return ctx.public_url + "/notifications"; }

mail::Outgoing mail_for(const Rule& rule, const Content& content, const repo::DomainEvent& e, const repo::Recipient& r,
                        const DispatchContext& ctx) {
  const auto topic = rule.category == Category::event ? mail::Topic::events : mail::Topic::school;
  const auto& a = r.account;
  mail::Values values{{"name", a.display_name},
                      {"title", content.title},
                      {"body", content.body},
                      {"url", ctx.public_url + content.link},
                      {"settings_url", settings_url(ctx)}};
  if (rule.mail_values)
    for (auto& [key, value] : rule.mail_values(e)) values[key] = std::move(value);
  // The unsubscribe page is a link: kept out of the stored mail once it is sent.
  mail::Outgoing out{a.email, std::string(rule.mail_template), std::move(values),
                     {{"unsubscribe_url", ctx.links.page_url(a.id, topic)}}};
  if (rule.bulk) {
    out.bulk = true;
    out.unsubscribe_url = ctx.links.one_click_url(a.id, topic);
  }
  return out;
}

struct Told {
  std::size_t notifications = 0, mails = 0;
};

// One row of the table applied to an event: what it says, and to whom.
struct Planned {
  const Rule& rule;
  Content content;
  std::vector<repo::Recipient> people;  // the audience less the actor and those its policy refuses
};

std::vector<Planned> plan(db::Tx& tx, const repo::DomainEvent& e) {
  std::vector<Planned> out;
  for (const auto& rule : rules()) {
    if (rule.type != e.type) continue;
    auto ids = rule.audience(tx, e);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    if (e.actor_id) std::erase(ids, *e.actor_id);  // nobody hears of their own action
    auto people = repo::recipients(tx, ids, rule.category);
    std::erase_if(people, [&](const repo::Recipient& p) { return !rule.may_read(p.account, e); });
    if (people.empty()) continue;
    auto content = rule.content(e);
    // One line each, whatever the payload held (a title stored before titles had to be one line).
    content.title = one_line(content.title, 200);
    content.body = one_line(content.body, 200);
    out.push_back({rule, std::move(content), std::move(people)});
  }
  return out;
}

// Whether the row mails this person now: it has a mail, the person takes the category
// immediately and did not stop school mail.
bool wants_mail_now(const Rule& rule, const repo::Recipient& p) {
  return !rule.mail_template.empty() && p.mail == MailPreference::immediately && !p.school_mail_stopped;
}
// An address the outbox refuses fails its own mail alone.
bool mailable(const repo::Recipient& p) {
  try {
    mail::check_address(p.account.email);
    return true;
  } catch (const Error&) {
    return false;
  }
}

// The event's rows of the table, in the caller's transaction.
Told dispatch(db::Tx& tx, const DispatchContext& ctx, const repo::DomainEvent& e) {
  Told out;
  for (const auto& [rule, content, people] : plan(tx, e)) {
    std::vector<std::int64_t> ids;
    for (const auto& p : people) ids.push_back(p.account.id);
    const auto told = repo::insert_notifications(
        tx, {e.id, e.type, rule.category, content.title, content.body, content.link, e.actor_id}, ids);
    out.notifications += told.size();
    const std::unordered_set<std::int64_t> new_ones(told.begin(), told.end());
    std::vector<mail::Outgoing> mails;
    for (const auto& p : people) {
      if (!new_ones.count(p.account.id) || !wants_mail_now(rule, p)) continue;
      if (mailable(p)) mails.push_back(mail_for(rule, content, e, p, ctx));
      else spdlog::warn("notifications: event {}: no mail to account {}: its address cannot be mailed", e.id, p.account.id);
    }
    if (!mails.empty()) out.mails += mail::enqueue_many(tx, mails);
  }
  return out;
}

double ms_since(std::chrono::steady_clock::time_point started) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
}
// Large audiences are worth a line (bench/notifications.sh reads it); the rest stays quiet.
void log_told(const repo::DomainEvent& e, const Told& told, double ms) {
  spdlog::log(told.notifications >= 100 ? spdlog::level::info : spdlog::level::debug,
              "notifications: event {} ({}) told {} accounts, {} mails queued, in {:.1f} ms", e.id, e.type,
              told.notifications, told.mails, ms);
}

enum class Dispatched { idle, done, failed };

// One event in one transaction on `conn`, a failure recorded against it.
Dispatched dispatch_one(db::Connection& conn, const DispatchContext& ctx) {
  pqxx::work work(conn.pq());
  db::Tx tx(conn, work);
  const auto event = repo::claim_event(tx);
  if (!event) return Dispatched::idle;
  auto result = Dispatched::done;
  const auto started = std::chrono::steady_clock::now();
  Told told;
  // A savepoint: a failing dispatch leaves nothing behind but the event's failed attempt, and
  // the row lock is held throughout. (Plain SQL: savepoints cannot be prepared statements.)
  work.exec("SAVEPOINT dispatch");
  try {
    told = dispatch(tx, ctx, *event);
    work.exec("RELEASE SAVEPOINT dispatch");
    repo::delete_event(tx, event->id);
  } catch (const std::exception& e) {
    if (!conn.pq().is_open()) throw;  // the connection, not the event: nothing to count
    work.exec("ROLLBACK TO SAVEPOINT dispatch");
    repo::event_failed(tx, event->id, text::escape_for_log(e.what()), kMaxDispatchAttempts);
    spdlog::warn("notifications: event {} ({}) attempt {} failed{}: {}", event->id, event->type, event->attempts + 1,
                 event->attempts + 1 >= kMaxDispatchAttempts ? " (giving up)" : "", text::escape_for_log(e.what()));
    result = Dispatched::failed;
  }
  work.commit();
  log_told(*event, told, ms_since(started));
  return result;
}

}  // namespace

int dispatch_batch(db::Connection& conn, const DispatchContext& ctx, int max) {
  std::size_t taken = 0;
  try {
    pqxx::work work(conn.pq());
    db::Tx tx(conn, work);
    const auto events = repo::take_events(tx, max);
    taken = events.size();
    // The audience's statements take id arrays, and PostgreSQL planned them anew on every call
    // (0.7 ms a plan for 0.1 ms of work, the school day's largest planning cost): the generic
    // plans are index lookups by id whatever the arrays hold. LOCAL: a pooler's connection
    // goes back unchanged. Not for an empty batch (every daemon wakes for each event; one
    // takes it): the others' transactions stay three round trips.
    if (taken > 0) work.exec("SET LOCAL plan_cache_mode = force_generic_plan");
    std::vector<std::tuple<const repo::DomainEvent*, Told, double>> done;
    for (const auto& e : events) {
      const auto started = std::chrono::steady_clock::now();
      const auto told = dispatch(tx, ctx, e);
      done.emplace_back(&e, told, ms_since(started));
    }
    work.commit();
    for (const auto& [e, told, ms] : done) log_told(*e, told, ms);
    return static_cast<int>(taken);
  } catch (const std::exception& e) {
    if (!conn.pq().is_open() || taken == 0) throw;  // the connection, not an event
    spdlog::debug("notifications: a batch of {} events rolled back ({}); one at a time", taken, text::escape_for_log(e.what()));
  }
  // Rolled back whole: each event again on its own, where a failure is counted against it alone.
  int done = 0;
  for (std::size_t i = 0; i < taken && dispatch_one(conn, ctx) != Dispatched::idle; ++i) ++done;
  return done;
}

Preview preview(db::Tx& tx, std::string_view type, std::optional<std::int64_t> actor_id, const nlohmann::json& payload) {
  const repo::DomainEvent e{0, std::string(type), actor_id, payload.is_object() ? payload : nlohmann::json::object(), 0};
  Preview out;
  for (const auto& [rule, content, people] : plan(tx, e))
    for (const auto& p : people) {
      ++out.told;
      if (wants_mail_now(rule, p) && mailable(p)) ++out.mails;
      else if (p.mail == MailPreference::daily && !p.school_mail_stopped) ++out.daily;
    }
  return out;
}

int dispatch_pending(db::Pool& pool, const DispatchContext& ctx, int max) {
  int done = 0;
  while (done < max) {
    const int n = pool.run([&](db::Connection& c) { return dispatch_batch(c, ctx, std::min(kDispatchBatch, max - done)); });
    if (n == 0) break;
    done += n;
  }
  return done;
}

Dispatcher::Dispatcher(const Config& config, std::string database_url, const mail::UnsubscribeLinks& links)
    : url_(db::with_client_defaults(database_url)),
      prepared_statements_(config.database_prepared_statements),
      ctx_{links, config.public_url} {
  thread_ = std::thread([this] {
    run_worker_loop(signal_, "notifications: dispatcher", [this] { return turn(); }, [this] { conn_.reset(); });
  });
}

Dispatcher::~Dispatcher() { stop(); }

void Dispatcher::wake() { signal_.wake(); }

void Dispatcher::stop() {
  signal_.stop();
  if (thread_.joinable()) thread_.join();
}

Turn Dispatcher::turn() {
  // Besides the NOTIFY of each recorded event: retries come due, and a missed wake-up costs
  // at most this long.
  constexpr std::chrono::milliseconds kPoll(5000);
  if (!conn_) conn_ = std::make_unique<db::Connection>(url_, prepared_statements_);
  // A batch that was not full took every due event: going again would only find none (a
  // transaction of three round trips per wake-up). An event recorded meanwhile has woken us.
  return dispatch_batch(*conn_, ctx_, kDispatchBatch) == kDispatchBatch ? Turn::again() : Turn::idle_for(kPoll);
}

namespace {

constexpr std::size_t kDigestItems = 30;  // per mail; the rest is "ほか N 件"

std::string_view category_label(Category c) {
  switch (c) {
    case Category::review: return msg::notification_category_review;
    case Category::question: return msg::notification_category_question;
    case Category::event: return msg::notification_category_event;
    case Category::student: return msg::notification_category_student;
    case Category::announcement: return msg::notification_category_announcement;
  }
  return msg::notification_category_announcement;
}

// One account's items as the digest lists them: by category in the tabs' order.
std::string digest_text(std::vector<repo::DigestItem> items, const std::string& public_url) {
  std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.category < b.category; });
  std::string out;
  std::size_t shown = 0;
  std::optional<Category> heading;
  for (const auto& item : items) {
    if (shown == kDigestItems) break;
    if (heading != item.category) {
      heading = item.category;
      out += std::string(out.empty() ? "" : "\n") + "■ " + std::string(category_label(item.category)) + "\n";
    }
    out += "・" + item.title + "\n  " + public_url + item.link + "\n";
    ++shown;
  }
  if (items.size() > shown) out += "\nほか " + std::to_string(items.size() - shown) + " 件\n";
  return out;
}

}  // namespace

DigestRun run_digest(db::Pool& pool, const DispatchContext& ctx, Date day) {
  std::vector<std::string> daily_by_default;
  for (auto c : kCategories)
    if (default_mail(c) == MailPreference::daily) daily_by_default.emplace_back(to_string(c));
  const auto from = unix_seconds(school_day_start(Date(std::chrono::sys_days(day) - std::chrono::days(1))));
  const auto to = unix_seconds(school_day_start(day));
  const auto date = format_date(day);
  return pool.transaction([&](db::Tx& tx) {
    if (!repo::claim_digest_day(tx, date)) return DigestRun{true, 0};
    std::map<std::int64_t, std::vector<repo::DigestItem>> by_account;
    for (auto& item : repo::digest_items(tx, from, to, daily_by_default)) by_account[item.account_id].push_back(std::move(item));
    std::vector<mail::Outgoing> mails;
    for (auto& [account_id, items] : by_account) {
      const auto& first = items.front();
      mails.push_back({first.email, "notification_digest",
                       {{"name", first.display_name},
                        {"count", std::to_string(items.size())},
                        {"items", digest_text(items, ctx.public_url)},
                        {"url", ctx.public_url + "/notifications"},
                        {"settings_url", settings_url(ctx)}}});
    }
    if (!mails.empty()) mail::enqueue_many(tx, mails);
    repo::set_digest_mails(tx, date, static_cast<int>(mails.size()));
    return DigestRun{false, static_cast<int>(mails.size())};
  });
}

bool run_digest_if_due(db::Pool& pool, const DispatchContext& ctx, const Config& config, const Clock& clock) {
  if (!config.mail.digest_enabled) return false;
  const auto now = clock.now();
  const Date today = school_date(now);
  if (now < school_day_start(today) + std::chrono::hours(config.mail.digest_hour)) return false;
  return !run_digest(pool, ctx, today).already_ran;
}

}  // namespace camp::notifications
