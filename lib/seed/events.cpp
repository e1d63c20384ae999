// Seeding events: `events` entries matched by title. New ones are created through
// events::EventService with a clock set before the event, so past events get their
// participants by the same rules as the API (seats, then the waitlist in order). Publishing
// and cancelling here mail nobody: seeds are data, not announcements.
#include <chrono>

#include "core/clock.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "events/repo.hpp"
#include "events/service.hpp"
#include "seed/domains.hpp"

namespace camp::seed {
namespace {

struct DemoEvent {
  const char* title;
  const char* tag;
  int capacity;
  int days_from_today;
  const char* start;
  const char* end;
  const char* status;
  const char* description;
  std::vector<const char*> participants;
};

const std::vector<DemoEvent>& demo_events() {
  static const std::vector<DemoEvent> list{
      {"Rails もくもく会 #12", "もくもく会", 20, 3, "20:00", "22:00", "published",
       "各自の課題やポートフォリオを黙々と進める会です。\n\n- 最初の5分で今日やることを宣言\n- 最後の10分で進捗を共有\n\n質問があればメンターがその場でお答えします。",
       {"student@example.com", "graduate@example.com"}},
      {"現役エンジニアに聞く！転職活動のリアル", "キャリア", 2, 7, "19:30", "21:00", "published",
       "Web系企業に転職した卒業生をお招きして、書類選考・面接・ポートフォリオについて本音で語っていただきます。\n\n**定員が少ないため、キャンセル待ちを受け付けています。**",
       {"student@example.com", "graduate@example.com", "student5@example.com"}},
      {"Ruby 3.3 新機能勉強会", "勉強会", 30, 14, "19:00", "20:30", "published",
       "Ruby 3.3 で入った YJIT の改善や新しいメソッドを、手を動かしながら確認します。\n\n事前準備: Ruby 3.3 をインストールしておいてください。",
       {"student5@example.com"}},
      {"オンライン交流会 〜年末LT大会〜", "交流会", 1, 21, "20:00", "22:00", "published",
       "受講生・卒業生で1年を振り返る LT 大会です。1人5分、テーマは自由。聞くだけの参加も大歓迎です。",
       {"graduate@example.com", "student@example.com", "student5@example.com"}},
      {"AWS デプロイ勉強会", "勉強会", 15, 10, "19:00", "21:00", "cancelled",
       "講師の都合により中止となりました。日程を改めてご案内します。", {"student@example.com"}},
      {"RSpec 入門ワークショップ", "勉強会", 12, 28, "19:00", "21:00", "draft",
       "model spec と request spec の書き方を、質問箱のようなアプリを題材に練習します。（準備中）", {}},
      {"Git・GitHub ハンズオン", "勉強会", 10, -10, "19:00", "21:00", "published",
       "ブランチ運用、プルリクエスト、コンフリクトの解消までを実際に体験しました。",
       {"student@example.com", "graduate@example.com", "student5@example.com"}},
      {"卒業生と話そう：ポートフォリオ相談会", "キャリア", 8, -30, "20:00", "21:30", "published",
       "卒業生がポートフォリオを見ながら、採用担当に伝わる見せ方をアドバイスしました。",
       {"student@example.com", "graduate@example.com"}},
  };
  return list;
}

// The fixture's name of an EventInput field.
const char* fixture_key(const std::string& field) {
  if (field == "start_date") return "date";
  if (field == "start_at") return "start";
  if (field == "end_at") return "end";
  for (const char* key : {"title", "capacity", "description", "meeting_url", "tag_id", "image_url"})
    if (field == key) return key;
  return "title";
}

std::string event_path(std::size_t i) { return "events[" + std::to_string(i) + "]"; }

Where at(const EventEntry& e, const char* field) {
  auto it = e.fields.find(field);
  return it == e.fields.end() ? e.at : it->second;
}

// "2026-12-05", or "+7" / "-10": days from today in the school's time zone.
std::optional<std::string> resolve_date(const std::string& text) {
  if (!text.empty() && (text[0] == '+' || text[0] == '-') && text.size() <= 5 &&
      text.find_first_not_of("0123456789", 1) == std::string::npos && text.size() > 1) {
    return format_date(Date(std::chrono::sys_days(system_clock().today()) + std::chrono::days(std::stoi(text))));
  }
  if (parse_date(text)) return text;
  return std::nullopt;
}

events::EventInput input_of(const EventEntry& e, std::optional<int> tag_id) {
  events::EventInput in;
  in.title = e.title;
  in.capacity = e.capacity;
  in.start_date = resolve_date(e.date).value_or(e.date);
  in.start_at = e.start;
  in.end_at = e.end;
  in.description = e.description;
  if (tag_id) in.tag_id = *tag_id;
  if (!e.meeting_url.empty()) in.meeting_url = std::optional<std::string>(e.meeting_url);
  return in;
}

std::optional<int> tag_named(const std::vector<events::Tag>& tags, const std::string& name) {
  for (const auto& t : tags)
    if (t.name == name) return t.id;
  return std::nullopt;
}

}  // namespace

void read_events(const YAML::Node& section, Fixture& out, YamlReader& in) {
  if (!in.sequence(section, "events")) return;
  for (std::size_t i = 0; i < section.size(); ++i) {
    const auto node = section[i];
    const auto path = event_path(i);
    static const std::initializer_list<const char*> keys{"title", "tag", "capacity", "date", "start", "end",
                                                         "description", "meeting_url", "status", "participants"};
    if (!in.mapping(node, path, keys)) continue;
    EventEntry e;
    e.at = where(node);
    for (const char* key : keys) e.fields[key] = YamlReader::field(node, key);
    e.title = text::trim(in.text(node, "title", path, true).value_or(""));
    e.tag = in.text(node, "tag", path, false).value_or("勉強会");
    e.capacity = in.text(node, "capacity", path, true).value_or("");
    e.date = in.text(node, "date", path, true).value_or("");
    e.start = in.text(node, "start", path, true).value_or("");
    e.end = in.text(node, "end", path, true).value_or("");
    e.description = in.text(node, "description", path, false).value_or("");
    e.meeting_url = in.text(node, "meeting_url", path, false).value_or("");
    e.status = in.text(node, "status", path, false).value_or("published");
    if (e.status != "draft" && e.status != "published" && e.status != "cancelled")
      in.problems().add(at(e, "status"), path + ".status", std::string(msg::invalid_value));
    if (node["date"] && !resolve_date(e.date))
      in.problems().add(at(e, "date"), path + ".date", std::string(msg::event_start_date_format));
    else
      for (const auto& [field, messages] : events::validate(input_of(e, std::nullopt), true))
        for (const auto& m : messages) in.problems().add(at(e, fixture_key(field)), path + "." + fixture_key(field), m);
    if (in.sequence(node["participants"], path + ".participants"))
      for (const auto& p : node["participants"]) e.participants.push_back(p.Scalar());
    out.events.push_back(std::move(e));
  }
}

void check_events(Services& s, const Fixture& f, Problems& problems) {
  if (f.events.empty()) return;
  const auto tags = s.pool.autocommit([](db::Tx& tx) { return events::repo::tags(tx); });
  for (std::size_t i = 0; i < f.events.size(); ++i) {
    const auto& e = f.events[i];
    if (!tag_named(tags, e.tag)) problems.add(at(e, "tag"), event_path(i) + ".tag", std::string(msg::event_tag_unknown));
    for (const auto& email : e.participants) {
      const auto role = role_after_seed(s, f, email);
      if (!role) problems.add(at(e, "participants"), event_path(i) + ".participants", msg::fixture_account_missing(email));
    }
  }
}

void write_events(Services& s, const Fixture& f, Counts& counts) {
  if (f.events.empty()) return;
  const auto tags = s.pool.autocommit([](db::Tx& tx) { return events::repo::tags(tx); });
  const auto admin = accounts::Account::system();
  for (const auto& entry : f.events) {
    if (s.pool.autocommit([&](db::Tx& tx) { return events::repo::titled(tx, entry.title); })) {
      ++counts.unchanged;
      continue;
    }
    const auto input = input_of(entry, tag_named(tags, entry.tag));
    const auto starts = events::schedule(*input.start_date, *input.start_at, *input.end_at).starts_at;
    FixedClock before{TimePoint{std::chrono::seconds(starts - 86400)}};
    events::EventService service(s.pool, before, "http://127.0.0.1");
    const auto created = service.create_event(admin, input);
    if (entry.status != "draft") s.pool.transaction([&](db::Tx& tx) { events::repo::publish(tx, created.id); });
    for (const auto& email : entry.participants) service.join(s.accounts.find_by_email(email), created.id);
    if (entry.status == "cancelled") s.pool.transaction([&](db::Tx& tx) { events::repo::cancel(tx, created.id); });
    ++counts.created;
  }
}

void add_demo_events(Fixture& f) {
  for (const auto& d : demo_events()) {
    EventEntry e;
    e.title = d.title;
    e.tag = d.tag;
    e.capacity = std::to_string(d.capacity);
    e.date = (d.days_from_today >= 0 ? "+" : "") + std::to_string(d.days_from_today);
    e.start = d.start;
    e.end = d.end;
    e.status = d.status;
    e.description = d.description;
    e.meeting_url = "https://meet.example.com/camp-" + std::to_string(f.events.size() + 1);
    for (const char* p : d.participants) e.participants.push_back(p);
    f.events.push_back(std::move(e));
  }
}

}  // namespace camp::seed
