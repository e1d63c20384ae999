// Subsidy questionnaires (docs/questionnaires.md): the
// definition the web form is rendered from, the student's validate / submit / own answer, and
// the admins' status, reminders, one answer, export and the audit log. Thin: lib decides.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "app.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"
#include "tokens/scope.hpp"

namespace camp::routes {
namespace questionnaires_routes {
namespace {

using http::Context;
using http::Response;

std::string kind_of(const Context& ctx) {
  const auto kind = ctx.request.params.at("kind");
  questionnaires::get(kind);  // 404 for an unknown kind
  return kind;
}

// {"answer":{...}}: anything else is a 400; the fields are judged by the definition.
nlohmann::json answer_of(const Context& ctx) {
  const auto body = ctx.json_body();
  const auto it = body.is_object() ? body.find("answer") : body.end();
  if (!body.is_object() || it == body.end() || !it->is_object())
    throw Error(errc::malformed, "body must be {\"answer\":{...}}");
  return *it;
}

Response definition(Context& ctx) {
  return Response::json(200, questionnaires::to_json(ctx.app.questionnaires.definition(ctx.me(), kind_of(ctx))));
}

Response overview(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& s : ctx.app.questionnaires.overview(ctx.me()))
    data.push_back({{"kind", s.kind}, {"title", s.title}, {"state", s.state},
                    {"submitted_at", s.submitted_at ? nlohmann::json(*s.submitted_at) : nlohmann::json(nullptr)}});
  return Response::json(200, {{"data", data}});
}

Response validation(Context& ctx) {
  const auto kind = kind_of(ctx);
  const auto checked = ctx.app.questionnaires.check(ctx.me(), kind, answer_of(ctx));
  return Response::json(200, {{"answer", checked.answer}, {"ignored_fields", checked.ignored}});
}

Response submit(Context& ctx) {
  const auto kind = kind_of(ctx);
  return Response::json(201, questionnaires::to_json(ctx.app.questionnaires.submit(ctx.me(), kind, answer_of(ctx))));
}

Response own_answer(Context& ctx) {
  return Response::json(200, questionnaires::to_json(ctx.app.questionnaires.own_answer(ctx.me(), kind_of(ctx))));
}

Response read_answer(Context& ctx) {
  const auto kind = kind_of(ctx);
  const auto answer = ctx.app.questionnaires.read_answer(ctx.me(), kind, ctx.int_param("account_id"),
                                                         ctx.request.query_param("reason").value_or(""));
  return Response::json(200, questionnaires::to_json(answer));
}

Response status(Context& ctx) {
  questionnaires::repo::StatusQuery q;
  if (auto k = ctx.request.query_param("kind"); k && !k->empty()) q.kind = *k;
  q.state = ctx.request.query_param("state").value_or("owed");
  if (q.state.empty()) q.state = "owed";
  q.q = ctx.request.query_param("q").value_or("");
  if (q.q.size() > limits::questionnaire_search_max) q.q.resize(limits::questionnaire_search_max);
  const auto paging = ctx.page_params();
  const auto page = ctx.app.questionnaires.status(ctx.me(), q, paging.page, paging.per);
  auto data = nlohmann::json::array();
  for (const auto& r : page.items) data.push_back(questionnaires::to_json(r));
  return Response::json(200, {{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}}});
}

// {"reminder":{"kind":"...","account_ids":[1,2]}}
Response remind(Context& ctx) {
  struct Input {
    std::string kind;
    std::optional<std::vector<std::int64_t>> ids;
  };
  const auto body = ctx.json_body();
  const auto in = http::read_member(body, "reminder", [](http::JsonFields& f) {
    return Input{f.required_string("kind", msg::questionnaire_kind_required), std::nullopt};
  });
  Input input = in;
  const auto& r = body["reminder"];
  if (r.contains("account_ids") && !r["account_ids"].is_null()) {
    const auto& ids = r["account_ids"];
    FieldErrors bad{{"account_ids", {std::string(msg::integer_required)}}};
    if (!ids.is_array() || ids.size() > limits::reminder_accounts_max) throw Error(errc::invalid, std::string(msg::invalid_input), bad);
    input.ids.emplace();
    for (const auto& id : ids) {
      if (!id.is_number_integer() || id.get<std::int64_t>() < 1 ||
          (id.is_number_unsigned() && id.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
        throw Error(errc::invalid, std::string(msg::invalid_input), bad);
      input.ids->push_back(id.get<std::int64_t>());
    }
  }
  if (!questionnaires::known_kind(input.kind))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"kind", {std::string(msg::questionnaire_kind_required)}}});
  const auto result = ctx.app.questionnaires.remind(ctx.me(), input.kind, input.ids);
  return Response::json(202, {{"queued", result.queued}, {"skipped", result.skipped}});
}

// The file is written to a temporary file, unlinked once open, and sent with sendfile: memory
// stays flat however many rows there are. Its directory is a private (0700) one of its own
// under TMPDIR (the unit's PrivateTmp), not data_dir: a daemon keeps no state on its disk.
Response export_file(Context& ctx) {
  if (ctx.me().role != accounts::Role::admin) throw Error(errc::not_found, std::string(msg::not_found));
  questionnaires::ExportRequest req;
  req.kind = kind_of(ctx);
  req.format = questionnaires::parse_format(ctx.request.query_param("format").value_or("csv"));
  req.period.from = ctx.request.query_param("from");
  req.period.to = ctx.request.query_param("to");
  req.reason = ctx.request.query_param("reason").value_or("");
  std::string dir = (std::filesystem::temp_directory_path() / "camp-export-XXXXXX").string();
  if (!::mkdtemp(dir.data())) throw Error(errc::internal, "cannot create a temporary directory for the export");
  const auto path = dir + "/export." + questionnaires::extension(req.format);
  struct Unlink {
    std::string dir, path;
    ~Unlink() {
      ::unlink(path.c_str());
      ::rmdir(dir.c_str());
    }
  } cleanup{dir, path};
  const auto rows = ctx.app.questionnaires.export_answers(ctx.me(), req, path);
  http::UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) throw Error(errc::internal, "cannot reopen the export " + path);
  Response r;
  r.header("Content-Type", questionnaires::content_type(req.format));
  r.header("Content-Disposition", "attachment; filename=\"questionnaire-" + req.kind + "-" + ctx.app.questionnaires.file_date() + "." +
                                      questionnaires::extension(req.format) + "\"");
  r.header("X-Export-Rows", std::to_string(rows));
  r.file = std::move(fd);
  return r;
}

Response audit_logs(Context& ctx) {
  const auto paging = ctx.page_params();
  const auto page = ctx.app.questionnaires.audit_log(ctx.me(), paging.page, paging.per);
  auto data = nlohmann::json::array();
  for (const auto& e : page.items) data.push_back(questionnaires::audit::to_json(e));
  return Response::json(200, {{"data", data}, {"meta", {{"page", paging.page}, {"per", paging.per}, {"total", page.total}}}});
}

}  // namespace
}  // namespace questionnaires_routes

void add_questionnaires(http::Router& r) {
  using namespace questionnaires_routes;
  using http::Access;
  r.add({"GET", "/api/v1/questionnaires", Access::logged_in, overview});
  // Personal data for a token: questionnaires:export, each use audited (docs/tokens.md).
  const auto personal = tokens::kQuestionnairesExport;
  r.add(http::needs_scope({"GET", "/api/v1/questionnaires/status", Access::logged_in, status}, personal));
  r.add(http::needs_scope({"POST", "/api/v1/questionnaires/reminders", Access::logged_in, remind},
                          tokens::kQuestionnairesWrite));
  r.add({"GET", "/api/v1/questionnaires/{kind}/definition", Access::logged_in, definition});
  r.add({"POST", "/api/v1/questionnaires/{kind}/validation", Access::logged_in, validation});
  r.add(http::needs_scope({"GET", "/api/v1/questionnaires/{kind}/answer", Access::logged_in, own_answer}, personal));
  // An Idempotency-Key retry reads the answer back from its sealed row: the key's record keeps
  // no copy (docs/questionnaires.md "Personal data").
  r.add({"POST", "/api/v1/questionnaires/{kind}/answer", Access::logged_in, submit, http::Lane::fast,
         http::BodyLimit::json, own_answer});
  r.add(http::needs_scope(
      {"GET", "/api/v1/questionnaires/{kind}/answers/{account_id:int}", Access::logged_in, read_answer}, personal));
  r.add(http::needs_scope({"GET", "/api/v1/questionnaires/{kind}/export", Access::logged_in, export_file}, personal));
  r.add(http::needs_scope({"GET", "/api/v1/audit_logs", Access::logged_in, audit_logs}, personal));
}

}  // namespace camp::routes
