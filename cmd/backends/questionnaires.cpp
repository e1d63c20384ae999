#include "backends/questionnaires.hpp"

#include <filesystem>
#include <fstream>

#include "app/services.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "core/random.hpp"

namespace camp::cli {
namespace questionnaires_backend_impl {
namespace {

using accounts::Account;
using nlohmann::json;

class Local final : public QuestionnairesBackend {
 public:
  explicit Local(Context& ctx) : s_(ctx.services().questionnaires) {}
  json export_answers(const questionnaires::ExportRequest& req, const std::optional<std::string>& out,
                      const remote::Progress& progress) override {
    const auto path = out.value_or("questionnaire-" + req.kind + "-" + s_.file_date() + "." + questionnaires::extension(req.format));
    questionnaires::Progress rows_done;
    if (progress) rows_done = [progress](std::int64_t done, std::int64_t total) { progress(done, total); };
    return {{"rows", s_.export_answers(Account::system(), req, path, rows_done)}, {"file", path}};
  }
  json status(const questionnaires::repo::StatusQuery& q, int page, int per) override {
    const auto p = s_.status(Account::system(), q, page, per);
    auto data = json::array();
    for (const auto& r : p.items) data.push_back(questionnaires::to_json(r));
    return {{"data", data}, {"meta", {{"page", p.page}, {"per", p.per}, {"total", p.total}}}};
  }
  json remind(const std::string& kind, const std::optional<std::vector<std::int64_t>>& ids) override {
    const auto r = s_.remind(Account::system(), kind, ids);
    return {{"queued", r.queued}, {"skipped", r.skipped}};
  }

 private:
  questionnaires::QuestionnaireService& s_;
};

// The file name of a Content-Disposition: attachment; filename="...".
std::string attachment_name(const remote::HttpResponse& r) {
  const auto it = r.headers.find("content-disposition");
  const auto at = it == r.headers.end() ? std::string::npos : it->second.find("filename=\"");
  if (at == std::string::npos) throw Error(errc::internal, "the server named no file for the export");
  const auto start = at + 10;
  return std::filesystem::path(it->second.substr(start, it->second.find('"', start) - start)).filename().string();
}

class Remote final : public QuestionnairesBackend {
 public:
  explicit Remote(remote::HttpClient& api) : api_(api) {}
  json export_answers(const questionnaires::ExportRequest& req, const std::optional<std::string>& out,
                      const remote::Progress& progress) override {
    std::string path = "/api/v1/questionnaires/" + remote::url_encode(req.kind) + "/export?format=" +
                       questionnaires::extension(req.format) + "&reason=" + remote::url_encode(req.reason);
    if (req.period.from) path += "&from=" + remote::url_encode(*req.period.from);
    if (req.period.to) path += "&to=" + remote::url_encode(*req.period.to);
    // Streamed beside its destination, renamed once whole: never half a file under its name.
    const auto partial = std::filesystem::path(out.value_or("x")).parent_path() / (".camp-export-" + random_hex(4) + ".partial");
    std::ofstream file(partial, std::ios::binary);
    if (!file) throw Error(errc::not_found, "cannot write " + partial.string());
    const auto r = api_.send("GET", path, {}, {}, progress, &file);
    file.close();
    if (r.status != 200) {
      std::filesystem::remove(partial);
      remote::throw_api_error(r, true);
    }
    const auto target = out.value_or(attachment_name(r));
    std::filesystem::rename(partial, target);
    const auto rows = r.headers.find("x-export-rows");
    return {{"rows", rows == r.headers.end() ? 0 : std::stoll(rows->second)}, {"file", target}};
  }
  json status(const questionnaires::repo::StatusQuery& q, int page, int per) override {
    std::string path = "/api/v1/questionnaires/status?state=" + remote::url_encode(q.state) + "&page=" + std::to_string(page) +
                       "&per=" + std::to_string(per);
    if (q.kind) path += "&kind=" + remote::url_encode(*q.kind);
    if (!q.q.empty()) path += "&q=" + remote::url_encode(q.q);
    return api_.get(path);
  }
  json remind(const std::string& kind, const std::optional<std::vector<std::int64_t>>& ids) override {
    json reminder = {{"kind", kind}};
    if (ids) reminder["account_ids"] = *ids;
    return api_.write("POST", "/api/v1/questionnaires/reminders", {{"reminder", reminder}});
  }

 private:
  remote::HttpClient& api_;
};

}  // namespace
}  // namespace questionnaires_backend_impl

std::unique_ptr<QuestionnairesBackend> questionnaires_backend(Context& ctx) {
  using namespace questionnaires_backend_impl;
  if (auto* api = ctx.api()) return std::make_unique<Remote>(*api);
  return std::make_unique<Local>(ctx);
}

}  // namespace camp::cli
