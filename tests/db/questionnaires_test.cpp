// Subsidy questionnaires against PostgreSQL (lib/questionnaires): each kind round-trips through
// submit and both exports, a second submission is a conflict, unknown fields are not stored,
// a plain pg_dump shows no answer, exports and reads are audited, reminders go out once (through the
// notifications' dispatcher), and key rotation re-seals every answer.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "accounts/service.hpp"
#include "core/messages.hpp"
#include "environment.hpp"
#include "mail/outbox.hpp"
#include "mail/preferences.hpp"
#include "notifications/dispatcher.hpp"
#include "questionnaires/service.hpp"

using namespace camp;
using namespace camp::questionnaires;
using camp::dbtest::code_of;

namespace {

// Accounts and answers are dated by the database's clock: the service's starts there too.
FixedClock& test_clock() {
  static FixedClock c{std::chrono::system_clock::now()};
  return c;
}

std::string dir() {
  const auto d = dbtest::data_dir() + "/questionnaires";
  std::filesystem::create_directories(d);
  return d;
}

Keyring& keys() {
  static Keyring k = Keyring::open(dir() + "/keys");
  return k;
}

QuestionnaireService service() { return QuestionnaireService(dbtest::pool(), keys(), test_clock()); }

accounts::Account person(const std::string& role) {
  static std::atomic<int> n{0};
  return accounts::AccountService(dbtest::pool())
      .create({"qn-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role,
               role == "student" || role == "graduate" ? std::optional<std::string>("rails_4m") : std::nullopt, "受講生" + std::to_string(n.load()), "pass-word-123"});
}

const accounts::Account& admin() {
  static const auto a = person("admin");
  return a;
}

nlohmann::json fixture(const std::string& kind) {
  std::ifstream in(std::string(CAMP_SOURCE_DIR) + "/tests/fixtures/questionnaire_answers.json");
  return nlohmann::json::parse(in).at(kind);
}

// A graduate who owes `kind` now: for the follow-up, one whose job change was answered 200
// days ago (docs/questionnaires.md "Who owes what").
accounts::Account owing(const std::string& kind) {
  const auto graduate = person("graduate");
  if (kind == "follow-up") {
    service().submit(graduate, "post-job-change", fixture("post-job-change"));
    dbtest::pool().transaction([&](db::Tx& tx) { repo::backdate(tx, graduate.id, "post-job-change", 200); });
  }
  return graduate;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// RFC 4180 records (quoted fields may hold commas, quotes and line breaks).
std::vector<std::vector<std::string>> parse_csv(std::string text) {
  std::vector<std::vector<std::string>> rows{{}};
  std::string cell;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') cell += '"', ++i;
      else if (c == '"') quoted = false;
      else cell += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(cell), cell.clear();
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      rows.back().push_back(cell), cell.clear();
      rows.emplace_back();
      ++i;
    } else {
      cell += c;
    }
  }
  if (rows.back().empty()) rows.pop_back();
  return rows;
}

// The cell text the export must show for the submitted value.
std::string expected_cell(const Field& f, const nlohmann::json& v) {
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
  if (v.is_array()) {
    std::string out;
    for (const auto& item : v) out += (out.empty() ? "" : "／") + f.option(item.get<std::string>())->label;
    return out;
  }
  if (f.has_options()) return f.option(v.get<std::string>())->label;
  return v.get<std::string>();
}

ExportRequest request(const std::string& kind, ExportFormat format = ExportFormat::csv) {
  ExportRequest r;
  r.kind = kind;
  r.format = format;
  r.reason = "助成金事務局への報告";
  r.period = {"2000-01-01", "2100-12-31"};
  return r;
}

}  // namespace

TEST(Questionnaires, EachKindRoundTripsThroughSubmitAndTheCsvExport) {
  for (const auto& kind : kinds()) {
    const auto student = owing(kind);
    const auto sent = fixture(kind);
    const auto stored = service().submit(student, kind, sent);
    EXPECT_EQ(stored.answer, sent) << kind;
    EXPECT_EQ(service().own_answer(student, kind).answer, sent) << kind;

    const auto path = dir() + "/" + kind + ".csv";
    service().export_answers(admin(), request(kind), path);
    const auto text = slurp(path);
    ASSERT_EQ(text.substr(0, 3), "\xEF\xBB\xBF");
    const auto rows = parse_csv(text.substr(3));
    const auto& def = get(kind);
    ASSERT_EQ(rows[0], export_headers(def));
    const std::vector<std::string>* mine = nullptr;
    for (const auto& r : rows)
      if (r[0] == std::to_string(student.id)) mine = &r;
    ASSERT_NE(mine, nullptr) << kind;
    ASSERT_EQ(mine->size(), def.fields.size() + 4);
    EXPECT_EQ((*mine)[2], student.email);
    for (std::size_t i = 0; i < def.fields.size(); ++i) {
      const auto* f = def.fields[i];
      const auto want = sent.contains(f->key) ? expected_cell(*f, sent[f->key]) : "";
      EXPECT_EQ((*mine)[i + 4], want) << kind << "." << f->key;
    }
  }
}

TEST(Questionnaires, TheXlsxExportOpensInOpenpyxlWithTheHeadersAndValues) {
  const auto student = person("graduate");
  const auto sent = fixture("post-job-change");
  service().submit(student, "post-job-change", sent);
  const auto path = dir() + "/post-job-change.xlsx";
  service().export_answers(admin(), request("post-job-change", ExportFormat::xlsx), path);
  // openpyxl (Debian python3-openpyxl) reads the workbook back as JSON: headers and our row.
  const auto script = "import json,sys,openpyxl\n"
                      "ws=openpyxl.load_workbook(sys.argv[1],read_only=True).active\n"
                      "rows=[list(r) for r in ws.iter_rows(values_only=True)]\n"
                      "print(json.dumps({'header':rows[0],'row':[r for r in rows if r[0]==int(sys.argv[2])][0]},ensure_ascii=False))\n";
  const auto py = dir() + "/read_xlsx.py";
  std::ofstream(py) << script;
  const auto cmd = "/usr/bin/python3 " + py + " " + path + " " + std::to_string(student.id);
  std::FILE* p = ::popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  while (const auto n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  ASSERT_EQ(::pclose(p), 0) << out;
  const auto got = nlohmann::json::parse(out);
  const auto& def = get("post-job-change");
  EXPECT_EQ(got["header"].get<std::vector<std::string>>(), export_headers(def));
  const auto& row = got["row"];
  EXPECT_EQ(row[2], student.email);
  for (std::size_t i = 0; i < def.fields.size(); ++i) {
    const auto* f = def.fields[i];
    const auto& cell = row[i + 4];
    if (!sent.contains(f->key)) {
      EXPECT_TRUE(cell.is_null()) << f->key;
    } else if (sent[f->key].is_number_integer()) {
      EXPECT_EQ(cell.get<double>(), sent[f->key].get<double>()) << f->key;
    } else {
      EXPECT_EQ(cell.get<std::string>(), expected_cell(*f, sent[f->key])) << f->key;
    }
  }
}

TEST(Questionnaires, ASecondSubmissionIsAConflictAndKeepsTheFirst) {
  const auto student = owing("post-curriculum");
  auto first = fixture("post-curriculum");
  service().submit(student, "post-curriculum", first);
  auto second = first;
  second["satisfactionLevel"] = "1";
  EXPECT_EQ(code_of([&] { service().submit(student, "post-curriculum", second); }), errc::conflict);
  EXPECT_EQ(code_of([&] { service().check(student, "post-curriculum", second); }), errc::conflict);
  EXPECT_EQ(service().own_answer(student, "post-curriculum").answer["satisfactionLevel"], "5");
}

TEST(Questionnaires, UnknownAndHiddenFieldsAreNotStored) {
  const auto student = person("student");
  auto sent = fixture("pre-curriculum");
  sent["isEmployed"] = "no";  // the employment block is hidden now: its values are dropped
  sent["favouriteColour"] = "オレンジ";
  const auto checked = service().check(student, "pre-curriculum", sent);
  EXPECT_EQ(checked.ignored, std::vector<std::string>{"favouriteColour"});
  service().submit(student, "pre-curriculum", sent);
  const auto stored = service().own_answer(student, "pre-curriculum").answer;
  EXPECT_FALSE(stored.contains("favouriteColour"));
  EXPECT_FALSE(stored.contains("employmentStatus"));
  EXPECT_FALSE(stored.contains("jobCategoryMinor"));
  EXPECT_EQ(stored["income"], "4m_5m");
}

// Each kind is refused (422, the catalogue's message, nothing stored) until the account owes
// it, with the service's clock moved where the rule puts the boundary.
TEST(Questionnaires, NoKindIsAcceptedBeforeItIsDue) {
  const auto now = std::chrono::system_clock::now();
  const auto days = [&](int n) { return now + std::chrono::hours(24 * n); };
  FixedClock clock{now};
  QuestionnaireService at(dbtest::pool(), keys(), clock);
  const auto refused = [&](const accounts::Account& who, const std::string& kind) {
    for (const bool store : {false, true}) {
      try {
        if (store) at.submit(who, kind, fixture(kind));
        else at.check(who, kind, fixture(kind));
        ADD_FAILURE() << kind << ": accepted";
      } catch (const Error& e) {
        EXPECT_EQ(e.code(), errc::invalid) << kind;
        EXPECT_EQ(std::string(e.what()), msg::questionnaire_not_due) << kind;
        EXPECT_TRUE(e.fields().empty()) << kind;
      }
    }
    EXPECT_EQ(code_of([&] { at.own_answer(who, kind); }), errc::not_found) << kind;
  };
  const auto accepted = [&](const accounts::Account& who, const std::string& kind) {
    EXPECT_NO_THROW(at.check(who, kind, fixture(kind))) << kind;
  };
  const auto student = person("student");  // rails_4m, day 1 today

  // Pre-curriculum: from the day the account was created.
  clock.set(days(-2));
  refused(student, "pre-curriculum");
  clock.set(now);
  accepted(student, "pre-curriculum");

  // Post-curriculum: from the course's end (4 months after the start date), at once when graduated.
  refused(student, "post-curriculum");
  clock.set(days(100));
  refused(student, "post-curriculum");
  clock.set(days(125));
  accepted(student, "post-curriculum");
  clock.set(now);
  accepted(person("graduate"), "post-curriculum");
  const auto finished = person("student");
  dbtest::pool().transaction([&](db::Tx& tx) {
    tx.exec(db::Statement{"test.qn_graduated", "UPDATE students SET status = 'graduated' WHERE account_id = $1"}, finished.id);
  });
  accepted(finished, "post-curriculum");

  // Post-job-change: only once graduated (the graduate role, or the record marked graduated).
  clock.set(days(400));
  refused(student, "post-job-change");
  clock.set(now);
  accepted(finished, "post-job-change");
  const auto graduate = person("graduate");

  // Follow-up: 180 days after the post-job-change answer, never before it.
  refused(graduate, "follow-up");
  at.submit(graduate, "post-job-change", fixture("post-job-change"));
  clock.set(days(179));
  refused(graduate, "follow-up");
  clock.set(days(181));
  EXPECT_EQ(at.submit(graduate, "follow-up", fixture("follow-up")).kind, "follow-up");
}

TEST(Questionnaires, OnlyStudentsAndGraduatesAnswerAndOnlyAdminsReadOthers) {
  const auto student = person("student");
  const auto mentor = person("basic_mentor");
  const auto other = owing("follow-up");
  service().submit(other, "follow-up", fixture("follow-up"));
  EXPECT_EQ(code_of([&] { service().submit(mentor, "follow-up", fixture("follow-up")); }), errc::not_found);
  EXPECT_EQ(code_of([&] { service().read_answer(student, "follow-up", other.id, "見たい"); }), errc::not_found);
  EXPECT_EQ(code_of([&] { service().own_answer(student, "follow-up"); }), errc::not_found);
  EXPECT_EQ(code_of([&] { service().read_answer(admin(), "follow-up", other.id, "  "); }), errc::invalid);
  EXPECT_EQ(service().read_answer(admin(), "follow-up", other.id, "事務局からの照会").answer["totalSalary"], 4620000);
}

TEST(Questionnaires, APlainDumpShowsNoAnswer) {
  const auto student = person("graduate");
  auto sent = fixture("post-job-change");
  sent["annualSalary"] = 7654321;
  sent["monthlySalary"] = 543210;
  service().submit(student, "post-job-change", sent);
  const auto out = dir() + "/dump.sql";
  const auto cmd = "pg_dump --no-owner --table=questionnaire_answers --dbname='" + dbtest::database_url() + "' > " + out;
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  const auto dump = slurp(out);
  EXPECT_NE(dump.find("questionnaire_answers"), std::string::npos);
  for (const char* secret : {"7654321", "543210", "annualSalary", "B102", "regular"})
    EXPECT_EQ(dump.find(secret), std::string::npos) << secret;
}

TEST(Questionnaires, ExportsAndReadsAreAudited) {
  const auto before = dbtest::pool().transaction([](db::Tx& tx) { return audit::list(tx, 1, 1).total; });
  service().export_answers(admin(), request("follow-up"), dir() + "/audited.csv");
  const auto page = dbtest::pool().transaction([](db::Tx& tx) { return audit::list(tx, 1, 1); });
  ASSERT_EQ(page.total, before + 1);
  const auto& e = page.items.at(0);
  EXPECT_EQ(e.action, "questionnaire.export");
  EXPECT_EQ(e.subject, "follow-up");
  EXPECT_EQ(e.actor, admin().email);
  EXPECT_EQ(e.reason, "助成金事務局への報告");
  EXPECT_EQ(e.detail["format"], "csv");
  EXPECT_EQ(code_of([&] { auto r = request("follow-up"); r.reason = ""; service().export_answers(admin(), r, dir() + "/x.csv"); }),
            errc::invalid);
}

TEST(Questionnaires, RemindersGoToThoseWhoOweOncePerDay) {
  const auto owing = person("graduate");
  const auto answered = person("graduate");
  service().submit(answered, "post-job-change", fixture("post-job-change"));
  const auto r = service().remind(admin(), "post-job-change", std::vector<std::int64_t>{owing.id, answered.id});
  EXPECT_EQ(r.queued, 1);
  EXPECT_EQ(r.skipped, 1);
  EXPECT_EQ(service().remind(admin(), "post-job-change", std::vector<std::int64_t>{owing.id}).queued, 0);
  // A domain event: the dispatcher (every daemon runs one) queues the mail.
  static const mail::UnsubscribeLinks links("test-secret-for-questionnaires", "https://camp.example.com");
  notifications::dispatch_pending(dbtest::pool(), {links, "https://camp.example.com"}, 100000);
  const auto mails = dbtest::pool().transaction([](db::Tx& tx) { return mail::list(tx, std::nullopt, 100000); });
  int to_owing = 0;
  for (const auto& m : mails)
    if (m.to == owing.email && m.template_name == "questionnaire_reminder") ++to_owing;
  EXPECT_EQ(to_owing, 1);
}

TEST(Questionnaires, RotationReSealsEveryAnswerWithTheNewKey) {
  // The same key file as every other test here: all their answers are re-sealed too.
  const auto student = person("student");
  service().submit(student, "pre-curriculum", fixture("pre-curriculum"));
  auto ring = Keyring::open(dir() + "/keys");
  const int old_id = ring.current_id();
  const auto under_old_key = ring.seal("古い鍵", "ad");
  ASSERT_EQ(keys().open_sealed(under_old_key, "ad"), "古い鍵");
  QuestionnaireService rotating(dbtest::pool(), ring, test_clock());
  EXPECT_EQ(code_of([&] { rotating.rotate_key(person("basic_mentor")); }), errc::not_found);
  EXPECT_EQ(ring.current_id(), old_id);  // refused before touching the key file
  const auto rotated = rotating.rotate_key(accounts::Account::system());
  EXPECT_GT(rotated.key_id, old_id);
  EXPECT_GE(rotated.resealed, 1);
  EXPECT_EQ(rotated.key_file, dir() + "/keys");
  keys() = Keyring::open(dir() + "/keys");  // only the new key is left in the file
  EXPECT_EQ(keys().current_id(), rotated.key_id);
  EXPECT_EQ(code_of([&] { keys().open_sealed(under_old_key, "ad"); }), errc::internal);  // the old key is gone
  EXPECT_EQ(service().own_answer(student, "pre-curriculum").answer, fixture("pre-curriculum"));
  EXPECT_TRUE(dbtest::pool().transaction([&](db::Tx& tx) { return repo::lock_stale(tx, rotated.key_id, 10); }).empty());
  // The audit log names the operator at the terminal, not an account.
  const auto entry = dbtest::pool().transaction([](db::Tx& tx) { return audit::list(tx, 1, 1); }).items.at(0);
  EXPECT_EQ(entry.action, "questionnaire.rotate_key");
  EXPECT_EQ(entry.actor.rfind("cli:", 0), 0u) << entry.actor;
}
