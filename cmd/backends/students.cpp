#include "backends/students.hpp"

#include <limits>

#include "app/services.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "students/import.hpp"

namespace camp::cli {
namespace students_backend_impl {
namespace {

using accounts::Account;
using nlohmann::json;

class Local final : public StudentsBackend {
 public:
  explicit Local(Context& ctx) : ctx_(ctx), s_(ctx.services().students) {}
  json import(const std::string& csv, bool dry_run, const remote::Progress& progress) override {
    s_.sync_plans();
    students::ImportOptions options{.dry_run = dry_run};
    if (progress) options.progress = progress;
    return students::to_json(ctx_.services().student_imports.run(Account::system(), csv, options));
  }
  json list(const students::ListParams& p) override {
    const auto page = s_.list(Account::system(), p);
    const auto today = s_.today();
    auto data = json::array();
    for (const auto& s : page.items) data.push_back(students::to_json(s, today));
    return {{"data", data}, {"meta", {{"page", page.page}, {"per", page.per}, {"total", page.total}}}};
  }
  json show(const std::string& student) override { return students::to_json(s_.find(Account::system(), student), s_.today()); }
  json assign_mentor(const std::string& student, const std::string& mentor) override {
    return students::to_json(s_.assign_mentor(Account::system(), student, mentor), s_.today());
  }

 private:
  Context& ctx_;
  students::StudentService& s_;
};

bool is_id(const std::string& key) {
  return !key.empty() && key.size() <= 18 && key.find_first_not_of("0123456789") == std::string::npos;
}

class Remote final : public StudentsBackend {
 public:
  explicit Remote(remote::HttpClient& api) : api_(api) {}
  json import(const std::string& csv, bool dry_run, const remote::Progress& progress) override {
    const auto r = api_.send("POST", std::string("/api/v1/student_imports") + (dry_run ? "?dry_run=true" : ""), csv,
                             "text/csv", progress);
    if (r.status == 200) return json::parse(r.body);
    // Invalid rows: a 422 that carries the report, as the local side returns it.
    const auto body = json::parse(r.body, nullptr, false);
    if (r.status == 422 && body.is_object() && body.contains("report")) return body["report"];
    remote::throw_api_error(r, true);
  }
  json list(const students::ListParams& p) override {
    std::string q = "/api/v1/students?page=" + std::to_string(p.page) + "&per=" + std::to_string(p.per);
    if (!p.q.empty()) q += "&q=" + remote::url_encode(p.q);
    if (p.course) q += "&course=" + remote::url_encode(*p.course);
    if (p.status) q += "&status=" + remote::url_encode(*p.status);
    if (p.mentor_id) q += "&mentor_id=" + std::to_string(*p.mentor_id);
    if (p.behind) q += "&behind=true";
    return api_.get(q);
  }
  json show(const std::string& student) override { return api_.get("/api/v1/students/" + student_id(student)); }
  json assign_mentor(const std::string& student, const std::string& mentor) override {
    const auto path = "/api/v1/students/" + student_id(student) + "/mentor";
    return api_.write("PATCH", path, {{"student", {{"mentor_id", mentor_id(mentor)}}}});
  }

 private:
  // The API names students by id: an e-mail is looked up among the search's matches.
  std::string student_id(const std::string& key) {
    if (is_id(key)) return key;
    const auto found = api_.get("/api/v1/students?per=100&q=" + remote::url_encode(key));
    for (const auto& s : found["data"])
      if (s["email"] == key) return std::to_string(s["id"].get<std::int64_t>());
    throw Error(errc::not_found, std::string(msg::not_found));
  }
  // An e-mail without an account becomes an id no account has: the API then says "not a
  // mentor", as the local side does.
  std::int64_t mentor_id(const std::string& key) {
    if (is_id(key)) return std::stoll(key);
    const auto found = api_.get("/api/v1/accounts?email=" + remote::url_encode(key))["data"];
    return found.empty() ? std::numeric_limits<std::int64_t>::max() : found[0]["id"].get<std::int64_t>();
  }
  remote::HttpClient& api_;
};

}  // namespace
}  // namespace students_backend_impl

std::unique_ptr<StudentsBackend> students_backend(Context& ctx) {
  using namespace students_backend_impl;
  if (auto* api = ctx.api()) return std::make_unique<Remote>(*api);
  return std::make_unique<Local>(ctx);
}

}  // namespace camp::cli
