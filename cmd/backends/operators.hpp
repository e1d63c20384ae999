#pragma once
// The operators' reads and the fixture import, answered as the API answers them: `camp mail
// list` (GET /api/v1/mails), `submissions list` (GET /api/v1/submissions/recent), `reviews
// stats` (GET /api/v1/review_stats) and `db seed FILE.yaml` (POST /api/v1/seeds). In-process as
// the system actor, or over HTTP in remote mode.
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>

#include "mail/model.hpp"

namespace camp::cli {

class Context;

class OperatorsBackend {
 public:
  virtual ~OperatorsBackend() = default;
  virtual nlohmann::json mails(std::optional<mail::Status> status, int limit) = 0;           // {"data":[...]}
  virtual nlohmann::json submissions(bool waiting, int limit) = 0;                           // {"data":[...]}
  virtual nlohmann::json review_stats(const std::optional<std::string>& since) = 0;          // {"data":[...]}
  // Every mistake of the file named FILE:LINE:COLUMN before anything is written; per section
  // {"created","updated","unchanged"}.
  virtual nlohmann::json seed(const std::string& file) = 0;
};

std::unique_ptr<OperatorsBackend> operators_backend(Context& ctx);

}  // namespace camp::cli
