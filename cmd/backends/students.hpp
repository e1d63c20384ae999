#pragma once
// What `camp students` does, answered as the API answers it: in-process through
// students::StudentService as the system actor, or over HTTP in remote mode.
#include <nlohmann/json.hpp>

#include <memory>
#include <string>

#include "remote/http_client.hpp"
#include "students/service.hpp"

namespace camp::cli {

class Context;

class StudentsBackend {
 public:
  virtual ~StudentsBackend() = default;
  // The import's report (students::to_json), with its errors when rows are invalid (nothing
  // written then). `progress`: rows done locally, bytes sent remotely.
  virtual nlohmann::json import(const std::string& csv, bool dry_run, const remote::Progress& progress) = 0;
  virtual nlohmann::json list(const students::ListParams& p) = 0;  // {"data":[...],"meta":{...}}
  // STUDENT and MENTOR: an id or an e-mail.
  virtual nlohmann::json show(const std::string& student) = 0;
  virtual nlohmann::json assign_mentor(const std::string& student, const std::string& mentor) = 0;
};

std::unique_ptr<StudentsBackend> students_backend(Context& ctx);

}  // namespace camp::cli
