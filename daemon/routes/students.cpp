// Students (docs/students.md): thin adapters over students::StudentService.
#include "app.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "http/context.hpp"
#include "http/json_body.hpp"
#include "routes/routes.hpp"
#include "tokens/scope.hpp"
#include "students/validation.hpp"

namespace camp::routes {
namespace students_routes {
namespace {

using http::Context;
using http::Response;

Error bad_parameter(const char* name) { return Error(errc::malformed, std::string("query parameter '") + name + "' is not valid"); }

std::optional<std::string> query(const Context& ctx, const char* name) {
  auto v = ctx.request.query_param(name);
  if (v && v->empty()) return std::nullopt;
  return v;
}

std::optional<Date> date_query(const Context& ctx, const char* name) {
  const auto v = query(ctx, name);
  if (!v) return std::nullopt;
  const auto d = students::parse_day(*v);
  if (!d) throw bad_parameter(name);
  return d;
}

Response list(Context& ctx) {
  students::ListParams p;
  p.q = query(ctx, "q").value_or("");
  p.course = query(ctx, "course");
  if (const auto m = query(ctx, "mentor_id")) {
    if (*m == "none") p.unassigned = true;
    else if (m->size() > 18 || m->find_first_not_of("0123456789") != std::string::npos) throw bad_parameter("mentor_id");
    else p.mentor_id = std::stoll(*m);
  }
  p.status = query(ctx, "status");
  p.behind = ctx.flag_query("behind").value_or(false);
  p.started_from = date_query(ctx, "started_from");
  p.started_to = date_query(ctx, "started_to");
  p.sort = query(ctx, "sort").value_or("start_date");
  p.order = query(ctx, "order").value_or("desc");
  const auto paging = ctx.page_params();
  p.page = paging.page;
  p.per = paging.per;
  const auto page = ctx.app.students.list(ctx.me(), p);
  const auto today = ctx.app.students.today();
  auto data = nlohmann::json::array();
  for (const auto& s : page.items) data.push_back(students::to_json(s, today));
  return Response::json(200, {{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}}});
}

Response detail(Context& ctx, const students::Detail& d) {
  return Response::json(200, students::to_json(d, ctx.app.students.today()));
}

Response show(Context& ctx) { return detail(ctx, ctx.app.students.get(ctx.me(), ctx.int_param("id"))); }

Response update(Context& ctx) {
  students::StudentService::require_admin(ctx.me());
  const auto in = http::read_member(ctx.json_body(), "student", [](http::JsonFields& f) {
    return students::StudentInput{f.string("name"), f.string("course"), f.string("start_date"), f.string("status")};
  });
  return detail(ctx, ctx.app.students.update(ctx.me(), ctx.int_param("id"), in));
}

Response assign_mentor(Context& ctx) {
  students::StudentService::require_admin(ctx.me());
  const auto mentor_id = http::read_member(ctx.json_body(), "student", [](http::JsonFields& f) {
    return f.required_integer("mentor_id", http::kIds64, msg::mentor_required);
  });
  return detail(ctx, ctx.app.students.assign_mentor(ctx.me(), ctx.int_param("id"), mentor_id));
}

// {"mentoring":{"held_at","body"}}: strings; null reads as missing.
students::MentoringInput mentoring_input(const nlohmann::json& body, bool create) {
  return http::read_member(body, "mentoring", [create](http::JsonFields& f) {
    students::MentoringInput in;
    auto text = [&](const char* name) -> std::optional<std::string> {
      const auto* raw = f.raw(name);
      if (!raw) return create ? std::optional<std::string>("") : std::nullopt;
      if (raw->is_null()) return std::string();
      return f.string(name).value_or("");
    };
    in.held_at = text("held_at");
    in.body = text("body");
    return in;
  });
}

Response mentorings(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& m : ctx.app.students.mentorings(ctx.me(), ctx.int_param("id"))) data.push_back(students::to_json(m));
  return Response::json(200, {{"data", data}});
}

Response add_mentoring(Context& ctx) {
  const auto id = ctx.int_param("id");
  students::StudentService::require_staff(ctx.me());  // who may, before reading the body
  const auto m = ctx.app.students.add_mentoring(ctx.me(), id, mentoring_input(ctx.json_body(), true));
  return Response::json(201, students::to_json(m));
}

Response edit_mentoring(Context& ctx) {
  students::StudentService::require_staff(ctx.me());
  const auto m = ctx.app.students.edit_mentoring(ctx.me(), ctx.int_param("id"), ctx.int_param("mid"),
                                                 mentoring_input(ctx.json_body(), false));
  return Response::json(200, students::to_json(m));
}

Response delete_mentoring(Context& ctx) {
  ctx.app.students.delete_mentoring(ctx.me(), ctx.int_param("id"), ctx.int_param("mid"));
  return Response::no_content();
}

Response gantt(Context& ctx) { return Response::json(200, students::to_json(ctx.app.students.gantt(ctx.me(), ctx.int_param("id")))); }

Response submissions(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& s : ctx.app.students.submissions(ctx.me(), ctx.int_param("id"))) data.push_back(students::to_json(s));
  return Response::json(200, {{"data", data}});
}

Response questions(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& q : ctx.app.students.questions(ctx.me(), ctx.int_param("id"))) data.push_back(students::to_json(q));
  return Response::json(200, {{"data", data}});
}

Response mentors(Context& ctx) {
  auto data = nlohmann::json::array();
  for (const auto& p : ctx.app.students.mentors(ctx.me())) data.push_back(students::to_json(p));
  return Response::json(200, {{"data", data}});
}

Response dashboard(Context& ctx) { return Response::json(200, ctx.app.dashboards.dashboard(ctx.me())); }
// Who may, before reading the query: a mentor learns nothing from a 400.
Response trends(Context& ctx) {
  if (ctx.me().role != accounts::Role::admin) throw Error(errc::not_found, std::string(msg::not_found));
  return Response::json(200, ctx.app.dashboards.trends(ctx.me(), ctx.bounded_query("weeks", 12, limits::dashboard_trend_weeks_max)));
}
Response mypage(Context& ctx) { return Response::json(200, ctx.app.dashboards.mypage(ctx.me())); }

// Raw CSV (text/csv); ?dry_run=true previews. Rows with errors: 422 with the report.
Response import_students(Context& ctx) {
  students::ImportOptions options;
  options.dry_run = ctx.flag_query("dry_run").value_or(options.dry_run);
  // Who may, before looking at the body.
  if (ctx.me().role != accounts::Role::admin) throw Error(errc::not_found, std::string(msg::not_found));
  const auto type = ctx.request.header("content-type").value_or("");
  const auto base = type.substr(0, type.find(';'));
  if (base != "text/csv" && base != "application/octet-stream")
    throw Error(errc::unsupported_media_type, std::string(msg::student_import_type));
  const auto report = ctx.app.student_imports.run(ctx.me(), ctx.request.body, options);
  if (!report.errors.empty()) {
    nlohmann::json body = {{"error",
                            {{"status", 422},
                             {"code", "invalid"},
                             {"message", std::string(msg::student_import_rows_invalid)},
                             {"fields", nlohmann::json::object()},
                             {"request_id", ctx.request.request_id}}},
                           {"report", students::to_json(report)}};
    return Response::json(422, body);
  }
  return Response::json(200, students::to_json(report));
}

// The CSV to start from (admins; 404 for everyone else, like the import).
Response import_template(Context& ctx) {
  if (ctx.me().role != accounts::Role::admin) throw Error(errc::not_found, std::string(msg::not_found));
  Response r;
  r.body = students::import_template();
  r.header("Content-Type", "text/csv; charset=utf-8");
  r.header("Content-Disposition", "attachment; filename=\"students-template.csv\"");
  return r;
}

}  // namespace
}  // namespace students_routes

void add_students(http::Router& r) {
  http::WriteScope writes(r, tokens::kStudentsWrite);
  using namespace students_routes;
  using http::Access;
  r.add({"GET", "/api/v1/students", Access::logged_in, list});
  r.add({"GET", "/api/v1/students/{id:int}", Access::logged_in, show});
  r.add({"PATCH", "/api/v1/students/{id:int}", Access::logged_in, update});
  r.add({"PATCH", "/api/v1/students/{id:int}/mentor", Access::logged_in, assign_mentor});
  r.add({"GET", "/api/v1/students/{id:int}/mentorings", Access::logged_in, mentorings});
  r.add({"POST", "/api/v1/students/{id:int}/mentorings", Access::logged_in, add_mentoring});
  r.add({"PATCH", "/api/v1/students/{id:int}/mentorings/{mid:int}", Access::logged_in, edit_mentoring});
  r.add({"DELETE", "/api/v1/students/{id:int}/mentorings/{mid:int}", Access::logged_in, delete_mentoring});
  r.add({"GET", "/api/v1/students/{id:int}/gantt", Access::logged_in, gantt});
  r.add({"GET", "/api/v1/students/{id:int}/submissions", Access::logged_in, submissions});
  r.add({"GET", "/api/v1/students/{id:int}/questions", Access::logged_in, questions});
  r.add({"GET", "/api/v1/mentors", Access::logged_in, mentors});
  r.add({"GET", "/api/v1/dashboard", Access::logged_in, dashboard});
  r.add({"GET", "/api/v1/dashboard/trends", Access::logged_in, trends});
  r.add({"GET", "/api/v1/mypage", Access::logged_in, mypage});
  r.add({"POST", "/api/v1/student_imports", Access::logged_in, import_students});
  r.add({"GET", "/api/v1/student_imports/template", Access::logged_in, import_template});
}

}  // namespace camp::routes
