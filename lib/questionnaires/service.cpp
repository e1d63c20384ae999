#include "questionnaires/service.hpp"

#include <spdlog/spdlog.h>

#include <exception>
#include <map>
#include <thread>

#include "core/error.hpp"
#include "core/handoff.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"
#include "notifications/events.hpp"

namespace camp::questionnaires {
namespace {

using accounts::Role;

[[noreturn]] void not_found() { throw Error(errc::not_found, std::string(msg::not_found)); }

// Unknown keys are logged by name only (escaped, cut), never with their values.
void log_ignored(const std::string& kind, const std::vector<std::string>& keys, std::int64_t account_id) {
  if (keys.empty()) return;
  std::string names;
  for (std::size_t i = 0; i < keys.size() && i < 20; ++i)
    names += (i ? ", " : "") + text::escape_for_log(text::utf8_prefix(keys[i], 64));
  spdlog::warn("questionnaire {}: account {} sent {} unknown field(s), ignored: {}", kind, account_id, keys.size(), names);
}

}  // namespace

nlohmann::json to_json(const Answer& a) {
  return {{"kind", a.kind}, {"account_id", a.account_id}, {"display_name", a.display_name}, {"submitted_at", a.submitted_at}, {"answer", a.answer}};
}

nlohmann::json to_json(const repo::StatusRow& r) {
  auto opt = [](const std::optional<std::string>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  return {{"account_id", r.account_id}, {"display_name", r.display_name}, {"email", r.email}, {"role", r.role},
          {"course", r.course}, {"kind", r.kind}, {"state", r.state}, {"due_on", opt(r.due_on)},
          {"submitted_at", opt(r.submitted_at)}, {"reminded_at", opt(r.reminded_at)}};
}

std::string checked_reason(const std::string& reason) {
  const auto r = text::trim(reason);
  if (r.empty()) throw Error(errc::invalid, std::string(msg::invalid_input), {{"reason", {std::string(msg::questionnaire_reason_required)}}});
  if (text::char_count(r) > limits::audit_reason_max || text::has_control(r))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"reason", {std::string(msg::questionnaire_reason_too_long)}}});
  return r;
}

std::optional<std::string> checked_date(const std::optional<std::string>& value, const char* field) {
  if (!value || value->empty()) return std::nullopt;
  if (!parse_date(*value))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{field, {std::string(msg::questionnaire_period_invalid)}}});
  return value;
}

void QuestionnaireService::require_admin(const accounts::Account& actor) const {
  if (actor.role != Role::admin) not_found();
}

bool is_respondent(const accounts::Account& actor) { return actor.role == Role::student || actor.role == Role::graduate; }

void QuestionnaireService::require_respondent(const accounts::Account& actor) const {
  if (!is_respondent(actor)) not_found();
}

std::string QuestionnaireService::associated(const std::string& kind, std::int64_t account_id) const {
  return "questionnaire/" + kind + "/" + std::to_string(account_id);
}

nlohmann::json QuestionnaireService::open(const repo::StoredAnswer& a) const {
  return nlohmann::json::parse(keys_.open_sealed(a.sealed, associated(a.kind, a.account_id)));
}

const Definition& QuestionnaireService::definition(const accounts::Account&, const std::string& kind) const {
  return get(kind);
}

std::vector<KindState> QuestionnaireService::overview(const accounts::Account& actor) {
  std::vector<KindState> out;
  for (const auto& k : kinds()) out.push_back({k, get(k).title, "not_yet", std::nullopt});
  if (actor.role != Role::student && actor.role != Role::graduate) return out;
  repo::StatusQuery q;
  q.state = "all";
  q.account_id = actor.id;
  q.today = format_date(clock_.today());
  q.limit = 10;
  std::int64_t total = 0;
  const auto rows = pool_.autocommit([&](db::Tx& tx) { return repo::status(tx, q, total); });
  for (const auto& r : rows)
    for (auto& s : out)
      if (s.kind == r.kind) {
        s.state = r.state;
        s.submitted_at = r.submitted_at;
      }
  return out;
}

// The account owes `kind` today (the status rule, "Who owes what"): 409 when it answered
// already, 422 when the kind is not due yet (an answer is final and goes to the subsidy's
// report, so one sent too early could not be corrected).
void QuestionnaireService::require_owed(db::Tx& tx, const accounts::Account& actor, const std::string& kind) const {
  repo::StatusQuery q;
  q.kind = kind;
  q.state = "all";
  q.account_id = actor.id;
  q.today = format_date(clock_.today());
  q.limit = 1;
  std::int64_t total = 0;
  const auto rows = repo::status(tx, q, total);
  if (!rows.empty() && rows[0].state == "answered") throw Error(errc::conflict, std::string(msg::questionnaire_already_answered));
  if (rows.empty() || rows[0].state != "owed") throw Error(errc::invalid, std::string(msg::questionnaire_not_due));
}

Checked QuestionnaireService::check(const accounts::Account& actor, const std::string& kind, const nlohmann::json& answer) {
  require_respondent(actor);
  const auto& def = get(kind);
  auto checked = validate(def, answer);
  log_ignored(kind, checked.ignored, actor.id);
  pool_.autocommit([&](db::Tx& tx) { require_owed(tx, actor, kind); });
  return checked;
}

Answer QuestionnaireService::submit(const accounts::Account& actor, const std::string& kind, const nlohmann::json& answer) {
  require_respondent(actor);
  const auto& def = get(kind);
  const auto checked = validate(def, answer);
  log_ignored(kind, checked.ignored, actor.id);
  const auto sealed = keys_.seal(checked.answer.dump(), associated(kind, actor.id));
  Answer out{kind, actor.id, actor.display_name, {}, checked.answer};
  const bool inserted = pool_.transaction([&](db::Tx& tx) {
    require_owed(tx, actor, kind);
    return repo::insert_answer(tx, actor.id, kind, sealed, out.submitted_at);
  });
  if (!inserted) throw Error(errc::conflict, std::string(msg::questionnaire_already_answered));
  spdlog::info("questionnaire {}: account {} submitted", kind, actor.id);
  return out;
}

Answer QuestionnaireService::own_answer(const accounts::Account& actor, const std::string& kind) {
  require_respondent(actor);
  get(kind);
  const auto stored = pool_.autocommit([&](db::Tx& tx) { return repo::find_answer(tx, actor.id, kind); });
  if (!stored) not_found();
  return {kind, actor.id, stored->display_name, stored->submitted_at, open(*stored)};
}

std::vector<Answer> QuestionnaireService::answers_of(db::Tx& tx, std::int64_t account_id) const {
  std::vector<Answer> out;
  for (const auto& kind : kinds())
    if (const auto stored = repo::find_answer(tx, account_id, kind))
      out.push_back({kind, account_id, stored->display_name, stored->submitted_at, open(*stored)});
  return out;
}

Answer QuestionnaireService::read_answer(const accounts::Account& actor, const std::string& kind, std::int64_t account_id,
                                         const std::string& reason) {
  require_admin(actor);
  get(kind);
  const auto why = checked_reason(reason);
  const auto stored = pool_.transaction([&](db::Tx& tx) {
    auto a = repo::find_answer(tx, account_id, kind);
    if (a) audit::record(tx, audit::actor_of(actor), "questionnaire.read", kind + "/" + std::to_string(account_id), why);
    return a;
  });
  if (!stored) not_found();
  return {kind, account_id, stored->display_name, stored->submitted_at, open(*stored)};
}

StatusPage QuestionnaireService::status(const accounts::Account& actor, repo::StatusQuery query, int page, int per) {
  require_admin(actor);
  if (query.kind) get(*query.kind);
  if (query.state != "owed" && query.state != "answered" && query.state != "all")
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"state", {std::string(msg::questionnaire_state_invalid)}}});
  query.account_id = std::nullopt;
  query.today = format_date(clock_.today());
  query.limit = per;
  query.offset = (page - 1) * per;
  StatusPage out;
  out.page = page;
  out.per = per;
  out.items = pool_.autocommit([&](db::Tx& tx) { return repo::status(tx, query, out.total); });
  return out;
}

RemindResult QuestionnaireService::remind(const accounts::Account& actor, const std::string& kind,
                                          std::optional<std::vector<std::int64_t>> ids) {
  require_admin(actor);
  get(kind);
  return pool_.transaction([&](db::Tx& tx) { return remind_in(tx, actor, kind, ids); });
}

RemindResult QuestionnaireService::remind_in(db::Tx& tx, const accounts::Account& actor, const std::string& kind,
                                             std::optional<std::vector<std::int64_t>> ids) {
  const auto& def = get(kind);
  // Who owes it now (every page of the status), then only those asked for.
  repo::StatusQuery q;
  q.kind = kind;
  q.state = "owed";
  q.today = format_date(clock_.today());
  q.limit = 100000;
  std::int64_t total = 0;
  const auto owing = repo::status(tx, q, total);
  std::vector<std::int64_t> wanted;
  std::map<std::int64_t, const repo::StatusRow*> by_id;
  for (const auto& r : owing) by_id[r.account_id] = &r;
  RemindResult out;
  if (ids) {
    for (auto id : *ids)
      if (by_id.count(id)) wanted.push_back(id);
      else ++out.skipped;
  } else {
    for (const auto& r : owing) wanted.push_back(r.account_id);
  }
  const auto marked = repo::mark_reminded(tx, kind, wanted);
  out.skipped += static_cast<int>(wanted.size() - marked.size());
  out.queued = static_cast<int>(marked.size());
  // Who hears of it, and by mail or not, is the dispatcher's (notifications/rules.cpp).
  if (!marked.empty())
    notifications::record_event(tx, notifications::kQuestionnaireReminded,
                                actor.id > 0 ? std::optional<std::int64_t>(actor.id) : std::nullopt,
                                {{"kind", kind}, {"title", def.title}, {"account_ids", marked}});
  return out;
}

std::int64_t QuestionnaireService::export_answers(const accounts::Account& actor, const ExportRequest& request,
                                                  const std::string& path, const Progress& progress) {
  require_admin(actor);
  const auto who = audit::actor_of(actor);
  const auto& def = get(request.kind);
  const auto why = checked_reason(request.reason);
  const auto from = checked_date(request.period.from, "from");
  const auto to = checked_date(request.period.to, "to");
  const repo::Period period{from, to};
  // The audit row commits before any answer is read: there is no export without its row.
  pool_.transaction([&](db::Tx& tx) {
    audit::record(tx, who, "questionnaire.export", request.kind, why,
                  {{"format", extension(request.format)}, {"from", from ? nlohmann::json(*from) : nlohmann::json(nullptr)},
                   {"to", to ? nlohmann::json(*to) : nlohmann::json(nullptr)}});
  });
  constexpr int kPage = 2000;
  // One snapshot for the count and every page (repeatable read): the file is one moment's.
  // Pages are read on this thread and opened and written on another, so that PostgreSQL and
  // the reading of the next page overlap the decrypting, parsing and writing of the last one.
  return pool_.transaction(
      [&](db::Tx& tx) {
        auto writer = make_writer(request.format, def, path);
        const auto total = repo::count_answers(tx, request.kind, period);
        Handoff<std::vector<repo::StoredAnswer>> pages(2);
        std::int64_t written = 0;
        std::exception_ptr failed;
        std::thread consumer([&] {
          try {
            while (const auto page = pages.pop()) {
              for (const auto& a : *page) {
                const auto answer = open(a);
                writer->row({a.account_id, a.display_name, a.email, a.submitted_at, &answer});
              }
              written += static_cast<std::int64_t>(page->size());
              if (progress) progress(written, total);
            }
          } catch (...) {
            failed = std::current_exception();
            pages.stop();
          }
        });
        try {
          std::optional<std::pair<std::string, std::int64_t>> after;
          for (;;) {
            auto page = repo::answers_after(tx, request.kind, period, after, kPage);
            const bool last = static_cast<int>(page.size()) < kPage;
            if (!last) after = std::make_pair(page.back().key_at, page.back().id);
            if (!pages.push(std::move(page)) || last) break;
          }
        } catch (...) {
          pages.stop();
          consumer.join();
          throw;
        }
        pages.close();
        consumer.join();
        if (failed) std::rethrow_exception(failed);
        writer->finish();
        return written;
      },
      db::Isolation::repeatable_read);
}

std::string QuestionnaireService::file_date() const {
  auto d = format_date(clock_.today());
  d.erase(7, 1);
  d.erase(4, 1);
  return d;
}

audit::Page QuestionnaireService::audit_log(const accounts::Account& actor, int page, int per) {
  require_admin(actor);
  return pool_.autocommit([&](db::Tx& tx) { return audit::list(tx, page, per); });
}

KeyRotation QuestionnaireService::rotate_key(const accounts::Account& actor, const Progress& progress) {
  require_admin(actor);
  KeyRotation out;
  out.key_id = keys_.add_key();
  out.resealed = reseal_all(audit::actor_of(actor), progress);
  if (reseal_others) out.others_resealed = reseal_others();
  keys_.drop_all_but_current();
  out.key_file = keys_.path();
  return out;
}

std::int64_t QuestionnaireService::reseal_all(const audit::Actor& who, const Progress& progress) {
  std::int64_t done = 0;
  for (;;) {
    const auto n = pool_.transaction([&](db::Tx& tx) {
      const auto rows = repo::lock_stale(tx, keys_.current_id(), 500);
      for (const auto& a : rows) {
        const auto ad = associated(a.kind, a.account_id);
        repo::reseal(tx, a.id, keys_.seal(keys_.open_sealed(a.sealed, ad), ad));
      }
      return static_cast<std::int64_t>(rows.size());
    });
    done += n;
    if (progress) progress(done, done);
    if (n == 0) break;
  }
  pool_.transaction([&](db::Tx& tx) {
    audit::record(tx, who, "questionnaire.rotate_key", "key " + std::to_string(keys_.current_id()), "鍵の更新",
                  {{"resealed", done}});
  });
  return done;
}

}  // namespace camp::questionnaires
