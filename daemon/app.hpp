#pragma once
// Everything a request needs, wired once at start-up, and the chain every request takes:
// route -> authenticate -> handler -> errors -> standard headers. No RESTinio in here.
#include <functional>
#include <memory>

#include "accounts/invitations.hpp"
#include "accounts/password_resets.hpp"
#include "accounts/service.hpp"
#include "accounts/sessions.hpp"
#include "core/config.hpp"
#include "db/idempotency.hpp"
#include "db/pool.hpp"
#include "files/uploads.hpp"
#include "mail/preferences.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"
#include "curriculum/service.hpp"
#include "milestones/service.hpp"
#include "reviews/service.hpp"
#include "events/service.hpp"
#include "students/dashboard.hpp"
#include "students/import.hpp"
#include "students/service.hpp"
#include "ai_chat/engine.hpp"
#include "questionnaires/service.hpp"
#include "http/router.hpp"
#include "metrics.hpp"

namespace camp {

struct App {
  static constexpr std::size_t kExtraConnections = 4;

  App(Config config, const std::string& database_url);

  // Which pool the request should run on (decided on the I/O thread, cheaply).
  http::Lane lane_for(http::Request& request) const;
  http::Response handle(http::Request& request);
  bool draining() const { return draining_.load(); }
  void start_draining() { draining_ = true; }

  Config config;
  std::string jwt_secret;  // from the config, or data_dir/jwt_secret (never logged)
  db::Pool pool;
  db::IdempotencySeal idempotency_seal;  // Idempotency-Key records: keyed fingerprints, sealed answers
  accounts::SessionCache session_cache;
  accounts::AccountService accounts;
  accounts::SessionService sessions;
  mail::UnsubscribeLinks unsubscribe_links;
  files::UploadService uploads;
  questions::QuestionCategoryService categories;
  questions::QuestionListCache question_lists;  // hot list pages, invalidated by the listener
  questions::QuestionService questions;
  accounts::PasswordResetService password_resets;
  accounts::InvitationService invitations;
  curriculum::CurriculumService curriculums;
  milestones::MilestoneService milestones;
  reviews::ReviewService reviews;
  events::EventService events;
  students::StudentService students;
  ::camp::students::DashboardService dashboards;
  ::camp::students::StudentImport student_imports;
  ai_chat::AiChatEngine ai_chat;  // its provider worker and answer writer (docs/ai-chat.md)
  questionnaires::Keyring questionnaire_keys;  // config.questionnaire_key_file()
  questionnaires::QuestionnaireService questionnaires;
  http::Router router;
  Metrics metrics;
  // Set by the server once /cable runs (reported in /metrics).
  std::function<std::size_t()> cable_connections = [] { return std::size_t{0}; };

 private:
  http::Response dispatch(http::Request& request, std::size_t& metric_slot);
  void check_body_size(const http::Request& request, http::BodyLimit limit) const;

 public:
  // The upload route takes bodies up to twice uploads.max_bytes, so that an ordinary
  // oversized photo reaches the handler and gets its 413 with the Japanese message; past this
  // RESTinio closes the connection as soon as it reads Content-Length (daemon/server.cpp).
  std::size_t upload_body_limit() const { return 2 * config.upload_max_bytes; }
  std::atomic<bool> draining_{false};
};

// Adds the headers every response carries (request id, security policy).
void add_standard_headers(http::Response& response, const std::string& request_id);

}  // namespace camp
