#pragma once
// Every use case of camp, wired once for both programs: `campd` builds one Services at start
// (daemon/app.hpp), `camp` one per run (cmd/context.hpp), over their own config and pool. A new
// service is added here and nowhere else. The work the daemon alone runs (its AI chat engine,
// the router, metrics, timers) stays in the daemon.
#include <string>

#include "accounts/invitations.hpp"
#include "accounts/password_resets.hpp"
#include "accounts/service.hpp"
#include "accounts/session_cache.hpp"
#include "accounts/sessions.hpp"
#include "accounts/two_factor.hpp"
#include "core/clock.hpp"
#include "core/config.hpp"
#include "curriculum/service.hpp"
#include "db/idempotency.hpp"
#include "db/pool.hpp"
#include "events/service.hpp"
#include "files/uploads.hpp"
#include "mail/outbox_service.hpp"
#include "mail/preferences.hpp"
#include "mail/waiting.hpp"
#include "milestones/service.hpp"
#include "notifications/mentionables.hpp"
#include "notifications/service.hpp"
#include "privacy/anonymise.hpp"
#include "privacy/data_export.hpp"
#include "questionnaires/keyring.hpp"
#include "questionnaires/service.hpp"
#include "questions/question_categories.hpp"
#include "questions/question_list_cache.hpp"
#include "questions/service.hpp"
#include "reviews/service.hpp"
#include "students/dashboard.hpp"
#include "students/import.hpp"
#include "students/service.hpp"
#include "tokens/service.hpp"

namespace camp::app {

// The daemon keeps caches that its NOTIFY listener invalidates; a CLI run keeps none (its
// writes reach the daemons through the notifications the same statements send).
enum class Caches { daemon, none };

class Services {
 public:
  // `config` and `pool` must outlive the services. Reads (or creates) the JWT secret and the
  // questionnaire key file, so an unusable one stops the program here.
  Services(const Config& config, db::Pool& pool, Caches caches, const Clock& clock = system_clock());
  Services(const Services&) = delete;
  Services& operator=(const Services&) = delete;

 private:
  std::string jwt_secret_;  // the config's, or data_dir/jwt_secret (never logged)

 public:
  db::IdempotencySeal idempotency_seal;  // Idempotency-Key records: keyed fingerprints, sealed answers
  accounts::SessionCache session_cache;          // fed by the daemon's listener
  questions::QuestionListCache question_lists;  // hot list pages, likewise
  curriculum::CurriculumCache curriculum_content;  // the curriculum tree, likewise
  files::UploadCache upload_cache;                 // served uploads, likewise
  accounts::AccountService accounts;
  accounts::SessionService sessions;
  mail::UnsubscribeLinks unsubscribe_links;
  mail::OutboxService mail_outbox;
  mail::WaitingMail waiting_mail;  // the mentor digest and question reminders
  files::UploadService uploads;
  questions::QuestionCategoryService categories;
  questions::QuestionService questions;
  accounts::PasswordResetService password_resets;
  accounts::InvitationService invitations;
  curriculum::CurriculumService curriculums;
  milestones::MilestoneService milestones;
  reviews::ReviewService reviews;
  events::EventService events;
  students::StudentService students;
  students::DashboardService dashboards;
  students::StudentImport student_imports;
  questionnaires::Keyring questionnaire_keys;  // config.questionnaire_key_file()
  questionnaires::QuestionnaireService questionnaires;
  accounts::TwoFactorService two_factor;  // its secrets sealed with questionnaire_keys
  tokens::TokenService tokens;  // personal access tokens
  notifications::NotificationService notifications;
  notifications::MentionService mentions;  // whom a writer may mention
  privacy::AnonymisationService anonymisations;  // deletion requests
  privacy::DataExportService data_exports;  // "My data" (the daemon's privacy::DataExportWorker builds them)
};

}  // namespace camp::app
