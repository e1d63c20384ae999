#pragma once
// `camp questionnaires export|status|remind`, answered as the API answers them: in-process as
// the system actor, or over HTTP in remote mode.
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "questionnaires/service.hpp"
#include "remote/http_client.hpp"

namespace camp::cli {

class Context;

class QuestionnairesBackend {
 public:
  virtual ~QuestionnairesBackend() = default;
  // Writes the file to `out`, else to the export's own name in the current folder; answers
  // {"rows","file"}. `progress`: rows written locally, bytes received remotely.
  virtual nlohmann::json export_answers(const questionnaires::ExportRequest& req, const std::optional<std::string>& out,
                                        const remote::Progress& progress) = 0;
  virtual nlohmann::json status(const questionnaires::repo::StatusQuery& q, int page, int per) = 0;  // {"data","meta"}
  virtual nlohmann::json remind(const std::string& kind, const std::optional<std::vector<std::int64_t>>& ids) = 0;
};

std::unique_ptr<QuestionnairesBackend> questionnaires_backend(Context& ctx);

}  // namespace camp::cli
